// Coaching cycle commands: each write runs in one transaction with its audit row. The district comes from
// the actor (the session), never from the body. Stage moves close the open stage-history row and open the
// next one, so an archived stage keeps every cycle that passed through it.
import {
  CYCLE_MESSAGES, type CycleInput, type CycleOutcome, OPEN_CYCLE_STATUSES,
} from '../../../common/schemas/cycles';
import { lockDistrictWrites, lockRecord } from '../../../db/locks';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { visibleStaffIds } from '../../access/staffScope';
import { conflict, type FieldErrors, notFound, validationError } from '../../http/errors';
import { changedFields, type DistrictActor, recordAudit } from '../../lib/audit';
import { activeSkillIds } from '../../lib/skillRatings';
import type { Writer } from './policies';
import {
  type Conn, type CycleRow, findCycle, findNote, findStage, findTemplate, isCycleCoach, skillIdsOf,
  type StageRow, stagesOf, staffIdsOf, type TemplateRow, templatesOf,
} from './queries';

const audit = (db: Conn, actor: DistrictActor, action: string, subjectType: string, id: number, details: Record<string, unknown>) =>
  recordAudit(db as DB, actor, { action, subjectType, subjectId: id, details });

// ---- Stages and goal templates ------------------------------------------------------------------------

export type StageInput = { name: string; description: string | null; expected_days: number };
export type TemplateInput = { title: string; goal: string };

/**
 * One write to the stages or goal templates: a transaction holding the district's write lock (db/locks.ts),
 * since the stages' and templates' order and the last active stage are read before they are written.
 */
function settingsWrite<T>(db: DB, actor: DistrictActor, write: (trx: Conn) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockDistrictWrites(trx, actor.districtId);
    return write(trx);
  });
}

async function requireStage(db: Conn, districtId: number, id: number): Promise<StageRow> {
  const row = await findStage(db, districtId, id);
  if (!row) throw notFound(CYCLE_MESSAGES.stageNotFound);
  return row;
}

async function requireTemplate(db: Conn, districtId: number, id: number): Promise<TemplateRow> {
  const row = await findTemplate(db, districtId, id);
  if (!row) throw notFound(CYCLE_MESSAGES.templateNotFound);
  return row;
}

