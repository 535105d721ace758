// Interactions and activities queries. Every query takes `db` first and filters by district_id; what a
// reader may see comes in as a Visibility (policies.ts) and is applied here, never by looking at
// permissions.
import { type ExpressionBuilder, type Selectable, type SelectQueryBuilder, sql, type SqlBool, type Transaction } from 'kysely';
import type { ActivityCategory, InteractionStatus } from '../../../common/schemas/interactions';
import type { DB } from '../../../db/connection';
import { escapeLike, instantPlusMinutes } from '../../../db/dialect';
import type { ActivitiesTable, Database, InteractionsTable } from '../../../db/types';
import { INTERACTION_RECORDS, isActiveHolder, visibleCoachingRecords } from '../../access/coachingRecords';
import type { Visibility } from './policies';

export type Conn = DB | Transaction<Database>;
export type InteractionRow = Selectable<InteractionsTable>;
export type ActivityRow = Selectable<ActivitiesTable>;
type InteractionQuery = SelectQueryBuilder<Database, 'interactions', object>;
type ActivityQuery = SelectQueryBuilder<Database, 'activities', object>;

/** The interactions (not deleted) of the district a reader may see. */
export function visibleInteractions(db: Conn, v: Visibility): InteractionQuery {
  return visibleCoachingRecords(db, v, INTERACTION_RECORDS);
}

export interface InteractionFilters {
  /** Instants: starts_at >= from and < to. */
  from: string | null;
  to: string | null;
  coachIds: number[];
  typeIds: number[];
  statuses: InteractionStatus[];
  staffIds: number[];
  groupIds: number[];
  buildingIds: number[];
  /** Participants' grade levels and subjects (a participant matching any): the reports' drill-down. */
  gradeLevels: string[];
  subjects: string[];
  needsCompleting: boolean;
  now: string;
}

/** True when the filter narrows by anything but dates and coach (activities then join the totals). */
export function narrowsBeyondPeople(f: InteractionFilters): boolean {
  return f.typeIds.length > 0 || f.statuses.length > 0 || f.staffIds.length > 0 || f.groupIds.length > 0
    || f.buildingIds.length > 0 || f.gradeLevels.length > 0 || f.subjects.length > 0 || f.needsCompleting;
}

/** Scheduled and over: its end (start + duration) has passed. */
export function needsCompletingSql(db: Conn, now: string) {
  return (eb: ExpressionBuilder<Database, 'interactions'>) => eb.and([
    eb('interactions.status', '=', 'scheduled'),
    eb('interactions.starts_at', '<', now),
    eb(instantPlusMinutes(db, sql.ref('interactions.starts_at'), sql.ref('interactions.duration_minutes')), '<=', now),
  ]);
}

export function filteredInteractions(db: Conn, v: Visibility, f: InteractionFilters): InteractionQuery {
  let q = visibleInteractions(db, v);
  if (f.from) q = q.where('interactions.starts_at', '>=', f.from);
  if (f.to) q = q.where('interactions.starts_at', '<', f.to);
  if (f.coachIds.length) q = q.where('interactions.coach_id', 'in', f.coachIds);
  if (f.typeIds.length) q = q.where('interactions.interaction_type_id', 'in', f.typeIds);
  if (f.statuses.length) q = q.where('interactions.status', 'in', f.statuses);
  if (f.buildingIds.length) q = q.where('interactions.building_id', 'in', f.buildingIds);
  if (f.staffIds.length) {
    q = q.where('interactions.id', 'in', (eb: ExpressionBuilder<Database, 'interactions'>) =>
      eb.selectFrom('interaction_participants as fp').select('fp.interaction_id')
        .where('fp.district_id', '=', v.districtId).where('fp.staff_id', 'in', f.staffIds));
  }
  if (f.groupIds.length) {
    q = q.where('interactions.id', 'in', (eb: ExpressionBuilder<Database, 'interactions'>) =>
      eb.selectFrom('interaction_groups as fg').select('fg.interaction_id')
        .where('fg.district_id', '=', v.districtId).where('fg.group_id', 'in', f.groupIds));
  }
  if (f.gradeLevels.length || f.subjects.length) {
    const listHas = (column: 'ps.grade_levels' | 'ps.subjects', values: string[]) =>
      values.map((v) => sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(JSON.stringify(v))}%`} escape '\\'`);
    q = q.where('interactions.id', 'in', (eb: ExpressionBuilder<Database, 'interactions'>) => {
      let sub = eb.selectFrom('interaction_participants as pp').innerJoin('staff as ps', 'ps.id', 'pp.staff_id').select('pp.interaction_id')
        .where('pp.district_id', '=', v.districtId).where('ps.district_id', '=', v.districtId);
      if (f.gradeLevels.length) sub = sub.where((w) => w.or(listHas('ps.grade_levels', f.gradeLevels)));
      if (f.subjects.length) sub = sub.where((w) => w.or(listHas('ps.subjects', f.subjects)));
      return sub;
    });
  }
  if (f.needsCompleting) q = q.where(needsCompletingSql(db, f.now));
  return q;
}

