// Observations' commands (issue 28), each one transaction with its audit row. A draft is the observer's
// alone: no interaction, no rating, never counted. Completing it writes an interaction of the form's
// interaction type (coach: the observer; participant: the educator; no notes: the observation's notes stay
// with it, so the educator reads them only when shared) and the ratings of the rating items linked to
// skills, dated on the observation's day in the district's timezone (skill mapping's rules:
// server/lib/skillRatings.ts). Later edits keep both in step; deleting removes both.
import {
  ANSWER_TEXT_MAX, type AnswerInput, LOOK_FOR_VALUES, NUMBER_ANSWER_MAX, OBSERVATION_MESSAGES, type ObservationCreateInput, type ObservationInput,
  type ObservationUpdateInput,
} from '../../../../common/schemas/observations';
import { nowIso, type DB } from '../../../../db/connection';
import { lockRecord } from '../../../../db/locks';
import { visibleStaffIds } from '../../../access/staffScope';
import { conflict, type FieldErrors, validationError } from '../../../http/errors';
import { type DistrictActor, recordAudit } from '../../../lib/audit';
import { createOnce, editedAt, type Made, requireBaseVersion } from '../../../lib/clientIds';
import { defaultSchoolOf } from '../../../lib/defaultSchool';
import { activeSkillIds, replaceEvidenceRatings } from '../../../lib/skillRatings';
import { localDateTime } from '../../../lib/zone';
import type { Reader } from '../policies';
import type { Conn } from '../queries';
import { calibrationProblem } from './calibrationService';
import { type AnswerRow, answersOf, findForm, type ItemRow, itemConfig, itemsOfVersions, type ObservationRow } from './queries';

export type Writer = Reader & { actor: DistrictActor };

interface CheckedAnswer { item_id: number; value: string; evidence: string | null }

const present = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '')
  && !(Array.isArray(v) && v.length === 0);

/** One answer's value checked against its item's kind; the message when it does not fit. */
function checkValue(item: ItemRow, value: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  const config = itemConfig(item.config);
  switch (item.kind) {
    case 'look_for':
      return typeof value === 'string' && (LOOK_FOR_VALUES as readonly string[]).includes(value)
        ? { ok: true, value } : { ok: false, message: OBSERVATION_MESSAGES.lookFor };
    case 'rating': {
      const scale = config.scale ?? 4;
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= scale
        ? { ok: true, value } : { ok: false, message: OBSERVATION_MESSAGES.rating(scale) };
    }
    case 'choice': {
      const options = config.options ?? [];
      if (config.multiple) {
        const ok = Array.isArray(value) && value.every((v) => typeof v === 'string' && options.includes(v)) && new Set(value).size === value.length;
        return ok ? { ok: true, value: options.filter((o) => (value as string[]).includes(o)) } : { ok: false, message: OBSERVATION_MESSAGES.choices };
      }
      return typeof value === 'string' && options.includes(value) ? { ok: true, value } : { ok: false, message: OBSERVATION_MESSAGES.choice };
    }
    case 'text':
      return typeof value === 'string' && value.trim().length <= ANSWER_TEXT_MAX
        ? { ok: true, value: value.trim() } : { ok: false, message: OBSERVATION_MESSAGES.text };
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= NUMBER_ANSWER_MAX
        ? { ok: true, value } : { ok: false, message: OBSERVATION_MESSAGES.number };
  }
}

/**
 * The answers checked against the version's items (422 naming `answers.N.item_id` or `answers.N.value`);
 * a completed observation needs every required item answered (422 on `answers`, naming each item).
 * An answer with neither value nor evidence is dropped.
 */
