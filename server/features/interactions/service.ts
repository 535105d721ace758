// Interaction and activity commands: each write runs in one transaction with its audit row. The district
// comes from the actor (the session), never from the body. Every write of an interaction bumps
// `sequence` (the calendar feed's SEQUENCE) and sets updated_by. What the writer may not see of an
// interaction (`interactionSight`, policies.ts: hidden shared notes, next steps and text field values,
// another's private notes) is never copied by them and keeps its stored value when they edit it.
import {
  type DefaultSchool, type DefaultSchoolQuery, INTERACTION_MESSAGES, type ActivityCategory, type InteractionCreateInput, type InteractionInput,
  type InteractionStatus, type InteractionUpdateInput,
} from '../../../common/schemas/interactions';
import { districtSettingsOf } from '../../../common/schemas/site';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { lockRecord } from '../../../db/locks';
import { visibleStaffIds } from '../../access/staffScope';
import { conflict, notFound, validationError, type FieldErrors } from '../../http/errors';
import { changedFields, type DistrictActor, recordAudit } from '../../lib/audit';
import { createOnce, editedAt, type Made, requireBaseVersion } from '../../lib/clientIds';
import { checkFieldValues } from './fieldValues';
import { interactionSight, type Reader, type Sight } from './policies';
import {
  type ActivityRow, type Conn, districtGroupIds, districtSettingsJson, findDistrictCycle, fieldsOfType, findDistrictBuilding,
  findDistrictType, findInteraction, groupMembersAt, type InteractionRow, isDistrictCoach, participantUserIds,
} from './queries';
import { defaultSchoolOf } from '../../lib/defaultSchool';
import { localDateTime, plusMinutes } from '../../lib/zone';
import { activeSkillIds } from '../../lib/skillRatings';

type Writer = Reader & { actor: DistrictActor };

export interface StoredLinks {
  participants: { staff_id: number; group_id: number | null }[];
  groupIds: number[];
  values: Map<number, string>;
  /** The kind of each stored value's field (field id → kind). */
  valueKinds: Map<number, string>;
  skillIds: number[];
}

export async function linksOf(db: Conn, districtId: number, interactionId: number): Promise<StoredLinks> {
  const [participants, groups, values, skills] = await Promise.all([
    db.selectFrom('interaction_participants').select(['staff_id', 'group_id'])
      .where('district_id', '=', districtId).where('interaction_id', '=', interactionId).orderBy('id').execute(),
    db.selectFrom('interaction_groups').select('group_id')
      .where('district_id', '=', districtId).where('interaction_id', '=', interactionId).orderBy('id').execute(),
    db.selectFrom('interaction_field_values as fv').innerJoin('interaction_fields as f', 'f.id', 'fv.field_id')
      .select(['fv.field_id', 'fv.value', 'f.kind'])
      .where('fv.district_id', '=', districtId).where('fv.interaction_id', '=', interactionId).execute(),
    db.selectFrom('interaction_skills').select('skill_id')
      .where('district_id', '=', districtId).where('interaction_id', '=', interactionId).orderBy('id').execute(),
  ]);
  return {
    participants,
    groupIds: groups.map((g) => g.group_id),
    values: new Map(values.map((v) => [v.field_id, v.value])),
    valueKinds: new Map(values.map((v) => [v.field_id, v.kind])),
    skillIds: skills.map((s) => s.skill_id),
  };
}

/** What the writer may see of a stored interaction, read in the writing transaction (setting and participants as they stand). */
async function sightOf(db: Conn, w: Writer, row: InteractionRow): Promise<Sight> {
  const [settings, userIds] = await Promise.all([
    districtSettingsJson(db, w.actor.districtId), participantUserIds(db, w.actor.districtId, row.id),
  ]);
  return interactionSight({ userId: w.auth.user.id, sharedNotesVisible: districtSettingsOf(settings).shared_notes_visible_to_admins }, row, userIds);
}

interface Resolved {
  coachId: number;
  participants: { staff_id: number; group_id: number | null }[];
  groupIds: number[];
  values: Map<number, string>;
  skillIds: number[];
  coachingCycleId: number | null;
  buildingId: number | null;
}