export function createStage(db: DB, actor: DistrictActor, input: StageInput): Promise<number> {
  return settingsWrite(db, actor, async (trx) => {
    const stages = await stagesOf(trx, actor.districtId);
    const now = nowIso();
    const { id } = await trx.insertInto('cycle_stages').values({
      district_id: actor.districtId, name: input.name, description: input.description, expected_days: input.expected_days,
      sort_order: Math.max(0, ...stages.map((s) => s.sort_order)) + 1, archived_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await audit(trx, actor, 'cycle_stage_created', 'cycle_stage', id, { name: input.name, expected_days: input.expected_days });
    return id;
  });
}

export function updateStage(db: DB, actor: DistrictActor, id: number, input: StageInput): Promise<void> {
  return settingsWrite(db, actor, async (trx) => {
    const before = await requireStage(trx, actor.districtId, id);
    await trx.updateTable('cycle_stages').set({ ...input, updated_at: nowIso() })
      .where('district_id', '=', actor.districtId).where('id', '=', id).execute();
    await audit(trx, actor, 'cycle_stage_updated', 'cycle_stage', id, {
      changes: changedFields({ name: before.name, description: before.description, expected_days: before.expected_days }, input),
    });
  });
}

/** Archive (the last active stage: 409) or restore; cycles keep the stage in their history either way. */
export function setStageArchived(db: DB, actor: DistrictActor, id: number, archived: boolean): Promise<void> {
  return settingsWrite(db, actor, async (trx) => {
    const stage = await requireStage(trx, actor.districtId, id);
    if ((stage.archived_at !== null) === archived) return;
    if (archived) {
      const active = (await stagesOf(trx, actor.districtId)).filter((s) => s.archived_at === null);
      if (active.length <= 1) throw conflict(CYCLE_MESSAGES.lastActiveStage);
    }
    const now = nowIso();
    await trx.updateTable('cycle_stages').set({ archived_at: archived ? now : null, updated_at: now })
      .where('district_id', '=', actor.districtId).where('id', '=', id).execute();
    await audit(trx, actor, archived ? 'cycle_stage_archived' : 'cycle_stage_restored', 'cycle_stage', id, { name: stage.name });
  });
}

/** The new order of the active rows (every active id once, else 422); archived rows follow in their old order. */
async function writeOrder(
  trx: Conn, table: 'cycle_stages' | 'cycle_goal_templates', rows: { id: number; archived_at: string | null }[], ids: number[], message: string,
  districtId: number,
): Promise<void> {
  const active = rows.filter((r) => r.archived_at === null).map((r) => r.id);
  const unique = new Set(ids);
  if (unique.size !== ids.length || ids.length !== active.length || active.some((id) => !unique.has(id))) {
    throw validationError({ ids: [message] });
  }
  const order = [...ids, ...rows.filter((r) => r.archived_at !== null).map((r) => r.id)];
  const now = nowIso();
  for (const [i, id] of order.entries()) {
    await trx.updateTable(table).set({ sort_order: i + 1, updated_at: now }).where('district_id', '=', districtId).where('id', '=', id).execute();
  }
}

export function reorderStages(db: DB, actor: DistrictActor, ids: number[]): Promise<void> {
  return settingsWrite(db, actor, async (trx) => {
    await writeOrder(trx, 'cycle_stages', await stagesOf(trx, actor.districtId), ids, CYCLE_MESSAGES.stageOrder, actor.districtId);
    await audit(trx, actor, 'cycle_stages_reordered', 'district', actor.districtId, { order: ids });
  });
}

export function createTemplate(db: DB, actor: DistrictActor, input: TemplateInput): Promise<number> {
  return settingsWrite(db, actor, async (trx) => {
    const rows = await templatesOf(trx, actor.districtId);
    const now = nowIso();
    const { id } = await trx.insertInto('cycle_goal_templates').values({
      district_id: actor.districtId, title: input.title, goal: input.goal,
      sort_order: Math.max(0, ...rows.map((s) => s.sort_order)) + 1, archived_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await audit(trx, actor, 'cycle_goal_template_created', 'cycle_goal_template', id, { title: input.title });
    return id;
  });
}

export function updateTemplate(db: DB, actor: DistrictActor, id: number, input: TemplateInput): Promise<void> {
  return settingsWrite(db, actor, async (trx) => {
    const before = await requireTemplate(trx, actor.districtId, id);
    await trx.updateTable('cycle_goal_templates').set({ ...input, updated_at: nowIso() })
      .where('district_id', '=', actor.districtId).where('id', '=', id).execute();
    await audit(trx, actor, 'cycle_goal_template_updated', 'cycle_goal_template', id, {
      changes: changedFields({ title: before.title, goal: before.goal }, input),
    });
  });
}

/** Goal templates are optional: archiving the last one is fine. */
export function setTemplateArchived(db: DB, actor: DistrictActor, id: number, archived: boolean): Promise<void> {
  return settingsWrite(db, actor, async (trx) => {
    const row = await requireTemplate(trx, actor.districtId, id);
    if ((row.archived_at !== null) === archived) return;
    const now = nowIso();
    await trx.updateTable('cycle_goal_templates').set({ archived_at: archived ? now : null, updated_at: now })
      .where('district_id', '=', actor.districtId).where('id', '=', id).execute();
    await audit(trx, actor, archived ? 'cycle_goal_template_archived' : 'cycle_goal_template_restored', 'cycle_goal_template', id, { title: row.title });
  });
}

export function reorderTemplates(db: DB, actor: DistrictActor, ids: number[]): Promise<void> {
  return settingsWrite(db, actor, async (trx) => {
    await writeOrder(trx, 'cycle_goal_templates', await templatesOf(trx, actor.districtId), ids, CYCLE_MESSAGES.templateOrder, actor.districtId);
    await audit(trx, actor, 'cycle_goal_templates_reordered', 'district', actor.districtId, { order: ids });
  });
}

// ---- Cycles -------------------------------------------------------------------------------------------

export async function requireCycle(db: Conn, districtId: number, id: number): Promise<CycleRow> {
  const row = await findCycle(db, districtId, id);
  if (!row) throw notFound(CYCLE_MESSAGES.notFound);
  return row;
}

interface Resolved { coachId: number; staffIds: number[]; skillIds: number[]; stage: StageRow | null }

/** One 422 naming every bad field. `existing`: the cycle being edited, whose coach, educators and skills stay allowed. */
async function resolvePayload(
  db: Conn, w: Writer, input: CycleInput, existing?: { row: CycleRow; staffIds: number[]; skillIds: number[] },
): Promise<Resolved> {
  const districtId = w.actor.districtId;
  const callerId = w.actor.userId;
  const errors: FieldErrors = {};

  const coachId = input.coach_id ?? existing?.row.coach_id ?? callerId;
  if (coachId !== callerId && coachId !== existing?.row.coach_id) {
    if (w.visibility.kind !== 'district') errors.coach_id = [CYCLE_MESSAGES.coachNotAllowed];
    else if (!(await isCycleCoach(db, districtId, coachId))) errors.coach_id = [CYCLE_MESSAGES.coachNotInDistrict];
  }

  const staffIds = [...new Set(input.staff_ids)];
  const keptStaff = new Set(existing?.staffIds ?? []);
  const wanted = staffIds.filter((id) => !keptStaff.has(id));
  const visible = w.staffScope ? await visibleStaffIds(db as DB, w.staffScope, wanted) : new Set<number>();
  if (wanted.some((id) => !visible.has(id))) errors.staff_ids = [CYCLE_MESSAGES.educatorNotFound];

  const skillIds = [...new Set(input.skill_ids)];
  const keptSkills = new Set(existing?.skillIds ?? []);
  const active = await activeSkillIds(db, districtId, skillIds.filter((id) => !keptSkills.has(id)));
  if (skillIds.some((id) => !keptSkills.has(id) && !active.has(id))) errors.skill_ids = [CYCLE_MESSAGES.skillNotFound];

  if (input.target_end_date !== null && input.target_end_date < input.start_date) errors.target_end_date = [CYCLE_MESSAGES.endBeforeStart];

  let stage: StageRow | null = null;
  if (!existing) {
    const stages = (await stagesOf(db, districtId)).filter((s) => s.archived_at === null);
    stage = input.stage_id === null ? stages[0] ?? null : stages.find((s) => s.id === input.stage_id) ?? null;
    if (!stage) errors.stage_id = [CYCLE_MESSAGES.stageArchived];
  }

  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { coachId, staffIds, skillIds, stage };
}

async function writeLinks(db: Conn, districtId: number, cycleId: number, staffIds: number[], skillIds: number[]) {
  await db.deleteFrom('coaching_cycle_staff').where('district_id', '=', districtId).where('cycle_id', '=', cycleId).execute();
  await db.deleteFrom('coaching_cycle_skills').where('district_id', '=', districtId).where('cycle_id', '=', cycleId).execute();
  if (staffIds.length) {
    await db.insertInto('coaching_cycle_staff').values(staffIds.map((id) => ({ district_id: districtId, cycle_id: cycleId, staff_id: id }))).execute();
  }
  if (skillIds.length) {
    await db.insertInto('coaching_cycle_skills').values(skillIds.map((id) => ({ district_id: districtId, cycle_id: cycleId, skill_id: id }))).execute();
  }
}

export function createCycle(db: DB, w: Writer, input: CycleInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const r = await resolvePayload(trx, w, input);
    const now = nowIso();
    const { id } = await trx.insertInto('coaching_cycles').values({
      district_id: w.actor.districtId, coach_id: r.coachId, title: input.title, goal: input.goal, start_date: input.start_date,
      target_end_date: input.target_end_date, status: input.status, stage_id: r.stage!.id, stage_entered_on: input.start_date,
      outcome: null, reflection: null, completed_on: null, created_by: w.actor.userId, updated_by: w.actor.userId,
      created_at: now, updated_at: now, deleted_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await writeLinks(trx, w.actor.districtId, id, r.staffIds, r.skillIds);
    await trx.insertInto('coaching_cycle_stage_history').values({
      district_id: w.actor.districtId, cycle_id: id, stage_id: r.stage!.id, entered_on: input.start_date, left_on: null, moved_by: w.actor.userId,
    }).execute();
    await audit(trx, w.actor, 'cycle_created', 'coaching_cycle', id, {
      coach_id: r.coachId, status: input.status, stage_id: r.stage!.id, staff: r.staffIds, skills: r.skillIds,
    });
    return id;
  });
}

/** PUT: title, goal, coach, educators, focus skills, dates. Stage and status change through their actions. */
export function updateCycle(db: DB, w: Writer, id: number, input: CycleInput): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // One cycle's edits one at a time (db/locks.ts): its state, stage history and links are read before they are written.
    await lockRecord(trx, 'coaching_cycles', id);
    const before = await requireCycle(trx, w.actor.districtId, id);
    const [staffIds, skillIds] = await Promise.all([staffIdsOf(trx, w.actor.districtId, id), skillIdsOf(trx, w.actor.districtId, id)]);
    const r = await resolvePayload(trx, w, input, { row: before, staffIds, skillIds });
    const after = { coach_id: r.coachId, title: input.title, start_date: input.start_date, target_end_date: input.target_end_date };
    await trx.updateTable('coaching_cycles').set({ ...after, goal: input.goal, updated_by: w.actor.userId, updated_at: nowIso() })
      .where('district_id', '=', w.actor.districtId).where('id', '=', id).execute();
    await writeLinks(trx, w.actor.districtId, id, r.staffIds, r.skillIds);
    await audit(trx, w.actor, 'cycle_updated', 'coaching_cycle', id, {
      changes: changedFields({ coach_id: before.coach_id, title: before.title, start_date: before.start_date, target_end_date: before.target_end_date }, after),
      staff: { from: staffIds, to: r.staffIds }, skills: { from: skillIds, to: r.skillIds },
    });
  });
}

function requireOpen(row: CycleRow): void {
  if (!OPEN_CYCLE_STATUSES.includes(row.status)) throw conflict(CYCLE_MESSAGES.notOpen);
}

async function closeOpenHistory(trx: Conn, districtId: number, cycleId: number, today: string) {
  await trx.updateTable('coaching_cycle_stage_history').set({ left_on: today })
    .where('district_id', '=', districtId).where('cycle_id', '=', cycleId).where('left_on', 'is', null).execute();
}

/** The next active stage after the current one (by order), or null in the last. */
export function nextStageOf(stages: StageRow[], currentId: number | null): StageRow | null {
  const current = stages.find((s) => s.id === currentId);
  const active = stages.filter((s) => s.archived_at === null);
  if (!current) return active[0] ?? null;
  return active.find((s) => s.sort_order > current.sort_order || (s.sort_order === current.sort_order && s.id > current.id)) ?? null;
}

/**
 * Moves an open cycle to a stage (`stageId` null: the next one; in the last stage 409). The open history
 * row is closed on `today` and a new one opened; a planned cycle becomes active.
 */
export function moveCycle(db: DB, w: Writer, id: number, stageId: number | null, today: string): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // One cycle's edits one at a time (db/locks.ts): its state, stage history and links are read before they are written.
    await lockRecord(trx, 'coaching_cycles', id);
    const before = await requireCycle(trx, w.actor.districtId, id);
    requireOpen(before);
    const stages = await stagesOf(trx, w.actor.districtId);
    let target: StageRow | null;
    if (stageId === null) {
      target = nextStageOf(stages, before.stage_id);
      if (!target) throw conflict(CYCLE_MESSAGES.lastStage);
    } else {
      target = stages.find((s) => s.id === stageId && s.archived_at === null) ?? null;
      if (!target) throw validationError({ stage_id: [CYCLE_MESSAGES.stageArchived] });
      if (target.id === before.stage_id) throw validationError({ stage_id: [CYCLE_MESSAGES.alreadyInStage] });
    }
    await closeOpenHistory(trx, w.actor.districtId, id, today);
    await trx.insertInto('coaching_cycle_stage_history').values({
      district_id: w.actor.districtId, cycle_id: id, stage_id: target.id, entered_on: today, left_on: null, moved_by: w.actor.userId,
    }).execute();
    await trx.updateTable('coaching_cycles').set({
      stage_id: target.id, stage_entered_on: today, status: 'active', updated_by: w.actor.userId, updated_at: nowIso(),
    }).where('district_id', '=', w.actor.districtId).where('id', '=', id).execute();
    await audit(trx, w.actor, 'cycle_stage_moved', 'coaching_cycle', id, {
      stage_id: { from: before.stage_id, to: target.id }, status: { from: before.status, to: 'active' },
    });
  });
}

