// Coaching cycles (issue 10): the district's stages and goal templates (Coaching cycle settings) and the
// cycles (`/api/coaching-cycle`): list with filters, read, start, edit, move to the next or a chosen stage,
// complete with an outcome, cancel, delete (soft), evidence notes. Thin handlers: authorize (policies) →
// validate → call (service) → present.
import { Router } from 'express';
import {
  completeCycleSchema, CYCLE_MESSAGES, cycleListQuerySchema, cycleNoteSchema, cyclePayloadSchema, goalTemplatePayloadSchema,
  moveStageSchema, orderPayloadSchema, stagePayloadSchema,
} from '../../../common/schemas/cycles';
import { districtSettingsOf } from '../../../common/schemas/site';
import { visibleStaffIds } from '../../access/staffScope';
import type { Deps } from '../../deps';
import { forbidden, notFound, validationError } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { canEditCycle, cycleReader, cycleWriter, type Reader, requireEditableCycle, settingsManager, settingsReader } from './policies';
import { presentCycle, presentCycleSummary, presentStage, presentTemplate, type Viewer } from './presenter';
import { recordRead } from '../../lib/readLog';
import {
  type CycleRow, districtSettingsJson, districtToday, findVisibleCycle, historyOf, linkedInteractions, listCyclesPage,
  notesOf, openCyclesByStage, relatedOf, stagesOf, templatesOf, userNames,
} from './queries';
import {
  addNote, cancelCycle, completeCycle, createCycle, createStage, createTemplate, deleteCycle, deleteNote, moveCycle, reorderStages,
  reorderTemplates, requireNote, setStageArchived, setTemplateArchived, updateCycle, updateNote, updateStage, updateTemplate,
} from './service';