/**
 * Checks a payload against the district and the caller (one 422 naming every bad field) and works out
 * what to store: the coach, participants (groups expanded to their members on the interaction's date),
 * groups and field values. `existing`: the interaction being edited, whose type, coach, school,
 * participants and groups stay allowed even when the caller could not choose them today, and what the
 * caller may see of it: a field value hidden from them is neither read from the body nor required of
 * them, and keeps its stored value (also one of a field of the type it had before).
 */
async function resolvePayload(
  db: Conn, w: Writer, input: InteractionInput, existing?: { row: InteractionRow; links: StoredLinks; sight: Sight },
): Promise<Resolved> {
  const districtId = w.actor.districtId;
  const callerId = w.actor.userId;
  const errors: FieldErrors = {};

  const type = await findDistrictType(db, districtId, input.interaction_type_id);
  if (!type) errors.interaction_type_id = [INTERACTION_MESSAGES.typeNotInDistrict];
  else if (type.archived_at !== null && existing?.row.interaction_type_id !== type.id) errors.interaction_type_id = [INTERACTION_MESSAGES.typeArchived];

  // PUT without coach_id keeps the coach; POST defaults to the caller.
  const coachId = input.coach_id ?? existing?.row.coach_id ?? callerId;
  if (coachId !== callerId && coachId !== existing?.row.coach_id) {
    if (w.visibility.kind !== 'district') errors.coach_id = [INTERACTION_MESSAGES.coachNotAllowed];
    else if (!(await isDistrictCoach(db, districtId, coachId))) errors.coach_id = [INTERACTION_MESSAGES.coachNotInDistrict];
  }

  if (input.building_id != null) {
    const building = await findDistrictBuilding(db, districtId, input.building_id);
    if (!building || (building.deleted_at !== null && existing?.row.building_id !== building.id)) {
      errors.building_id = [INTERACTION_MESSAGES.buildingNotInDistrict];
    }
  }

  const staffIds = [...new Set(input.staff_ids)];
  const already = new Set(existing?.links.participants.map((p) => p.staff_id) ?? []);
  const wanted = staffIds.filter((id) => !already.has(id));
  const visible = w.staffScope ? await visibleStaffIds(db as DB, w.staffScope, wanted) : new Set<number>();
  // 422 rather than 404: the form names the field, and the message is the same whether the educator
  // is missing, in another district or outside the caller's scope.
  if (wanted.some((id) => !visible.has(id))) errors.staff_ids = [INTERACTION_MESSAGES.participantNotFound];

  const groupIds = [...new Set(input.group_ids)];
  const keptGroups = new Set(existing?.links.groupIds ?? []);
  const [activeGroups, anyGroups] = await Promise.all([
    districtGroupIds(db, districtId, groupIds, true),
    districtGroupIds(db, districtId, groupIds, false),
  ]);
  if (groupIds.some((id) => !activeGroups.has(id) && !(keptGroups.has(id) && anyGroups.has(id)))) {
    errors.group_ids = [INTERACTION_MESSAGES.groupNotFound];
  }

  let values = new Map<number, string>();
  if (type) {
    // Without the plan feature (a district on Essentials, or one that moved down) no custom field is
    // required: the log form does not show them there.
    const customFields = w.auth.features.includes('custom-fields');
    const allFields = (await fieldsOfType(db, districtId, type.id)).map((f) => (customFields ? f : { ...f, required: 0 }));
    const sees = (kind: string) => existing?.sight.seesField(kind) ?? true;
    const fields = allFields.filter((f) => sees(f.kind));
    const hiddenIds = new Set(allFields.filter((f) => !sees(f.kind)).map((f) => String(f.id)));
    const sent = Object.fromEntries(Object.entries(input.field_values).filter(([key]) => !hiddenIds.has(key)));
    const kept = existing && existing.row.interaction_type_id === type.id ? existing.links.values : new Map<number, string>();
    const checked = checkFieldValues(fields, sent, input.status, kept);
    Object.assign(errors, checked.errors);
    values = checked.values;
    for (const [fieldId, value] of existing?.links.values ?? []) {
      if (!sees(existing!.links.valueKinds.get(fieldId) ?? '')) values.set(fieldId, value);
    }
  }

  // The cycle link (issue 10): a cycle of the interaction's coach, or one whose educators the caller may
  // all see; a link already stored stays allowed. One message for missing and forbidden.
  const cycleId = input.coaching_cycle_id;
  if (cycleId !== null && cycleId !== existing?.row.coaching_cycle_id) {
    const cycle = await findDistrictCycle(db, districtId, cycleId);
    let allowed = cycle !== undefined && cycle.coach_id === coachId;
    if (cycle && !allowed && cycle.staffIds.length && w.staffScope) {
      const seen = await visibleStaffIds(db as DB, w.staffScope, cycle.staffIds);
      allowed = cycle.staffIds.every((id) => seen.has(id));
    }
    if (!allowed) errors.coaching_cycle_id = [INTERACTION_MESSAGES.cycleNotFound];
  }

  // Focus skills: active skills of the district's framework; skills already stored stay allowed.
  const skillIds = [...new Set(input.skill_ids)];
  const keptSkills = new Set(existing?.links.skillIds ?? []);
  const activeSkills = await activeSkillIds(db, districtId, skillIds.filter((id) => !keptSkills.has(id)));
  if (skillIds.some((id) => !keptSkills.has(id) && !activeSkills.has(id))) errors.skill_ids = [INTERACTION_MESSAGES.skillNotFound];

  if (Object.keys(errors).length > 0) throw validationError(errors);

  // Participants: named educators first, then each group's members on the interaction's date. A group
  // already on the interaction keeps its stored members while the start is unchanged, so editing the
  // group later never rewrites this interaction's history.
  const participants: Resolved['participants'] = staffIds.map((id) => ({ staff_id: id, group_id: null }));
  const seen = new Set(staffIds);
  const sameDate = existing !== undefined && existing.row.starts_at === input.starts_at;
  const expand = groupIds.filter((g) => !(sameDate && keptGroups.has(g)));
  const members = [
    ...(sameDate ? existing!.links.participants.filter((p) => p.group_id !== null && groupIds.includes(p.group_id) && keptGroups.has(p.group_id)) : []),
    ...(await groupMembersAt(db, districtId, expand, input.starts_at)),
  ];
  for (const id of groupIds) {
    for (const m of members) {
      if (m.group_id !== id || seen.has(m.staff_id)) continue;
      seen.add(m.staff_id);
      participants.push({ staff_id: m.staff_id, group_id: id });
    }
  }
  // The school: as sent; absent, the stored one (an edit), else the default school (issue 26: the
  // participants' school on the interaction's day, else the coach's one school), so the calendar event has its location.
  const buildingId = input.building_id !== undefined ? input.building_id
    : existing?.row.building_id ?? (await defaultSchoolOf(db, districtId, participants.map((p) => p.staff_id), coachId,
      localDateTime(input.starts_at, w.auth.district.timezone).date)).building?.id ?? null;
  return { coachId, participants, groupIds, values, skillIds, coachingCycleId: cycleId, buildingId };
}

