// Action steps' commands (issue 29, item 2), each one transaction with its audit row. The district, the
// setter and the day come from the caller, never from the request.
import {
  ACTION_STEP_MESSAGES, type ActionStepCreateInput, type ActionStepUpdateInput,
} from '../../../common/schemas/actionSteps';
import { nowIso, type DB } from '../../../db/connection';
import { lockRecord } from '../../../db/locks';
import { visibleStaffIds } from '../../access/staffScope';
import { conflict, notFound, validationError } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import { createOnce, editedAt, type Made, requireBaseVersion } from '../../lib/clientIds';
import type { Writer } from './policies';
import { sourceMatches } from './queries';

const SOURCE_MESSAGE = {
  interaction: ACTION_STEP_MESSAGES.sourceInteraction,
  observation: ACTION_STEP_MESSAGES.sourceObservation,
  cycle: ACTION_STEP_MESSAGES.sourceCycle,
} as const;

/**
 * Checks who the step is for and where it comes from (422 naming the field): an educator the caller sees; an
 * educator adds only their own ('own', the default for them); a coach names an interaction, observation or
 * cycle of the district about the same educator, or no source.
 */
async function checkedSource(db: DB, w: Writer, input: ActionStepCreateInput): Promise<{ type: ActionStepCreateInput['source_type']; id: number | null }> {
  const districtId = w.actor.districtId;
  if (!(await visibleStaffIds(db, w.scope, [input.staff_id])).has(input.staff_id)) {
    throw validationError({ staff_id: [ACTION_STEP_MESSAGES.educatorNotFound] });
  }
  if (!w.leads) {
    if (input.source_type !== null && input.source_type !== 'own') throw validationError({ source_type: [ACTION_STEP_MESSAGES.ownOnly] });
    if (input.source_id !== null) throw validationError({ source_id: [ACTION_STEP_MESSAGES.sourceIdNotAllowed] });
    return { type: 'own', id: null };
  }
  if (input.source_type === 'own') throw validationError({ source_type: [ACTION_STEP_MESSAGES.sourceOwnByCoach] });
  if (input.source_type === null) {
    if (input.source_id !== null) throw validationError({ source_id: [ACTION_STEP_MESSAGES.sourceIdNotAllowed] });
    return { type: null, id: null };
  }
  if (input.source_id === null) throw validationError({ source_id: [ACTION_STEP_MESSAGES.sourceIdRequired] });
  if (!(await sourceMatches(db, districtId, input.staff_id, input.source_type, input.source_id))) {
    throw validationError({ source_id: [SOURCE_MESSAGE[input.source_type]] });
  }
  return { type: input.source_type, id: input.source_id };
}

/**
 * POST: a new open step with its audit row. With a `client_id` (issue 31, lib/clientIds.ts) the caller already used
 * in this district, nothing is written and the step made then is answered (`created: false`).
 */
export function createStep(db: DB, w: Writer, input: ActionStepCreateInput): Promise<Made<number>> {
  const key = { table: 'action_steps' as const, districtId: w.actor.districtId, userId: w.actor.userId, clientId: input.client_id, notFoundMessage: ACTION_STEP_MESSAGES.notFound };
  return createOnce(db, key, async (trx) => {
    const source = await checkedSource(trx, w, input);
    const now = nowIso();
    const { id } = await trx.insertInto('action_steps').values({
      district_id: w.actor.districtId, staff_id: input.staff_id, title: input.title, detail: input.detail, due_on: input.due_on,
      set_by_user_id: w.actor.userId, source_type: source.type, source_id: source.id, status: 'open', done_on: null, note: null,
      status_by_user_id: null, status_at: null, created_at: now, updated_at: now, client_id: input.client_id,
    }).returning('id').executeTakeFirstOrThrow();
    await recordAudit(trx, w.actor, {
      action: 'action_step.created', subjectType: 'action_step', subjectId: id,
      details: { title: input.title, staff_id: input.staff_id, due_on: input.due_on, source_type: source.type, source_id: source.id },
    });
    return id;
  });
}