export function checkAnswers(items: readonly ItemRow[], answers: readonly AnswerInput[], completing: boolean): { errors: FieldErrors; rows: CheckedAnswer[] } {
  const errors: FieldErrors = {};
  const byId = new Map(items.map((i) => [i.id, i]));
  const seen = new Set<number>();
  const rows: CheckedAnswer[] = [];
  answers.forEach((a, n) => {
    const item = byId.get(a.item_id);
    if (!item) { errors[`answers.${n}.item_id`] = [OBSERVATION_MESSAGES.itemNotOfForm]; return; }
    if (seen.has(a.item_id)) { errors[`answers.${n}.item_id`] = ['This item is answered twice.']; return; }
    seen.add(a.item_id);
    if (!present(a.value)) {
      if (a.evidence) rows.push({ item_id: item.id, value: 'null', evidence: a.evidence });
      return;
    }
    const checked = checkValue(item, a.value);
    if (!checked.ok) { errors[`answers.${n}.value`] = [checked.message]; return; }
    rows.push({ item_id: item.id, value: JSON.stringify(checked.value), evidence: a.evidence });
  });
  if (completing) {
    const answered = new Set(rows.filter((r) => r.value !== 'null').map((r) => r.item_id));
    const missing = items.filter((i) => i.required === 1 && !answered.has(i.id));
    if (missing.length) errors.answers = missing.map((i) => OBSERVATION_MESSAGES.answerRequired(i.label));
  }
  return { errors, rows };
}

interface Resolved {
  form: NonNullable<Awaited<ReturnType<typeof findForm>>>;
  versionId: number;
  items: ItemRow[];
  answers: CheckedAnswer[];
  buildingId: number | null;
  /** The observation's day in the district's timezone (its default school's day, its ratings' date). */
  day: string;
}

/** Checks the whole request (one 422 naming every bad field) against the form version it is (or was) made with. */
async function resolve(db: Conn, w: Writer, input: ObservationInput, existing?: ObservationRow): Promise<Resolved> {
  const districtId = w.actor.districtId;
  const errors: FieldErrors = {};
  const form = await findForm(db, districtId, input.form_id);
  const formsFeature = w.auth.features.includes('observation-forms');
  if (!form || (!formsFeature && form.builtin !== 1 && existing?.form_id !== form.id)) {
    errors.form_id = [OBSERVATION_MESSAGES.formNotFound];
  } else if (existing && existing.form_id !== form.id && existing.status === 'completed') {
    errors.form_id = ['The form of a completed observation cannot change.'];
  } else if (form.archived_at !== null && existing?.form_id !== form.id) {
    errors.form_id = [OBSERVATION_MESSAGES.formArchived];
  }
  if (existing?.status === 'completed' && input.staff_id !== existing.staff_id) {
    errors.staff_id = ['The educator of a completed observation cannot change.'];
  } else if (input.staff_id !== existing?.staff_id) {
    const visible = w.staffScope ? await visibleStaffIds(db as DB, w.staffScope, [input.staff_id]) : new Set<number>();
    if (!visible.has(input.staff_id)) errors.staff_id = [OBSERVATION_MESSAGES.educatorNotFound];
  }
  if (existing?.status === 'completed' && input.status === 'draft') errors.status = [OBSERVATION_MESSAGES.completedStaysCompleted];
  const calibration = await calibrationProblem(db, w, input, existing ?? null);
  if (calibration) errors.calibration_id = [calibration];
  if (Object.keys(errors).length || !form) throw validationError(errors);

  // An observation keeps the version it was made with (a draft too), unless a draft moves to another form.
  const versionId = existing && existing.form_id === form.id ? existing.version_id : form.version_id;
  const items = await itemsOfVersions(db, districtId, [versionId]);
  const checked = checkAnswers(items, input.answers, input.status === 'completed');
  if (Object.keys(checked.errors).length) throw validationError(checked.errors);

  const day = localDateTime(input.observed_at, w.auth.district.timezone).date;
  const buildingId = existing && existing.staff_id === input.staff_id && existing.building_id !== null ? existing.building_id
    : (await defaultSchoolOf(db, districtId, [input.staff_id], w.actor.userId, day)).building?.id ?? null;
  return { form, versionId, items, answers: checked.rows, buildingId, day };
}