/**
 * GET /api/interaction/default-school (the log form's default, the same rule as a POST without building_id):
 * 422 naming a coach the caller may not log for, or educators or groups they may not name, as the POST would.
 */
export async function defaultSchoolFor(db: DB, w: Writer, q: DefaultSchoolQuery): Promise<DefaultSchool> {
  const districtId = w.actor.districtId;
  const coachId = q.coach_id ?? w.actor.userId;
  const errors: FieldErrors = {};
  if (coachId !== w.actor.userId) {
    if (w.visibility.kind !== 'district') errors.coach_id = [INTERACTION_MESSAGES.coachNotAllowed];
    else if (!(await isDistrictCoach(db, districtId, coachId))) errors.coach_id = [INTERACTION_MESSAGES.coachNotInDistrict];
  }
  const visible = w.staffScope && q.staff_ids.length ? await visibleStaffIds(db, w.staffScope, q.staff_ids) : new Set<number>();
  if (q.staff_ids.some((id) => !visible.has(id))) errors.staff_ids = [INTERACTION_MESSAGES.participantNotFound];
  const groups = await districtGroupIds(db, districtId, q.group_ids, true);
  if (q.group_ids.some((id) => !groups.has(id))) errors.group_ids = [INTERACTION_MESSAGES.groupNotFound];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const members = await groupMembersAt(db, districtId, q.group_ids, q.starts_at);
  const staffIds = [...new Set([...q.staff_ids, ...members.map((m) => m.staff_id)])];
  return defaultSchoolOf(db, districtId, staffIds, coachId, localDateTime(q.starts_at, w.auth.district.timezone).date);
}