type StepState = { status: 'open' | 'done' | 'dropped'; title: string; detail: string | null; due_on: string | null; note: string | null; updated_at: string };

/** The step's row in the caller's district, locked for the rest of the transaction (PostgreSQL). */
async function lockedStep(trx: DB, districtId: number, id: number): Promise<StepState> {
  // One step's changes one at a time (db/locks.ts): its status is read before it is changed.
  await lockRecord(trx, 'action_steps', id);
  const row = await trx.selectFrom('action_steps').select(['status', 'title', 'detail', 'due_on', 'note', 'updated_at'])
    .where('district_id', '=', districtId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ACTION_STEP_MESSAGES.notFound);
  return row;
}

/**
 * PUT: title, detail, due day; only while open (409). With `base_updated_at` (issue 31): 409 `edit_conflict` when
 * the step changed since that version, checked under the record's lock (before the open check: a step done or
 * dropped since the edit began changed too).
 */
export function updateStep(db: DB, w: Writer, id: number, input: ActionStepUpdateInput): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await lockedStep(trx, w.actor.districtId, id);
    requireBaseVersion(input.base_updated_at, before.updated_at, ACTION_STEP_MESSAGES.editConflict);
    if (before.status !== 'open') throw conflict(ACTION_STEP_MESSAGES.notOpen);
    await trx.updateTable('action_steps').set({ title: input.title, detail: input.detail, due_on: input.due_on, updated_at: editedAt(before.updated_at, nowIso()) })
      .where('district_id', '=', w.actor.districtId).where('id', '=', id).execute();
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ['title', 'detail', 'due_on'] as const) {
      if (before[key] !== input[key]) changes[key] = { from: before[key], to: input[key] };
    }
    await recordAudit(trx, w.actor, { action: 'action_step.updated', subjectType: 'action_step', subjectId: id, details: { title: input.title, changes } });
  });
}

/** Done on `today` (the district's day) with the note (none given: the note it had stays); only while open (409). */
export function completeStep(db: DB, w: Writer, id: number, note: string | null, today: string): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await lockedStep(trx, w.actor.districtId, id);
    if (before.status !== 'open') throw conflict(ACTION_STEP_MESSAGES.notOpen);
    const now = nowIso();
    await trx.updateTable('action_steps').set({
      status: 'done', done_on: today, note: note ?? before.note, status_by_user_id: w.actor.userId, status_at: now, updated_at: now,
    }).where('district_id', '=', w.actor.districtId).where('id', '=', id).execute();
    await recordAudit(trx, w.actor, { action: 'action_step.completed', subjectType: 'action_step', subjectId: id, details: { title: before.title, done_on: today, note: note !== null } });
  });
}

/** Back to open from done or dropped (409 when open already); the educator's note stays, the done day goes. */
export function reopenStep(db: DB, w: Writer, id: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await lockedStep(trx, w.actor.districtId, id);
    if (before.status === 'open') throw conflict(ACTION_STEP_MESSAGES.alreadyOpen);
    const now = nowIso();
    await trx.updateTable('action_steps').set({ status: 'open', done_on: null, status_by_user_id: w.actor.userId, status_at: now, updated_at: now })
      .where('district_id', '=', w.actor.districtId).where('id', '=', id).execute();
    await recordAudit(trx, w.actor, { action: 'action_step.reopened', subjectType: 'action_step', subjectId: id, details: { title: before.title, from: before.status } });
  });
}

/** An open step dropped (409 otherwise). */
export function dropStep(db: DB, w: Writer, id: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await lockedStep(trx, w.actor.districtId, id);
    if (before.status !== 'open') throw conflict(ACTION_STEP_MESSAGES.notOpen);
    const now = nowIso();
    await trx.updateTable('action_steps').set({ status: 'dropped', status_by_user_id: w.actor.userId, status_at: now, updated_at: now })
      .where('district_id', '=', w.actor.districtId).where('id', '=', id).execute();
    await recordAudit(trx, w.actor, { action: 'action_step.dropped', subjectType: 'action_step', subjectId: id, details: { title: before.title } });
  });
}