async function writeAnswers(db: Conn, districtId: number, observationId: number, answers: readonly CheckedAnswer[], fresh: boolean): Promise<void> {
  if (!fresh) await db.deleteFrom('observation_answers').where('district_id', '=', districtId).where('observation_id', '=', observationId).execute();
  if (answers.length) {
    await db.insertInto('observation_answers')
      .values(answers.map((a) => ({ district_id: districtId, observation_id: observationId, item_id: a.item_id, value: a.value, evidence: a.evidence })))
      .execute();
  }
}

/**
 * A completed observation's interaction (written on completion, kept in step after) and the ratings of its
 * rating items linked to active skills.
 */
async function writeCompletion(
  trx: Parameters<typeof replaceEvidenceRatings>[0], w: Writer, observationId: number, interactionId: number | null,
  input: ObservationInput, r: Resolved,
): Promise<number> {
  const districtId = w.actor.districtId;
  const now = nowIso();
  const fields = {
    interaction_type_id: r.form.interaction_type_id, starts_at: input.observed_at, duration_minutes: input.duration_minutes,
    building_id: r.buildingId, updated_by: w.actor.userId, updated_at: now,
  };
  let id = interactionId;
  if (id === null) {
    ({ id } = await trx.insertInto('interactions').values({
      ...fields, district_id: districtId, coach_id: w.actor.userId, status: 'completed', notes: null, private_notes: null, next_steps: null,
      sequence: 0, import_uid: null, coaching_cycle_id: null, created_by: w.actor.userId, created_at: now, deleted_at: null,
    }).returning('id').executeTakeFirstOrThrow());
    await trx.insertInto('interaction_participants').values({ district_id: districtId, interaction_id: id, staff_id: input.staff_id, group_id: null }).execute();
    await trx.updateTable('observations').set({ interaction_id: id }).where('id', '=', observationId).where('district_id', '=', districtId).execute();
  } else {
    await trx.updateTable('interactions').set((eb) => ({ ...fields, sequence: eb('sequence', '+', 1) }))
      .where('id', '=', id).where('district_id', '=', districtId).execute();
  }
  const rated = r.items.filter((i) => i.kind === 'rating' && i.skill_id !== null);
  // A rating item whose skill was archived since writes no rating.
  const active = await activeSkillIds(trx, districtId, rated.map((i) => i.skill_id!));
  const levels = new Map(r.answers.map((a) => [a.item_id, JSON.parse(a.value) as unknown]));
  const ratings = rated.filter((i) => active.has(i.skill_id!) && typeof levels.get(i.id) === 'number')
    .map((i) => ({ skill_id: i.skill_id!, level: levels.get(i.id) as number }));
  // Two items on one skill: the last one's level stands (one rating per skill and observation).
  const bySkill = new Map(ratings.map((x) => [x.skill_id, x]));
  // A calibration observation rates no skill: several observers of one lesson are comparing themselves (decision 0015).
  const given = input.calibration_id !== null ? [] : [...bySkill.values()];
  // An interaction written just now has no ratings to replace: with none to give, nothing to do.
  if (interactionId !== null || given.length) {
    await replaceEvidenceRatings(trx, {
      districtId, staffId: input.staff_id, interactionId: id, ratedBy: w.actor.userId, ratedOn: r.day, ratings: given,
    });
  }
  return id;
}

const auditable = (input: ObservationInput, r: Resolved) => ({
  form_id: r.form.id, form_name: r.form.name, version_id: r.versionId, staff_id: input.staff_id, status: input.status,
  observed_at: input.observed_at, answers: r.answers.length,
});

/** What a save wrote, for its answer without reading it back: the observation as stored, its items and answers. */
export interface Saved { row: ObservationRow; items: ItemRow[]; answers: AnswerRow[] }

const savedAnswers = (observationId: number, answers: readonly CheckedAnswer[]): AnswerRow[] =>
  answers.map((a) => ({ observation_id: observationId, item_id: a.item_id, value: a.value, evidence: a.evidence }));

/**
 * POST: a new observation (and, completed, its interaction and ratings) with its audit row. With a `client_id`
 * (issue 31, lib/clientIds.ts) the observer already used in this district, nothing is written and the
 * observation made then is answered (`created: false`).
 */