/**
 * Stores an interaction's links whole: the old ones deleted, unless `fresh` (an interaction inserted in
 * this transaction has none; four needless statements, each with its triggers, while the write's locks are held).
 */
async function writeLinks(
  db: Conn, districtId: number, interactionId: number, r: Omit<Resolved, 'coachId' | 'coachingCycleId' | 'buildingId'>, fresh = false,
): Promise<void> {
  if (!fresh) {
    await db.deleteFrom('interaction_skills').where('interaction_id', '=', interactionId).where('district_id', '=', districtId).execute();
    await db.deleteFrom('interaction_participants').where('interaction_id', '=', interactionId).where('district_id', '=', districtId).execute();
    await db.deleteFrom('interaction_groups').where('interaction_id', '=', interactionId).where('district_id', '=', districtId).execute();
    await db.deleteFrom('interaction_field_values').where('interaction_id', '=', interactionId).where('district_id', '=', districtId).execute();
  }
  if (r.skillIds.length) {
    await db.insertInto('interaction_skills')
      .values(r.skillIds.map((skillId) => ({ district_id: districtId, interaction_id: interactionId, skill_id: skillId })))
      .execute();
  }
  if (r.participants.length) {
    await db.insertInto('interaction_participants')
      .values(r.participants.map((p) => ({ district_id: districtId, interaction_id: interactionId, staff_id: p.staff_id, group_id: p.group_id })))
      .execute();
  }
  if (r.groupIds.length) {
    await db.insertInto('interaction_groups')
      .values(r.groupIds.map((g) => ({ district_id: districtId, interaction_id: interactionId, group_id: g })))
      .execute();
  }
  if (r.values.size) {
    await db.insertInto('interaction_field_values')
      .values([...r.values].map(([fieldId, value]) => ({ district_id: districtId, interaction_id: interactionId, field_id: fieldId, value })))
      .execute();
  }
}

const audit = (db: Conn, actor: DistrictActor, action: string, subjectType: string, id: number, details: Record<string, unknown>) =>
  recordAudit(db as DB, actor, { action, subjectType, subjectId: id, details });

/** What an interaction's audit row holds: never note texts (private notes least of all). */
const auditable = (row: Pick<InteractionRow, 'interaction_type_id' | 'coach_id' | 'starts_at' | 'duration_minutes' | 'status' | 'building_id'>) => ({
  interaction_type_id: row.interaction_type_id, coach_id: row.coach_id, starts_at: row.starts_at,
  duration_minutes: row.duration_minutes, status: row.status, building_id: row.building_id,
});

/**
 * POST: a new interaction with its links and audit row. With a `client_id` (issue 31, lib/clientIds.ts) the caller
 * already used in this district, nothing is written and the interaction made then is answered (`created: false`).
 */
