// Action steps (issue 29, item 2): `/api/action-step` — list, read, add, change, complete, reopen, drop.
// Thin handlers: authorize (policies) → validate → call (service) → present. Who may do what: policies.ts.
import { type Request, Router } from 'express';
import {
  ACTION_STEP_MESSAGES, actionStepCompleteSchema, actionStepCreateSchema, actionStepListQuerySchema, actionStepUpdateSchema,
} from '../../../common/schemas/actionSteps';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { recordRead } from '../../lib/readLog';
import { todayIn } from '../../lib/zone';
import { actionStepReader, actionStepWriter, type Reader, requireCompletable, requireEditable, requireManager } from './policies';
import { presentFollowThrough, presentStep } from './presenter';
import { findVisibleStep, followThrough, listStepsPage, type StepRow } from './queries';
import { completeStep, createStep, dropStep, reopenStep, updateStep } from './service';

export function actionStepRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  /** The step the reader reaches, else 404 (another district's, another educator's for an educator, a bad id). */
  async function visibleStep(reader: Reader, req: Request): Promise<StepRow> {
    const row = await findVisibleStep(db, reader.scope, routeId(req, 'id', ACTION_STEP_MESSAGES.notFound));
    if (!row) throw notFound(ACTION_STEP_MESSAGES.notFound);
    return row;
  }

  async function answerOne(reader: Reader, id: number) {
    const row = await findVisibleStep(db, reader.scope, id);
    if (!row) throw notFound(ACTION_STEP_MESSAGES.notFound);
    return presentStep(reader, row);
  }

  router.get('/action-step', async (req, res) => {
    const reader = actionStepReader(req);
    const { filter } = validate(actionStepListQuerySchema, req.query);
    const page = parsePage(req.query, 25);
    const { rows, total } = await listStepsPage(db, reader.scope, { staffIds: filter.staff_id, statuses: filter.status }, page);
    // A list of one educator's action steps is a read of them (the read log, lib/readLog.ts; never the educator's own).
    if (filter.staff_id.length === 1 && rows.length) await recordRead(db, req, rows.map((r) => r.staff_id), 'action_step');
    res.json({ data: rows.map((row) => presentStep(reader, row)), meta: pageMeta(page.page, page.perPage, total) });
  });

  // Before /action-step/:id. Follow-through by educator, for the coach's and principal's dashboards.
  router.get('/action-step/follow-through', async (req, res) => {
    const reader = actionStepReader(req);
    const rows = await followThrough(db, reader.scope, todayIn(reader.auth.district.timezone));
    res.json({ data: rows.map(presentFollowThrough) });
  });

  router.get('/action-step/:id', async (req, res) => {
    const reader = actionStepReader(req);
    const row = await visibleStep(reader, req);
    await recordRead(db, req, row.staff_id, 'action_step');
    res.json(presentStep(reader, row));
  });

  router.post('/action-step', async (req, res) => {
    const writer = actionStepWriter(req);
    const input = validate(actionStepCreateSchema, req.body);
    // A repeat of a client id the caller already used answers the step made then (issue 31): 200, not 201.
    const made = await createStep(db, writer, input);
    res.status(made.created ? 201 : 200).json(await answerOne(writer, made.created ? made.value : made.id));
  });

  router.put('/action-step/:id', async (req, res) => {
    const writer = actionStepWriter(req);
    const row = await visibleStep(writer, req);
    requireEditable(writer, row);
    const input = validate(actionStepUpdateSchema, req.body);
    await updateStep(db, writer, row.id, input);
    res.json(await answerOne(writer, row.id));
  });

  router.post('/action-step/:id/complete', async (req, res) => {
    const writer = actionStepWriter(req);
    const row = await visibleStep(writer, req);
    requireCompletable(writer, row);
    const input = validate(actionStepCompleteSchema, req.body ?? {});
    await completeStep(db, writer, row.id, input.note, todayIn(writer.auth.district.timezone));
    res.json(await answerOne(writer, row.id));
  });

  router.post('/action-step/:id/reopen', async (req, res) => {
    const writer = actionStepWriter(req);
    const row = await visibleStep(writer, req);
    requireManager(writer);
    await reopenStep(db, writer, row.id);
    res.json(await answerOne(writer, row.id));
  });

  router.post('/action-step/:id/drop', async (req, res) => {
    const writer = actionStepWriter(req);
    const row = await visibleStep(writer, req);
    requireManager(writer);
    await dropStep(db, writer, row.id);
    res.json(await answerOne(writer, row.id));
  });

  return router;
}