export function createObservation(db: DB, w: Writer, input: ObservationCreateInput): Promise<Made<Saved>> {
  const key = { table: 'observations' as const, districtId: w.actor.districtId, userId: w.actor.userId, clientId: input.client_id, notFoundMessage: OBSERVATION_MESSAGES.notFound };
  return createOnce(db, key, async (trx) => {
    const r = await resolve(trx, w, input);
    const now = nowIso();
    const row = await trx.insertInto('observations').values({
      district_id: w.actor.districtId, form_id: r.form.id, version_id: r.versionId, staff_id: input.staff_id, observer_id: w.actor.userId,
      interaction_id: null, building_id: r.buildingId, status: input.status, observed_at: input.observed_at,
      duration_minutes: input.duration_minutes, notes: input.notes, private_notes: input.private_notes, next_steps: input.next_steps,
      calibration_id: input.calibration_id, share_answers: 0, share_notes: 0, shared_at: null, shared_by: null, acknowledged_at: null, reflection: null,
      created_at: now, updated_at: now, deleted_at: null, client_id: input.client_id,
    }).returningAll().executeTakeFirstOrThrow();
    const { id } = row;
    await writeAnswers(trx, w.actor.districtId, id, r.answers, true);
    // Completing writes the interaction and sets the observation's interaction_id (nothing else of the row).
    if (input.status === 'completed') row.interaction_id = await writeCompletion(trx, w, id, null, input, r);
    await recordAudit(trx as unknown as DB, w.actor, {
      action: input.status === 'completed' ? 'observation.completed' : 'observation.created', subjectType: 'observation', subjectId: id,
      details: auditable(input, r),
    });
    return { row, items: r.items, answers: savedAnswers(id, r.answers) };
  });
}

const instantOf = (at: string) => {
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? at : ms;
};
const answerKey = (answers: readonly { item_id: number; value: string; evidence: string | null }[]) =>
  JSON.stringify([...answers].sort((a, b) => a.item_id - b.item_id).map((a) => [a.item_id, a.value, a.evidence]));

/** Whether an update would store exactly what the observation holds: every field it writes, and every answer. */
function unchanged(current: ObservationRow, storedAnswers: readonly AnswerRow[], input: ObservationInput, r: Resolved): boolean {
  return current.form_id === r.form.id && current.version_id === r.versionId && current.staff_id === input.staff_id
    && current.building_id === r.buildingId && current.status === input.status
    && instantOf(current.observed_at) === instantOf(input.observed_at) && current.duration_minutes === input.duration_minutes
    && current.notes === input.notes && current.private_notes === input.private_notes && current.next_steps === input.next_steps
    && current.calibration_id === input.calibration_id && answerKey(storedAnswers) === answerKey(r.answers);
}

/**
 * PUT by the observer: the whole observation; a draft may be completed, never the other way. With
 * `base_updated_at` (issue 31): 409 `edit_conflict` when the observation changed since that version (an edit,
 * a share, the educator's acknowledgement), checked under the record's lock. An edit that changes nothing writes
 * nothing and answers the stored version (its `updated_at` unchanged).
 */