export function cycleRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  // ---- Settings: stages ------------------------------------------------------------------------------

  async function stageList(districtId: number) {
    const [stages, open] = await Promise.all([stagesOf(db, districtId), openCyclesByStage(db, districtId)]);
    return stages.map((s) => presentStage(s, open));
  }
  async function oneStage(districtId: number, id: number) {
    return (await stageList(districtId)).find((s) => s.id === id);
  }

  router.get('/coaching-cycle-stage', async (req, res) => {
    const auth = settingsReader(req);
    res.json({ data: await stageList(auth.district.id) });
  });

  router.post('/coaching-cycle-stage', async (req, res) => {
    const actor = settingsManager(req);
    const input = validate(stagePayloadSchema, req.body);
    const id = await createStage(db, actor, input);
    res.status(201).json(await oneStage(actor.districtId, id));
  });

  router.put('/coaching-cycle-stage/order', async (req, res) => {
    const actor = settingsManager(req);
    const input = validate(orderPayloadSchema, req.body);
    await reorderStages(db, actor, input.ids);
    res.json({ data: await stageList(actor.districtId) });
  });

  router.put('/coaching-cycle-stage/:id', async (req, res) => {
    const actor = settingsManager(req);
    const id = routeId(req, 'id', CYCLE_MESSAGES.stageNotFound);
    const input = validate(stagePayloadSchema, req.body);
    await updateStage(db, actor, id, input);
    res.json(await oneStage(actor.districtId, id));
  });

  for (const [action, archived] of [['archive', true], ['restore', false]] as const) {
    router.post(`/coaching-cycle-stage/:id/${action}`, async (req, res) => {
      const actor = settingsManager(req);
      const id = routeId(req, 'id', CYCLE_MESSAGES.stageNotFound);
      await setStageArchived(db, actor, id, archived);
      res.json(await oneStage(actor.districtId, id));
    });
  }

  // ---- Settings: goal templates ----------------------------------------------------------------------

  const templateList = async (districtId: number) => (await templatesOf(db, districtId)).map(presentTemplate);
  const oneTemplate = async (districtId: number, id: number) => (await templateList(districtId)).find((t) => t.id === id);

  router.get('/coaching-cycle-goal-template', async (req, res) => {
    const auth = settingsReader(req);
    res.json({ data: await templateList(auth.district.id) });
  });

  router.post('/coaching-cycle-goal-template', async (req, res) => {
    const actor = settingsManager(req);
    const input = validate(goalTemplatePayloadSchema, req.body);
    const id = await createTemplate(db, actor, input);
    res.status(201).json(await oneTemplate(actor.districtId, id));
  });

  router.put('/coaching-cycle-goal-template/order', async (req, res) => {
    const actor = settingsManager(req);
    const input = validate(orderPayloadSchema, req.body);
    await reorderTemplates(db, actor, input.ids);
    res.json({ data: await templateList(actor.districtId) });
  });

  router.put('/coaching-cycle-goal-template/:id', async (req, res) => {
    const actor = settingsManager(req);
    const id = routeId(req, 'id', CYCLE_MESSAGES.templateNotFound);
    const input = validate(goalTemplatePayloadSchema, req.body);
    await updateTemplate(db, actor, id, input);
    res.json(await oneTemplate(actor.districtId, id));
  });

  for (const [action, archived] of [['archive', true], ['restore', false]] as const) {
    router.post(`/coaching-cycle-goal-template/:id/${action}`, async (req, res) => {
      const actor = settingsManager(req);
      const id = routeId(req, 'id', CYCLE_MESSAGES.templateNotFound);
      await setTemplateArchived(db, actor, id, archived);
      res.json(await oneTemplate(actor.districtId, id));
    });
  }

  // ---- Cycles ----------------------------------------------------------------------------------------

  const todayOf = (reader: Reader) => districtToday(reader.auth.district.timezone);

  async function viewerFor(reader: Reader): Promise<Viewer> {
    return {
      userId: reader.auth.user.id, today: todayOf(reader), stages: await stagesOf(db, reader.auth.district.id),
      canEdit: (row) => canEditCycle(reader, row), writes: reader.runs,
    };
  }

  async function visibleRow(reader: Reader, id: number): Promise<CycleRow> {
    const row = await findVisibleCycle(db, reader.visibility, id);
    if (!row) throw notFound(CYCLE_MESSAGES.notFound);
    return row;
  }

  async function presentOne(reader: Reader, row: CycleRow) {
    const districtId = reader.auth.district.id;
    const [related, viewer, history, notes, interactions, settings] = await Promise.all([
      relatedOf(db, districtId, [row]), viewerFor(reader), historyOf(db, districtId, row.id), notesOf(db, districtId, row.id),
      linkedInteractions(db, districtId, row.id, reader.visibility.kind === 'participant' ? reader.auth.user.id : null),
      districtSettingsJson(db, districtId),
    ]);
    const authors = await userNames(db, districtId, notes.map((n) => n.author_id));
    return presentCycle(row, related, viewer, {
      history, notes, interactions, authors, sharedNotesVisible: districtSettingsOf(settings).shared_notes_visible_to_admins,
    });
  }

  const answerOne = async (reader: Reader, id: number) => presentOne(reader, await visibleRow(reader, id));

  router.get('/coaching-cycle', async (req, res) => {
    const reader = cycleReader(req);
    const query = validate(cycleListQuerySchema, req.query);
    const page = parsePage(req.query);
    const f = query.filter;
    if (f.from && f.to && f.to < f.from) throw validationError({ 'filter.to': ['To must be on or after From.'] });
    let staffIds = f.staff_id;
    // A filter never reaches past the scope: an educator naming someone else's id matches nothing.
    if (reader.visibility.kind === 'participant' && staffIds.length) {
      const own = reader.staffScope ? await visibleStaffIds(db, reader.staffScope, staffIds) : new Set<number>();
      staffIds = own.size ? [...own] : [-1];
    }
    const viewer = await viewerFor(reader);
    const { rows, total } = await listCyclesPage(db, reader.visibility, {
      coachIds: f.coach_id, buildingIds: f.building_id, statuses: f.status, stageIds: f.stage_id, due: f.due, staffIds,
      from: f.from, to: f.to, today: viewer.today, stages: viewer.stages,
    }, page);
    const related = await relatedOf(db, reader.auth.district.id, rows);
    // A list of one educator's cycles is a read of them (the read log, lib/readLog.ts).
    if (f.staff_id.length === 1 && rows.length && reader.visibility.kind !== 'participant') await recordRead(db, req, staffIds, 'cycle');
    res.json({ data: rows.map((r) => presentCycleSummary(r, related, viewer)), meta: pageMeta(page.page, page.perPage, total) });
  });

  router.get('/coaching-cycle/:id', async (req, res) => {
    const reader = cycleReader(req);
    const one = await answerOne(reader, routeId(req, 'id', CYCLE_MESSAGES.notFound));
    // The read log: the cycle's educators; an educator reading a cycle they are in logs nothing.
    if (reader.visibility.kind !== 'participant') await recordRead(db, req, one.educators.map((e) => e.id), 'cycle');
    res.json(one);
  });

  router.post('/coaching-cycle', async (req, res) => {
    const writer = cycleWriter(req);
    const input = validate(cyclePayloadSchema, req.body);
    const id = await createCycle(db, writer, input);
    res.status(201).json(await answerOne(writer, id));
  });

  /** 404 unless visible, then 403 unless the caller may change it. */
  async function editable(req: Parameters<typeof cycleWriter>[0]) {
    const writer = cycleWriter(req);
    const id = routeId(req, 'id', CYCLE_MESSAGES.notFound);
    const row = await visibleRow(writer, id);
    requireEditableCycle(writer, row);
    return { writer, id, row };
  }

  router.put('/coaching-cycle/:id', async (req, res) => {
    const { writer, id } = await editable(req);
    const input = validate(cyclePayloadSchema, req.body);
    await updateCycle(db, writer, id, input);
    res.json(await answerOne(writer, id));
  });

  router.delete('/coaching-cycle/:id', async (req, res) => {
    const { writer, id } = await editable(req);
    const row = await deleteCycle(db, writer, id);
    res.json(await presentOne(writer, row));
  });

  router.post('/coaching-cycle/:id/advance', async (req, res) => {
    const { writer, id } = await editable(req);
    await moveCycle(db, writer, id, null, todayOf(writer));
    res.json(await answerOne(writer, id));
  });

  router.post('/coaching-cycle/:id/stage', async (req, res) => {
    const { writer, id } = await editable(req);
    const input = validate(moveStageSchema, req.body);
    await moveCycle(db, writer, id, input.stage_id, todayOf(writer));
    res.json(await answerOne(writer, id));
  });

  router.post('/coaching-cycle/:id/complete', async (req, res) => {
    const { writer, id } = await editable(req);
    const input = validate(completeCycleSchema, req.body);
    await completeCycle(db, writer, id, input.outcome, input.reflection, todayOf(writer));
    res.json(await answerOne(writer, id));
  });

  router.post('/coaching-cycle/:id/cancel', async (req, res) => {
    const { writer, id } = await editable(req);
    await cancelCycle(db, writer, id, todayOf(writer));
    res.json(await answerOne(writer, id));
  });

  // ---- Evidence notes: the cycle's editors add; each author edits and deletes their own. -------------

  router.post('/coaching-cycle/:id/note', async (req, res) => {
    const { writer, id } = await editable(req);
    const input = validate(cycleNoteSchema, req.body);
    await addNote(db, writer, id, input.body);
    res.status(201).json(await answerOne(writer, id));
  });

  async function ownNote(req: Parameters<typeof cycleWriter>[0]) {
    const writer = cycleWriter(req);
    const id = routeId(req, 'id', CYCLE_MESSAGES.notFound);
    await visibleRow(writer, id);
    const noteId = routeId(req, 'noteId', CYCLE_MESSAGES.noteNotFound);
    const note = await requireNote(db, writer.auth.district.id, id, noteId);
    if (note.author_id !== writer.auth.user.id) throw forbidden(CYCLE_MESSAGES.noteNotYours);
    return { writer, id, noteId };
  }

  router.put('/coaching-cycle/:id/note/:noteId', async (req, res) => {
    const { writer, id, noteId } = await ownNote(req);
    const input = validate(cycleNoteSchema, req.body);
    await updateNote(db, writer, id, noteId, input.body);
    res.json(await answerOne(writer, id));
  });

  router.delete('/coaching-cycle/:id/note/:noteId', async (req, res) => {
    const { writer, id, noteId } = await ownNote(req);
    await deleteNote(db, writer, id, noteId);
    res.json(await answerOne(writer, id));
  });

  return router;
}