export function completeCycle(db: DB, w: Writer, id: number, outcome: CycleOutcome, reflection: string | null, today: string): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // One cycle's edits one at a time (db/locks.ts): its state, stage history and links are read before they are written.
    await lockRecord(trx, 'coaching_cycles', id);
    const before = await requireCycle(trx, w.actor.districtId, id);
    requireOpen(before);
    await closeOpenHistory(trx, w.actor.districtId, id, today);
    await trx.updateTable('coaching_cycles').set({
      status: 'completed', outcome, reflection, completed_on: today, updated_by: w.actor.userId, updated_at: nowIso(),
    }).where('district_id', '=', w.actor.districtId).where('id', '=', id).execute();
    await audit(trx, w.actor, 'cycle_completed', 'coaching_cycle', id, { outcome, status: { from: before.status, to: 'completed' } });
  });
}

export function cancelCycle(db: DB, w: Writer, id: number, today: string): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // One cycle's edits one at a time (db/locks.ts): its state, stage history and links are read before they are written.
    await lockRecord(trx, 'coaching_cycles', id);
    const before = await requireCycle(trx, w.actor.districtId, id);
    requireOpen(before);
    await closeOpenHistory(trx, w.actor.districtId, id, today);
    await trx.updateTable('coaching_cycles').set({ status: 'cancelled', updated_by: w.actor.userId, updated_at: nowIso() })
      .where('district_id', '=', w.actor.districtId).where('id', '=', id).execute();
    await audit(trx, w.actor, 'cycle_cancelled', 'coaching_cycle', id, { status: { from: before.status, to: 'cancelled' } });
  });
}

