// Alerts (issue 13): the provider's announcements under /api/admin/alert (provider administrators) and
// the banner of current alerts under /api/alert (district users). validate → authorize → call → present.
import { Router } from 'express';
import { ALERT_MESSAGES, ALERT_ROLES, alertAudienceQuerySchema, alertListQuerySchema, alertPayloadSchema } from '../../../common/schemas/alerts';
import type { AlertAudienceOptionsAnswer } from '../../../common/schemas/answers/alerts';
import { ROLE_LABELS } from '../../../common/schemas/users';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import type { Deps } from '../../deps';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { alertManager, alertReader, refuseDismissWhileImpersonating } from './policies';
import { type AlertContext, presentAdminAlert, presentCurrentAlert } from './presenter';
import {
  type AlertRow, currentAlertsFor, dismissalCounts, districtsById, listAlerts, namesOfUsers, plansByKey, searchDistricts, targetsOf,
} from './queries';
import { createAlert, deleteAlert, dismissAlert, requireAlert, updateAlert } from './service';

/** The labels, counts and names the admin shapes of these alerts need, read in a few queries. */
async function contextFor(db: DB, rows: AlertRow[]): Promise<AlertContext> {
  const ids = rows.map((r) => r.id);
  const targets = await targetsOf(db, ids);
  const districtIds = rows.filter((r) => r.audience === 'districts').flatMap((r) => (targets.get(r.id) ?? []).map((t) => Number(t.value)));
  const people = [...new Set(rows.flatMap((r) => [r.created_by, r.updated_by]).filter((id): id is number => id !== null))];
  return {
    now: nowIso(),
    targets,
    plans: new Map((await plansByKey(db)).map((p) => [p.key, p.name])),
    districts: new Map((await districtsById(db, [...new Set(districtIds)])).map((d) => [d.id, d.name])),
    dismissals: await dismissalCounts(db, ids),
    names: await namesOfUsers(db, people),
  };
}

export function alertRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  const answerAlert = async (id: number) => {
    const row = await requireAlert(db, id);
    return presentAdminAlert(row, await contextFor(db, [row]));
  };

  router.get('/admin/alert', async (req, res) => {
    alertManager(req);
    const page = parsePage(req.query);
    const query = validate(alertListQuerySchema, req.query);
    const { rows, total } = await listAlerts(db, { search: query.search, level: query.filter.level, state: query.filter.state, now: nowIso() }, page);
    const ctx = await contextFor(db, rows);
    res.json({ data: rows.map((r) => presentAdminAlert(r, ctx)), meta: pageMeta(page.page, page.perPage, total) });
  });

  router.get('/admin/alert-audience', async (req, res) => {
    alertManager(req);
    const { search } = validate(alertAudienceQuerySchema, req.query);
    const answer: AlertAudienceOptionsAnswer = {
      plans: await plansByKey(db),
      roles: ALERT_ROLES.map((name) => ({ name, label: ROLE_LABELS[name] })),
      districts: await searchDistricts(db, search),
    };
    res.json(answer);
  });

  router.post('/admin/alert', async (req, res) => {
    const actor = alertManager(req);
    const input = validate(alertPayloadSchema, req.body);
    const id = await createAlert(db, actor, input);
    res.status(201).json(await answerAlert(id));
  });

  router.get('/admin/alert/:id', async (req, res) => {
    alertManager(req);
    res.json(await answerAlert(routeId(req, 'id', ALERT_MESSAGES.notFound)));
  });

  router.put('/admin/alert/:id', async (req, res) => {
    const actor = alertManager(req);
    const id = routeId(req, 'id', ALERT_MESSAGES.notFound);
    await requireAlert(db, id);
    const input = validate(alertPayloadSchema, req.body);
    await updateAlert(db, actor, id, input);
    res.json(await answerAlert(id));
  });

  router.delete('/admin/alert/:id', async (req, res) => {
    const actor = alertManager(req);
    await deleteAlert(db, actor, routeId(req, 'id', ALERT_MESSAGES.notFound));
    res.status(204).end();
  });

  router.get('/alert', async (req, res) => {
    const reader = alertReader(req);
    const rows = await currentAlertsFor(db, reader, nowIso());
    res.json({ data: rows.map((r) => presentCurrentAlert(r, reader.impersonating)) });
  });

  router.post('/alert/:id/dismiss', async (req, res) => {
    const reader = alertReader(req);
    const id = routeId(req, 'id', ALERT_MESSAGES.notFound);
    await dismissAlert(db, reader, id, () => refuseDismissWhileImpersonating(reader));
    res.status(204).end();
  });

  return router;
}