export async function listInteractionsPage(
  db: Conn, v: Visibility, f: InteractionFilters, sort: string, page: { perPage: number; offset: number },
): Promise<{ rows: InteractionRow[]; total: number }> {
  const base = filteredInteractions(db, v, f);
  const direction = sort === 'starts_at' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    base.selectAll('interactions')
      .orderBy('interactions.starts_at', direction).orderBy('interactions.id', direction)
      .limit(page.perPage).offset(page.offset).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Minutes that count: cancelled and no-show interactions took no time. */
const countedMinutes = sql<number>`sum(case when interactions.status in ('completed', 'scheduled') then interactions.duration_minutes else 0 end)`;

export interface TypeTotalRow {
  id: number;
  name: string;
  colour: string;
  counts_as_coaching: number;
  count: number;
  minutes: number | null;
}

/** Counts and minutes per type (grouped on the interactions first, then the few types named). */
export async function interactionTotalsByType(db: Conn, query: InteractionQuery): Promise<TypeTotalRow[]> {
  const sums = await query
    .select(['interactions.interaction_type_id as type_id', sql<number>`count(*)`.as('count'), countedMinutes.as('minutes')])
    .groupBy('interactions.interaction_type_id')
    .execute();
  if (!sums.length) return [];
  const types = await db.selectFrom('interaction_types')
    .select(['id', 'name', 'colour', 'counts_as_coaching', 'sort_order'])
    .where('id', 'in', sums.map((r) => r.type_id))
    .orderBy('sort_order').orderBy('id').execute();
  const byId = new Map(sums.map((r) => [r.type_id, r]));
  return types.map((t) => ({ ...t, count: Number(byId.get(t.id)?.count ?? 0), minutes: byId.get(t.id)?.minutes ?? 0 }));
}

export function activityTotalsByCategory(query: ActivityQuery): Promise<{ category: string; minutes: number | null }[]> {
  return query.select(['activities.category', sql<number>`sum(activities.minutes)`.as('minutes')])
    .groupBy('activities.category').execute();
}

/** One interaction the reader may see (not deleted), or undefined. */
export function findVisibleInteraction(db: Conn, v: Visibility, id: number): Promise<InteractionRow | undefined> {
  return visibleInteractions(db, v).selectAll('interactions').where('interactions.id', '=', id).executeTakeFirst();
}

/** One interaction of the district (not deleted), whoever may see it. */
export function findInteraction(db: Conn, districtId: number, id: number): Promise<InteractionRow | undefined> {
  return db.selectFrom('interactions').selectAll()
    .where('district_id', '=', districtId).where('id', '=', id).where('deleted_at', 'is', null)
    .executeTakeFirst();
}

// ---- What an answer shows beside the rows ---------------------------------------------------------

export interface ParticipantRow { interaction_id: number; staff_id: number; group_id: number | null; first_name: string; last_name: string; user_id: number | null }
export interface GroupLinkRow { interaction_id: number; group_id: number; name: string }
export interface FieldValueRow {
  interaction_id: number; field_id: number; value: string; label: string; kind: string; archived_at: string | null; sort_order: number;
}
export interface Related {
  cycles: Map<number, string>;
  skills: { interaction_id: number; skill_id: number; name: string }[];
  types: Map<number, { id: number; name: string; colour: string; counts_as_coaching: number }>;
  users: Map<number, string>;
  buildings: Map<number, string>;
  participants: ParticipantRow[];
  groups: GroupLinkRow[];
  fieldValues: FieldValueRow[];
}

export async function relatedOf(db: Conn, districtId: number, rows: InteractionRow[]): Promise<Related> {
  const ids = rows.map((r) => r.id);
  const typeIds = [...new Set(rows.map((r) => r.interaction_type_id))];
  const userIds = [...new Set(rows.flatMap((r) => [r.coach_id, r.created_by, r.updated_by]).filter((x): x is number => x !== null))];
  const buildingIds = [...new Set(rows.map((r) => r.building_id).filter((x): x is number => x !== null))];
  const cycleIds = [...new Set(rows.map((r) => r.coaching_cycle_id).filter((x): x is number => x !== null))];
  if (ids.length === 0) return { cycles: new Map(), skills: [], types: new Map(), users: new Map(), buildings: new Map(), participants: [], groups: [], fieldValues: [] };
  const [cycles, skills, types, users, buildings, participants, groups, fieldValues] = await Promise.all([
    cycleIds.length
      ? db.selectFrom('coaching_cycles').select(['id', 'title']).where('district_id', '=', districtId).where('id', 'in', cycleIds).where('deleted_at', 'is', null).execute()
      : Promise.resolve([]),
    db.selectFrom('interaction_skills as isk').innerJoin('skills as k', 'k.id', 'isk.skill_id')
      .select(['isk.interaction_id', 'isk.skill_id', 'k.name'])
      .where('isk.district_id', '=', districtId).where('isk.interaction_id', 'in', ids)
      .orderBy('k.sort_order').orderBy('k.id').execute(),
    db.selectFrom('interaction_types').select(['id', 'name', 'colour', 'counts_as_coaching']).where('id', 'in', typeIds).execute(),
    userIds.length ? db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute() : Promise.resolve([]),
    buildingIds.length
      ? db.selectFrom('buildings').select(['id', 'name']).where('district_id', '=', districtId).where('id', 'in', buildingIds).execute()
      : Promise.resolve([]),
    db.selectFrom('interaction_participants as ip').innerJoin('staff as s', 's.id', 'ip.staff_id')
      .select(['ip.interaction_id', 'ip.staff_id', 'ip.group_id', 's.first_name', 's.last_name', 's.user_id'])
      .where('ip.district_id', '=', districtId).where('ip.interaction_id', 'in', ids)
      .orderBy('s.last_name').orderBy('s.first_name').orderBy('ip.staff_id').execute(),
    db.selectFrom('interaction_groups as ig').innerJoin('groups as g', 'g.id', 'ig.group_id')
      .select(['ig.interaction_id', 'ig.group_id', 'g.name'])
      .where('ig.district_id', '=', districtId).where('ig.interaction_id', 'in', ids)
      .orderBy(sql`lower(g.name)`).orderBy('g.id').execute(),
    db.selectFrom('interaction_field_values as fv').innerJoin('interaction_fields as f', 'f.id', 'fv.field_id')
      .select(['fv.interaction_id', 'fv.field_id', 'fv.value', 'f.label', 'f.kind', 'f.archived_at', 'f.sort_order'])
      .where('fv.district_id', '=', districtId).where('fv.interaction_id', 'in', ids)
      .orderBy('f.sort_order').orderBy('f.id').execute(),
  ]);
  return {
    cycles: new Map(cycles.map((c) => [c.id, c.title])),
    skills,
    types: new Map(types.map((t) => [t.id, t])),
    users: new Map(users.map((u) => [u.id, u.name])),
    buildings: new Map(buildings.map((b) => [b.id, b.name])),
    participants, groups, fieldValues,
  };
}

// ---- Writes' lookups --------------------------------------------------------------------------------

/** The linked logins of an interaction's participants (null for an educator without one). */
export async function participantUserIds(db: Conn, districtId: number, interactionId: number): Promise<(number | null)[]> {
  const rows = await db.selectFrom('interaction_participants as ip').innerJoin('staff as s', 's.id', 'ip.staff_id')
    .select('s.user_id')
    .where('ip.district_id', '=', districtId).where('s.district_id', '=', districtId).where('ip.interaction_id', '=', interactionId)
    .execute();
  return rows.map((r) => r.user_id);
}

/** A type of the district (never a provider default), archived or not. */
export function findDistrictType(db: Conn, districtId: number, id: number) {
  return db.selectFrom('interaction_types').selectAll().where('district_id', '=', districtId).where('id', '=', id).executeTakeFirst();
}

export function fieldsOfType(db: Conn, districtId: number, typeId: number) {
  return db.selectFrom('interaction_fields').selectAll()
    .where('interaction_type_id', '=', typeId)
    .where((eb) => eb.or([eb('district_id', '=', districtId), eb('district_id', 'is', null)]))
    .orderBy('sort_order').orderBy('id').execute();
}

/** An active login of the district holding `see activity` (any scope): who may coach an interaction. */
export function isDistrictCoach(db: Conn, districtId: number, userId: number): Promise<boolean> {
  return isActiveHolder(db, districtId, userId, 'see activity');
}

/** A coaching cycle of the district (not deleted) with its educators, for the interaction's cycle link. */
export async function findDistrictCycle(db: Conn, districtId: number, id: number) {
  const cycle = await db.selectFrom('coaching_cycles').select(['id', 'coach_id']).where('district_id', '=', districtId).where('id', '=', id)
    .where('deleted_at', 'is', null).executeTakeFirst();
  if (!cycle) return undefined;
  const staff = await db.selectFrom('coaching_cycle_staff').select('staff_id').where('district_id', '=', districtId).where('cycle_id', '=', id).execute();
  return { ...cycle, staffIds: staff.map((s) => s.staff_id) };
}

export function findDistrictBuilding(db: Conn, districtId: number, id: number) {
  return db.selectFrom('buildings').select(['id', 'deleted_at']).where('district_id', '=', districtId).where('id', '=', id).executeTakeFirst();
}

export async function districtGroupIds(db: Conn, districtId: number, ids: number[], activeOnly: boolean): Promise<Set<number>> {
  if (!ids.length) return new Set();
  let q = db.selectFrom('groups').select('id').where('district_id', '=', districtId).where('id', 'in', ids);
  if (activeOnly) q = q.where('deleted_at', 'is', null);
  return new Set((await q.execute()).map((r) => r.id));
}

/**
 * The members of groups at an instant: group item dates are UTC instants of local midnights (the
 * end date is the member's last day), so a member counts from start_date until a day after end_date.
 * Only educators of the district.
 */
export async function groupMembersAt(db: Conn, districtId: number, groupIds: number[], at: string): Promise<{ group_id: number; staff_id: number }[]> {
  if (!groupIds.length) return [];
  const rows = await db.selectFrom('group_items as gi')
    .innerJoin('groups as g', 'g.id', 'gi.group_id')
    .innerJoin('staff as s', 's.id', 'gi.item_id')
    .select(['gi.group_id', 'gi.item_id as staff_id', 'gi.end_date'])
    .where('g.district_id', '=', districtId).where('s.district_id', '=', districtId)
    .where('gi.group_id', 'in', groupIds)
    .where('gi.start_date', '<=', at)
    .orderBy('gi.group_id').orderBy('gi.id')
    .execute();
  const atMs = Date.parse(at);
  return rows.filter((r) => r.end_date === null || Date.parse(r.end_date) + 86_400_000 > atMs)
    .map((r) => ({ group_id: r.group_id, staff_id: r.staff_id }));
}

// ---- Activities ---------------------------------------------------------------------------------

/** The activities (not deleted) a reader may see: district = all; building = of users of their schools; else own. */
export function visibleActivities(db: Conn, v: Visibility): ActivityQuery {
  const query = db.selectFrom('activities')
    .where('activities.district_id', '=', v.districtId)
    .where('activities.deleted_at', 'is', null);
  if (v.kind === 'district') return query;
  if (v.kind === 'building') {
    return query.where((eb) => eb.or([
      eb('activities.user_id', '=', v.userId),
      eb('activities.user_id', 'in',
        eb.selectFrom('user_buildings as ub').innerJoin('buildings as b', 'b.id', 'ub.building_id')
          .select('ub.user_id')
          .where('b.district_id', '=', v.districtId)
          .where('ub.building_id', 'in', v.buildingIds.length ? v.buildingIds : [-1])),
    ]));
  }
  return query.where('activities.user_id', '=', v.userId);
}

export interface ActivityFilters { from: string | null; to: string | null; userIds: number[]; categories: ActivityCategory[] }

export function filteredActivities(db: Conn, v: Visibility, f: ActivityFilters): ActivityQuery {
  let q = visibleActivities(db, v);
  if (f.from) q = q.where('activities.starts_at', '>=', f.from);
  if (f.to) q = q.where('activities.starts_at', '<', f.to);
  if (f.userIds.length) q = q.where('activities.user_id', 'in', f.userIds);
  if (f.categories.length) q = q.where('activities.category', 'in', f.categories);
  return q;
}

export async function listActivitiesPage(
  db: Conn, v: Visibility, f: ActivityFilters, sort: string, page: { perPage: number; offset: number },
): Promise<{ rows: ActivityRow[]; total: number }> {
  const base = filteredActivities(db, v, f);
  const direction = sort === 'starts_at' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    base.selectAll('activities').orderBy('activities.starts_at', direction).orderBy('activities.id', direction)
      .limit(page.perPage).offset(page.offset).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findVisibleActivity(db: Conn, v: Visibility, id: number): Promise<ActivityRow | undefined> {
  return visibleActivities(db, v).selectAll('activities').where('activities.id', '=', id).executeTakeFirst();
}

export async function userNames(db: Conn, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The district's privacy settings JSON. */
export async function districtSettingsJson(db: Conn, districtId: number): Promise<string> {
  const row = await db.selectFrom('districts').select('settings').where('id', '=', districtId).executeTakeFirst();
  return row?.settings ?? '{}';
}