/** Soft delete; linked interactions keep their link (the cycle is simply no longer listed). */
export function deleteCycle(db: DB, w: Writer, id: number): Promise<CycleRow> {
  return db.transaction().execute(async (trx) => {
    // One cycle's edits one at a time (db/locks.ts): its state, stage history and links are read before they are written.
    await lockRecord(trx, 'coaching_cycles', id);
    const before = await requireCycle(trx, w.actor.districtId, id);
    const now = nowIso();
    await trx.updateTable('coaching_cycles').set({ deleted_at: now, updated_by: w.actor.userId, updated_at: now })
      .where('district_id', '=', w.actor.districtId).where('id', '=', id).execute();
    await audit(trx, w.actor, 'cycle_deleted', 'coaching_cycle', id, { title: before.title, status: before.status });
    return { ...before, deleted_at: now, updated_by: w.actor.userId, updated_at: now };
  });
}

// ---- Evidence notes ---------------------------------------------------------------------------------

export function addNote(db: DB, w: Writer, cycleId: number, body: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await requireCycle(trx, w.actor.districtId, cycleId);
    const now = nowIso();
    const { id } = await trx.insertInto('coaching_cycle_notes').values({
      district_id: w.actor.districtId, cycle_id: cycleId, author_id: w.actor.userId, body, created_at: now, updated_at: now, deleted_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await audit(trx, w.actor, 'cycle_note_added', 'coaching_cycle', cycleId, { note_id: id });
    return id;
  });
}

export async function requireNote(db: Conn, districtId: number, cycleId: number, id: number) {
  const row = await findNote(db, districtId, cycleId, id);
  if (!row) throw notFound(CYCLE_MESSAGES.noteNotFound);
  return row;
}

export function updateNote(db: DB, w: Writer, cycleId: number, id: number, body: string): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await requireNote(trx, w.actor.districtId, cycleId, id);
    await trx.updateTable('coaching_cycle_notes').set({ body, updated_at: nowIso() })
      .where('district_id', '=', w.actor.districtId).where('id', '=', id).execute();
    await audit(trx, w.actor, 'cycle_note_updated', 'coaching_cycle', cycleId, { note_id: id });
  });
}

export function deleteNote(db: DB, w: Writer, cycleId: number, id: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await requireNote(trx, w.actor.districtId, cycleId, id);
    const now = nowIso();
    await trx.updateTable('coaching_cycle_notes').set({ deleted_at: now, updated_at: now })
      .where('district_id', '=', w.actor.districtId).where('id', '=', id).execute();
    await audit(trx, w.actor, 'cycle_note_deleted', 'coaching_cycle', cycleId, { note_id: id });
  });
}