export function createInteraction(db: DB, w: Writer, input: InteractionCreateInput): Promise<Made<number>> {
  const key = { table: 'interactions' as const, districtId: w.actor.districtId, userId: w.actor.userId, clientId: input.client_id, notFoundMessage: INTERACTION_MESSAGES.notFound };
  return createOnce(db, key, async (trx) => {
    const r = await resolvePayload(trx, w, input);
    const now = nowIso();
    const { id } = await trx.insertInto('interactions').values({
      district_id: w.actor.districtId, interaction_type_id: input.interaction_type_id, coach_id: r.coachId,
      starts_at: input.starts_at, duration_minutes: input.duration_minutes, status: input.status, building_id: r.buildingId,
      notes: input.notes, private_notes: input.private_notes, next_steps: input.next_steps, sequence: 0, import_uid: null,
      coaching_cycle_id: r.coachingCycleId, client_id: input.client_id,
      created_by: w.actor.userId, updated_by: w.actor.userId, created_at: now, updated_at: now, deleted_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await writeLinks(trx, w.actor.districtId, id, r, true);
    await audit(trx, w.actor, 'interaction_created', 'interaction', id, {
      ...auditable({ ...input, coach_id: r.coachId, building_id: r.buildingId }),
      participants: r.participants.map((p) => p.staff_id), groups: r.groupIds,
    });
    return id;
  });
}

/** The interaction (not deleted) of the district; 404 when missing or another district's. */
export async function requireInteraction(db: Conn, districtId: number, id: number): Promise<InteractionRow> {
  const row = await findInteraction(db, districtId, id);
  if (!row) throw notFound(INTERACTION_MESSAGES.notFound);
  return row;
}

/**
 * PUT: replaces every field the caller may see. What is hidden from them (another's private notes; with
 * shared notes kept from them, notes, next steps and text field values) keeps its stored value: the
 * body's value is ignored, as the answer they read had null there. With `base_updated_at` (issue 31): 409
 * `edit_conflict` when the interaction changed since that version, checked under the record's lock.
 */
export function updateInteraction(db: DB, w: Writer, id: number, input: InteractionUpdateInput): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // One interaction's edits one at a time (db/locks.ts): its sequence, its links (replaced whole), the audit's
    // "before" and the version the edit started from.
    await lockRecord(trx, 'interactions', id);
    const before = await requireInteraction(trx, w.actor.districtId, id);
    requireBaseVersion(input.base_updated_at, before.updated_at, INTERACTION_MESSAGES.editConflict);
    const [links, sight] = await Promise.all([linksOf(trx, w.actor.districtId, id), sightOf(trx, w, before)]);
    const r = await resolvePayload(trx, w, input, { row: before, links, sight });
    const after = {
      interaction_type_id: input.interaction_type_id, coach_id: r.coachId, starts_at: input.starts_at,
      duration_minutes: input.duration_minutes, status: input.status, building_id: r.buildingId,
    };
    const texts = {
      ...(sight.sharedTexts ? { notes: input.notes, next_steps: input.next_steps } : {}),
      ...(sight.privateNotes ? { private_notes: input.private_notes } : {}),
    };
    await trx.updateTable('interactions').set({
      ...after, ...texts, coaching_cycle_id: r.coachingCycleId,
      sequence: before.sequence + 1, updated_by: w.actor.userId, updated_at: editedAt(before.updated_at, nowIso()),
    }).where('district_id', '=', w.actor.districtId).where('id', '=', id).execute();
    await writeLinks(trx, w.actor.districtId, id, r);
    const textChanged = (Object.keys(texts) as (keyof typeof texts)[]).filter((k) => before[k] !== texts[k]);
    await audit(trx, w.actor, 'interaction_updated', 'interaction', id, {
      changes: changedFields(auditable(before), after),
      ...(textChanged.length ? { texts_changed: textChanged } : {}),
      participants: { from: links.participants.map((p) => p.staff_id), to: r.participants.map((p) => p.staff_id) },
      groups: { from: links.groupIds, to: r.groupIds },
    });
  });
}

/** POST …/complete and …/cancel. Completing a completed one and cancelling a completed or cancelled one are 409. */
export function setInteractionStatus(db: DB, w: Writer, id: number, status: Extract<InteractionStatus, 'completed' | 'cancelled'>): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // One interaction's edits one at a time (db/locks.ts): its sequence, its links (replaced whole) and the audit's "before".
    await lockRecord(trx, 'interactions', id);
    const before = await requireInteraction(trx, w.actor.districtId, id);
    if (before.status === 'completed') throw conflict(INTERACTION_MESSAGES.alreadyCompleted);
    if (before.status === 'cancelled' && status === 'cancelled') throw conflict(INTERACTION_MESSAGES.alreadyCancelled);
    await trx.updateTable('interactions')
      .set({ status, sequence: before.sequence + 1, updated_by: w.actor.userId, updated_at: nowIso() })
      .where('district_id', '=', w.actor.districtId).where('id', '=', id).execute();
    await audit(trx, w.actor, status === 'completed' ? 'interaction_completed' : 'interaction_cancelled', 'interaction', id, {
      status: { from: before.status, to: status },
    });
  });
}

export const DUPLICATE_DEFAULT_DAYS = 7;

/**
 * A scheduled copy (see duplicateInteractionSchema); answers the copy's id. The copy takes only what the
 * caller may see of the source: without sight of its shared texts, no notes, next steps or text field
 * values; private notes only their author's.
 */
