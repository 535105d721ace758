// Admin operations (issue 13): the dashboard's figures, the audit log across districts, the Logs
// (client errors, server errors, security events) and their retention setting. Provider staff only.
import { Router } from 'express';
import {
  ADMIN_OPS_MESSAGES, auditFeedQuerySchema, LOG_KINDS, type LogKind, logListQuerySchema, logSettingsSchema,
} from '../../../common/schemas/adminOps';
import type { LogSettingsAnswer } from '../../../common/schemas/answers/adminOps';
import type { Deps } from '../../deps';
import { notFound, validationError } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { readRetentionDays } from '../../lib/opsLog';
import { canChangeSettings, opsReader, settingsManager } from './policies';
import { requestLocale } from '../../i18n/locale';
import { presentAuditEntry, presentDashboard, presentLogDetail, presentLogEntry } from './presenter';
import {
  auditEntries, dashboardFigures, decodeCursor, encodeCursor, findClientError, findSecurityEvent, findServerError, listLog, subjectLabels,
} from './queries';
import { setRetentionDays } from './service';

export function adminOpsRoutes({ db }: Deps): Router {
  const router = Router();

  router.get('/admin/dashboard', async (req, res) => {
    opsReader(req);
    const now = new Date();
    res.json(presentDashboard(await dashboardFigures(db, now), now, requestLocale(req)));
  });

  router.get('/admin/audit', async (req, res) => {
    opsReader(req);
    const query = validate(auditFeedQuerySchema, req.query);
    const { perPage } = parsePage({ per_page: (req.query as Record<string, unknown>).per_page }, 50);
    const cursor = query.cursor ? decodeCursor(query.cursor) : null;
    if (query.cursor && !cursor) throw validationError({ cursor: [ADMIN_OPS_MESSAGES.cursor] });
    const { entries, more } = await auditEntries(db, query, cursor, perPage);
    const labels = await subjectLabels(db, entries.map((e) => e.rows[0]!));
    const locale = requestLocale(req);
    // The next page starts after the oldest row of this page's last entry.
    const lastEntry = entries[entries.length - 1];
    const last = lastEntry?.request ?? lastEntry?.rows[lastEntry.rows.length - 1];
    res.json({
      data: entries.map((entry) => presentAuditEntry(entry, labels, locale)),
      meta: { per_page: perPage, next_cursor: more && last ? encodeCursor({ at: last.at, id: last.id }) : null },
    });
  });

  router.get('/admin/log', async (req, res) => {
    opsReader(req);
    const query = validate(logListQuerySchema, req.query);
    const page = parsePage(req.query, 50);
    const { rows, total } = await listLog(db, query, page);
    res.json({ data: rows.map((row) => presentLogEntry(query.kind as LogKind, row)), meta: pageMeta(page.page, page.perPage, total) });
  });

  router.get('/admin/log/:kind/:id', async (req, res) => {
    opsReader(req);
    const kind = String(req.params.kind) as LogKind;
    if (!LOG_KINDS.includes(kind)) throw notFound(ADMIN_OPS_MESSAGES.logNotFound);
    const id = routeId(req, 'id', ADMIN_OPS_MESSAGES.logNotFound);
    if (kind === 'client') {
      const row = await findClientError(db, id);
      if (!row) throw notFound(ADMIN_OPS_MESSAGES.logNotFound);
      return void res.json(presentLogDetail(kind, { ...row, kind: null, email: null, method: null, status: null, ip: null, details: null }));
    }
    if (kind === 'server') {
      const row = await findServerError(db, id);
      if (!row) throw notFound(ADMIN_OPS_MESSAGES.logNotFound);
      return void res.json(presentLogDetail(kind, { ...row, url: row.path, kind: null, email: null, details: null }));
    }
    const row = await findSecurityEvent(db, id);
    if (!row) throw notFound(ADMIN_OPS_MESSAGES.logNotFound);
    res.json(presentLogDetail(kind, { ...row, url: row.path, message: null, status: null }));
  });

  const answerSettings = async (canChange: boolean): Promise<LogSettingsAnswer> => {
    const { days, updatedAt } = await readRetentionDays(db);
    return { retention_days: days, can_change: canChange, updated_at: updatedAt };
  };

  router.get('/admin/log-settings', async (req, res) => {
    const auth = opsReader(req);
    res.json(await answerSettings(canChangeSettings(auth)));
  });

  router.put('/admin/log-settings', async (req, res) => {
    const actor = settingsManager(req);
    const input = validate(logSettingsSchema, req.body);
    await setRetentionDays(db, actor, input.retention_days);
    res.json(await answerSettings(true));
  });

  return router;
}