export function updateObservation(db: DB, w: Writer, before: ObservationRow, input: ObservationUpdateInput): Promise<Saved> {
  return db.transaction().execute(async (trx) => {
    await lockRecord(trx as unknown as DB, 'observations', before.id);
    const current = await trx.selectFrom('observations').selectAll().where('id', '=', before.id)
      .where('district_id', '=', w.actor.districtId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!current) throw conflict(OBSERVATION_MESSAGES.notFound);
    requireBaseVersion(input.base_updated_at, current.updated_at, OBSERVATION_MESSAGES.editConflict);
    const r = await resolve(trx, w, input, current);
    // An edit that changes nothing writes nothing (issue 31: a save sent again on the version that already holds it,
    // say a closed tab's copy after its last save landed): the observation keeps its version, no audit row.
    const storedAnswers = await answersOf(trx, w.actor.districtId, [current.id]);
    if (unchanged(current, storedAnswers, input, r)) return { row: current, items: r.items, answers: storedAnswers };
    const row = await trx.updateTable('observations').set({
      form_id: r.form.id, version_id: r.versionId, staff_id: input.staff_id, building_id: r.buildingId, status: input.status,
      observed_at: input.observed_at, duration_minutes: input.duration_minutes, notes: input.notes, private_notes: input.private_notes,
      next_steps: input.next_steps, calibration_id: input.calibration_id, updated_at: editedAt(current.updated_at, nowIso()),
    }).where('id', '=', current.id).where('district_id', '=', w.actor.districtId).returningAll().executeTakeFirstOrThrow();
    await writeAnswers(trx, w.actor.districtId, current.id, r.answers, false);
    if (input.status === 'completed') row.interaction_id = await writeCompletion(trx, w, current.id, current.interaction_id, input, r);
    const completing = current.status === 'draft' && input.status === 'completed';
    await recordAudit(trx as unknown as DB, w.actor, {
      action: completing ? 'observation.completed' : 'observation.updated', subjectType: 'observation', subjectId: current.id,
      details: auditable(input, r),
    });
    return { row, items: r.items, answers: savedAnswers(current.id, r.answers) };
  });
}

/** Soft-deletes the observation and its interaction; the ratings it gave are removed. */
export function deleteObservation(db: DB, w: Writer, row: ObservationRow): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    await trx.updateTable('observations').set({ deleted_at: now, updated_at: now })
      .where('id', '=', row.id).where('district_id', '=', w.actor.districtId).execute();
    if (row.interaction_id !== null) {
      await trx.updateTable('interactions').set({ deleted_at: now, updated_at: now, updated_by: w.actor.userId })
        .where('id', '=', row.interaction_id).where('district_id', '=', w.actor.districtId).execute();
      await replaceEvidenceRatings(trx, {
        districtId: w.actor.districtId, staffId: row.staff_id, interactionId: row.interaction_id, ratedBy: w.actor.userId, ratedOn: '', ratings: [],
      });
    }
    await recordAudit(trx as unknown as DB, w.actor, {
      action: 'observation.deleted', subjectType: 'observation', subjectId: row.id,
      details: { form_id: row.form_id, staff_id: row.staff_id, status: row.status, observed_at: row.observed_at },
    });
  });
}

/** Shares a completed observation with its educator (what: answers, notes). Answers whether it is the first share. */
export function shareObservation(db: DB, w: Writer, row: ObservationRow, what: { answers: boolean; notes: boolean }): Promise<boolean> {
  if (row.status !== 'completed') throw conflict(OBSERVATION_MESSAGES.draftNotShared);
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const first = row.shared_at === null;
    await trx.updateTable('observations').set({
      share_answers: what.answers ? 1 : 0, share_notes: what.notes ? 1 : 0, shared_at: row.shared_at ?? now, shared_by: w.actor.userId, updated_at: now,
    }).where('id', '=', row.id).where('district_id', '=', w.actor.districtId).execute();
    await recordAudit(trx as unknown as DB, w.actor, {
      action: 'observation.shared', subjectType: 'observation', subjectId: row.id,
      details: { staff_id: row.staff_id, answers: what.answers, notes: what.notes, first },
    });
    return first;
  });
}

/** The observed educator acknowledges a shared observation, with a reflection (once). */
export function acknowledgeObservation(db: DB, actor: DistrictActor, row: ObservationRow, reflection: string | null): Promise<void> {
  if (row.acknowledged_at !== null) throw conflict(OBSERVATION_MESSAGES.alreadyAcknowledged);
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const { numUpdatedRows } = await trx.updateTable('observations').set({ acknowledged_at: now, reflection, updated_at: now })
      .where('id', '=', row.id).where('district_id', '=', actor.districtId).where('acknowledged_at', 'is', null).executeTakeFirst();
    if (Number(numUpdatedRows) === 0) throw conflict(OBSERVATION_MESSAGES.alreadyAcknowledged);
    await recordAudit(trx as unknown as DB, actor, {
      action: 'observation.acknowledged', subjectType: 'observation', subjectId: row.id, details: { reflection: reflection !== null },
    });
  });
}