export function duplicateInteraction(db: DB, w: Writer, id: number, startsAt: string | null): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const source = await requireInteraction(trx, w.actor.districtId, id);
    const type = await findDistrictType(trx, w.actor.districtId, source.interaction_type_id);
    if (!type || type.archived_at !== null) throw validationError({ interaction_type_id: [INTERACTION_MESSAGES.typeArchived] });
    const [links, sight] = await Promise.all([linksOf(trx, w.actor.districtId, id), sightOf(trx, w, source)]);
    const now = nowIso();
    const { id: copyId } = await trx.insertInto('interactions').values({
      district_id: w.actor.districtId, interaction_type_id: source.interaction_type_id, coach_id: source.coach_id,
      starts_at: startsAt ?? plusMinutes(source.starts_at, DUPLICATE_DEFAULT_DAYS * 24 * 60),
      duration_minutes: source.duration_minutes, status: 'scheduled', building_id: source.building_id,
      notes: sight.sharedTexts ? source.notes : null, private_notes: sight.privateNotes ? source.private_notes : null,
      next_steps: sight.sharedTexts ? source.next_steps : null,
      coaching_cycle_id: source.coaching_cycle_id,
      sequence: 0, import_uid: null, created_by: w.actor.userId, updated_by: w.actor.userId,
      created_at: now, updated_at: now, deleted_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    // Only values of the type's fields still active are copied (archived ones belong to the old record),
    // and only those the caller sees.
    const active = new Set((await fieldsOfType(trx, w.actor.districtId, source.interaction_type_id))
      .filter((f) => f.archived_at === null && sight.seesField(f.kind)).map((f) => f.id));
    await writeLinks(trx, w.actor.districtId, copyId, {
      participants: links.participants, groupIds: links.groupIds, skillIds: links.skillIds,
      values: new Map([...links.values].filter(([fieldId]) => active.has(fieldId))),
    }, true);
    await audit(trx, w.actor, 'interaction_duplicated', 'interaction', copyId, { source_id: id });
    return copyId;
  });
}

/** Soft delete; answers the row with deleted_at. */
export function deleteInteraction(db: DB, w: Writer, id: number): Promise<InteractionRow> {
  return db.transaction().execute(async (trx) => {
    // One interaction's edits one at a time (db/locks.ts): its sequence, its links (replaced whole) and the audit's "before".
    await lockRecord(trx, 'interactions', id);
    const before = await requireInteraction(trx, w.actor.districtId, id);
    const now = nowIso();
    await trx.updateTable('interactions')
      .set({ deleted_at: now, sequence: before.sequence + 1, updated_by: w.actor.userId, updated_at: now })
      .where('district_id', '=', w.actor.districtId).where('id', '=', id).execute();
    await audit(trx, w.actor, 'interaction_deleted', 'interaction', id, auditable(before));
    return { ...before, deleted_at: now, sequence: before.sequence + 1, updated_by: w.actor.userId, updated_at: now };
  });
}

// ---- Activities -------------------------------------------------------------------------------------

export interface ActivityInput { category: string; starts_at: string; minutes: number; notes: string | null }

export function createActivity(db: DB, actor: DistrictActor, input: ActivityInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const { id } = await trx.insertInto('activities').values({
      district_id: actor.districtId, user_id: actor.userId, category: input.category as ActivityCategory,
      starts_at: input.starts_at, minutes: input.minutes, notes: input.notes, sequence: 0, import_uid: null,
      created_at: now, updated_at: now, deleted_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await audit(trx, actor, 'activity_created', 'activity', id, { category: input.category, starts_at: input.starts_at, minutes: input.minutes });
    return id;
  });
}

export function updateActivity(db: DB, actor: DistrictActor, before: ActivityRow, input: ActivityInput): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const after = { category: input.category, starts_at: input.starts_at, minutes: input.minutes };
    await trx.updateTable('activities')
      .set({ ...after, notes: input.notes, sequence: before.sequence + 1, updated_at: nowIso() })
      .where('district_id', '=', actor.districtId).where('id', '=', before.id).execute();
    await audit(trx, actor, 'activity_updated', 'activity', before.id, {
      changes: changedFields({ category: before.category, starts_at: before.starts_at, minutes: before.minutes }, after),
    });
  });
}

export function deleteActivity(db: DB, actor: DistrictActor, before: ActivityRow): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    await trx.updateTable('activities').set({ deleted_at: now, sequence: before.sequence + 1, updated_at: now })
      .where('district_id', '=', actor.districtId).where('id', '=', before.id).execute();
    await audit(trx, actor, 'activity_deleted', 'activity', before.id, { category: before.category, starts_at: before.starts_at, minutes: before.minutes });
  });
}
