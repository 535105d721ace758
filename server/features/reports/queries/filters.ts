// What every report shares: the resolved range and filters (a ReportContext), the counted interactions,
// the roster and the educators the filters describe, and the district's coaching targets. Every query
// takes `db` first and filters by district_id; the caller's reach comes in as the scope of the reader
// (policies.ts) and is applied here. A filter id outside the district or the scope simply matches
// nothing: every condition is ANDed with the district and the scope.
import { type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import type { CoachingTargets, ReportFilter } from '../../../../common/schemas/reports';
import type { DB } from '../../../../db/connection';
import type { Database } from '../../../../db/types';
import type { Scope } from '../../../access/guards';
import { visibleStaff } from '../../../access/staffScope';
import { validationError } from '../../../http/errors';
import { escapeLike } from '../../../../db/dialect';
import { addDays } from '../../../lib/dates';
import { currentOn } from '../../../lib/history';
import type { ReportReader } from '../policies';
import { daysBetween, schoolYearStart, startOfLocalDay, todayIn, zoneOffsets } from '../../../lib/zone';

export const MAX_RANGE_YEARS = 5;
export const RANGE_MESSAGES = {
  toBeforeFrom: 'To must be on or after From.',
  tooLong: `The date range can be at most ${MAX_RANGE_YEARS} years.`,
  outOfBounds: 'Dates must be between 1970-01-01 and 2999-12-31.',
} as const;

/** A report's resolved query: dates (inclusive, the district's days) and their instants [fromAt, toAt). */
export interface ReportContext {
  districtId: number;
  scope: Scope;
  timezone: string;
  schoolYearStartMonth: number;
  today: string;
  from: string;
  to: string;
  fromAt: string;
  toAt: string;
  offsets: { until: string | null; minutes: number }[];
  filter: ReportFilter;
}


/**
 * The range of a query: both dates absent = this school year up to today (the district's timezone);
 * only `from` = from … today; only `to` = its school year's start … to. 422: to before from (on
 * filter.to), longer than MAX_RANGE_YEARS (on filter.from), dates outside 1970 … 2999.
 */
export function resolveRange(
  filter: Pick<ReportFilter, 'from' | 'to'>, district: DistrictCalendar, today: string, fields = { from: 'filter.from', to: 'filter.to' },
): { from: string; to: string } {
  const errors: Record<string, string[]> = {};
  for (const [key, value] of [['from', filter.from], ['to', filter.to]] as const) {
    if (value !== null && (value < '1970-01-01' || value > '2999-12-31')) errors[fields[key]] = [RANGE_MESSAGES.outOfBounds];
  }
  if (Object.keys(errors).length) throw validationError(errors);
  const to = filter.to ?? (filter.from && filter.from > today ? filter.from : today);
  const from = filter.from ?? schoolYearStart(to, district.school_year_start_month);
  if (to < from) throw validationError({ [fields.to]: [RANGE_MESSAGES.toBeforeFrom] });
  const [y, m, d] = from.split('-');
  if (to >= `${Number(y) + MAX_RANGE_YEARS}-${m}-${d}`) throw validationError({ [fields.from]: [RANGE_MESSAGES.tooLong] });
  return { from, to };
}

/** The district's calendar: its timezone and the month its school year starts. */
export interface DistrictCalendar { id: number; timezone: string; school_year_start_month: number }

export async function districtCalendar(db: DB, reader: ReportReader): Promise<DistrictCalendar> {
  const row = await db.selectFrom('districts').select(['school_year_start_month']).where('id', '=', reader.district.id).executeTakeFirst();
  return { ...reader.district, school_year_start_month: row?.school_year_start_month ?? 8 };
}

export function buildContext(reader: ReportReader, calendar: DistrictCalendar, filter: ReportFilter, range?: { from: string; to: string }, now = new Date()): ReportContext {
  const today = todayIn(calendar.timezone, now);
  const { from, to } = range ?? resolveRange(filter, calendar, today);
  const fromAt = startOfLocalDay(from, calendar.timezone);
  const toAt = startOfLocalDay(addDays(to, 1), calendar.timezone);
  return {
    districtId: calendar.id, scope: reader.scope, timezone: calendar.timezone,
    schoolYearStartMonth: calendar.school_year_start_month, today, from, to, fromAt, toAt,
    offsets: zoneOffsets(fromAt, toAt, calendar.timezone), filter,
  };
}

/** The same context over other dates (a comparison's period, the "since the school year began" view). */
export function withRange(ctx: ReportContext, from: string, to: string): ReportContext {
  const fromAt = startOfLocalDay(from, ctx.timezone);
  const toAt = startOfLocalDay(addDays(to, 1), ctx.timezone);
  return { ...ctx, from, to, fromAt, toAt, offsets: zoneOffsets(fromAt, toAt, ctx.timezone) };
}

export const withFilter = (ctx: ReportContext, filter: Partial<ReportFilter>): ReportContext => ({ ...ctx, filter: { ...ctx.filter, ...filter } });

/** Months in the range (days / 30.44), for "per month" targets; at least a day's worth. */
export const monthsIn = (ctx: ReportContext) => Math.max(1, daysBetween(ctx.from, ctx.to) + 1) / (365.25 / 12);

// ---- Educators ---------------------------------------------------------------------------------------

type StaffEb = ExpressionBuilder<Database, 'staff'>;

/** A JSON list column (grade_levels, subjects) holding any of the values: matches the quoted element. */
function jsonListHasAny(eb: StaffEb, column: 'staff.grade_levels' | 'staff.subjects', values: readonly string[]) {
  return eb.or(values.map((v) => sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(JSON.stringify(v))}%`} escape '\\'`));
}

/** True when the filter describes educators (grade level, subject, group). */
export const describesEducators = (f: ReportFilter) => f.grade_level.length > 0 || f.subject.length > 0 || f.group_id.length > 0;

/** Staff of the district matching the filter's educator attributes (grade, subject, group membership overlapping the range). */
export function matchingEducators(db: DB, ctx: ReportContext) {
  const f = ctx.filter;
  let q = db.selectFrom('staff').select('staff.id').where('staff.district_id', '=', ctx.districtId);
  if (f.grade_level.length) q = q.where((eb) => jsonListHasAny(eb, 'staff.grade_levels', f.grade_level));
  if (f.subject.length) q = q.where((eb) => jsonListHasAny(eb, 'staff.subjects', f.subject));
  if (f.group_id.length) {
    // Group items store instants of local midnights, end_date being the member's last day.
    const since = new Date(Date.parse(ctx.fromAt) - 86_400_000).toISOString();
    q = q.where('staff.id', 'in', (eb) => eb.selectFrom('group_items as gi').innerJoin('groups as g', 'g.id', 'gi.group_id')
      .select('gi.item_id').where('g.district_id', '=', ctx.districtId).where('gi.group_id', 'in', f.group_id)
      .where('gi.start_date', '<', ctx.toAt)
      .where((w) => w.or([w('gi.end_date', 'is', null), w('gi.end_date', '>=', since)])));
  }
  return q;
}

/**
 * The roster: active educators the scope reaches (a coach's `.self`: their caseload), matching the
 * educator filters, at a filtered school on `to`, in a filtered coach's caseload on `to`.
 */
export function rosterQuery(db: DB, ctx: ReportContext) {
  const f = ctx.filter;
  const reach: Scope = ctx.scope.kind === 'self' ? { ...ctx.scope, kind: 'assigned' } : ctx.scope;
  let q = visibleStaff(db, reach).where('staff.status', '=', 'active');
  if (f.grade_level.length) q = q.where((eb) => jsonListHasAny(eb, 'staff.grade_levels', f.grade_level));
  if (f.subject.length) q = q.where((eb) => jsonListHasAny(eb, 'staff.subjects', f.subject));
  if (f.group_id.length) q = q.where('staff.id', 'in', matchingEducators(db, withFilter(ctx, { grade_level: [], subject: [] })));
  if (f.building_id.length) {
    q = q.where('staff.id', 'in', (eb) => eb.selectFrom('staff_buildings as fb').select('fb.staff_id')
      .where('fb.district_id', '=', ctx.districtId).where('fb.building_id', 'in', f.building_id).where(currentOn('fb', ctx.to)));
  }
  if (f.coach_id.length) {
    q = q.where('staff.id', 'in', (eb) => eb.selectFrom('coach_assignments as fc').select('fc.staff_id')
      .where('fc.district_id', '=', ctx.districtId).where('fc.coach_id', 'in', f.coach_id).where(currentOn('fc', ctx.to)));
  }
  return q;
}

export const rosterIds = (db: DB, ctx: ReportContext) => rosterQuery(db, ctx).select('staff.id');

/** Roster rows with their school on `to` (null without one), by last name. */
export async function rosterRows(db: DB, ctx: ReportContext) {
  return rosterQuery(db, ctx)
    .leftJoin('staff_buildings as sb', (j) => j.onRef('sb.staff_id', '=', 'staff.id').on('sb.district_id', '=', ctx.districtId)
      .on('sb.start_date', '<=', ctx.to).on((eb) => eb.or([eb('sb.end_date', 'is', null), eb('sb.end_date', '>=', ctx.to)])))
    .leftJoin('buildings as b', 'b.id', 'sb.building_id')
    .select(['staff.id', 'staff.first_name', 'staff.last_name', 'staff.hire_date', 'sb.building_id', 'b.name as building_name'])
    .orderBy('staff.last_name').orderBy('staff.first_name').orderBy('staff.id')
    .execute()
    .then((rows) => {
      // An educator with two current rows (a move on `to`) appears once, at the later school row.
      const seen = new Map<number, (typeof rows)[number]>();
      for (const r of rows) seen.set(r.id, r);
      return [...seen.values()];
    });
}

// ---- Interactions ------------------------------------------------------------------------------------

/**
 * The counted interactions (completed, not deleted, starting in the range) the scope reaches, narrowed by
 * the filters: school, coach and type describe the interaction; grade, subject and group need at least one
 * matching participant. District: all; `.building`: held at the caller's schools; `.self`: coached by them.
 */
export function countedInteractions(db: DB, ctx: ReportContext) {
  const f = ctx.filter;
  let q = db.selectFrom('interactions as i')
    .where('i.district_id', '=', ctx.districtId)
    .where('i.starts_at', '>=', ctx.fromAt).where('i.starts_at', '<', ctx.toAt)
    .where('i.status', '=', 'completed').where('i.deleted_at', 'is', null);
  if (ctx.scope.kind === 'building') q = q.where('i.building_id', 'in', ctx.scope.buildingIds.length ? ctx.scope.buildingIds : [-1]);
  else if (ctx.scope.kind !== 'district') q = q.where('i.coach_id', '=', ctx.scope.userId);
  if (f.building_id.length) q = q.where('i.building_id', 'in', f.building_id);
  if (f.coach_id.length) q = q.where('i.coach_id', 'in', f.coach_id);
  if (f.interaction_type_id.length) q = q.where('i.interaction_type_id', 'in', f.interaction_type_id);
  if (describesEducators(f)) {
    q = q.where((eb) => eb.exists(eb.selectFrom('interaction_participants as mp').select(sql.lit(1).as('one'))
      .whereRef('mp.interaction_id', '=', 'i.id').where('mp.staff_id', 'in', matchingEducators(db, ctx))));
  }
  return q;
}

/**
 * The counted interactions joined to their participants who are on the roster (the "reached" rows).
 * The roster test is written `+p.staff_id` so SQLite never drives the join from the roster: from each
 * roster educator it would read every participation they ever had, and look each interaction up (2 million
 * lookups, 27 s, on a district of 1 000 000 interactions); the date range on the covering index is the way in.
 */
export function reachedParticipations(db: DB, ctx: ReportContext) {
  return countedInteractions(db, ctx)
    .innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
    .where(sql<number>`+p.staff_id`, 'in', rosterIds(db, ctx));
}

// ---- Coaching cycles ---------------------------------------------------------------------------------

/**
 * The cycles (not deleted) overlapping the range — started on or before `to`, not finished before `from`
 * (completed_on; a cancelled cycle's last change) — that the scope reaches: district all; `.building`
 * with an educator now at the caller's schools; `.self` coached by them. School (the educators' school on
 * `to`), coach, grade, subject and group narrow them; interaction type does not apply to cycles.
 */
export function overlappingCycles(db: DB, ctx: ReportContext) {
  const f = ctx.filter;
  let q = db.selectFrom('coaching_cycles as c')
    .where('c.district_id', '=', ctx.districtId).where('c.deleted_at', 'is', null)
    .where('c.start_date', '<=', ctx.to)
    .where((eb) => eb.or([
      eb('c.status', 'in', ['planned', 'active']),
      eb.and([eb('c.status', '=', 'completed'), eb('c.completed_on', '>=', ctx.from)]),
      eb.and([eb('c.status', '=', 'cancelled'), eb('c.updated_at', '>=', ctx.fromAt)]),
    ]));
  if (ctx.scope.kind === 'building') {
    const ids = ctx.scope.buildingIds.length ? ctx.scope.buildingIds : [-1];
    q = q.where('c.id', 'in', (eb) => eb.selectFrom('coaching_cycle_staff as scs').innerJoin('staff_buildings as ssb', 'ssb.staff_id', 'scs.staff_id')
      .select('scs.cycle_id').where('scs.district_id', '=', ctx.districtId).where('ssb.district_id', '=', ctx.districtId)
      .where('ssb.building_id', 'in', ids).where(currentOn('ssb', ctx.today)));
  } else if (ctx.scope.kind !== 'district') {
    q = q.where('c.coach_id', '=', ctx.scope.userId);
  }
  if (f.coach_id.length) q = q.where('c.coach_id', 'in', f.coach_id);
  if (f.building_id.length) {
    q = q.where('c.id', 'in', (eb) => eb.selectFrom('coaching_cycle_staff as bcs').innerJoin('staff_buildings as bsb', 'bsb.staff_id', 'bcs.staff_id')
      .select('bcs.cycle_id').where('bcs.district_id', '=', ctx.districtId).where('bsb.district_id', '=', ctx.districtId)
      .where('bsb.building_id', 'in', f.building_id).where(currentOn('bsb', ctx.to)));
  }
  if (describesEducators(f)) {
    q = q.where('c.id', 'in', (eb) => eb.selectFrom('coaching_cycle_staff as ecs').select('ecs.cycle_id')
      .where('ecs.district_id', '=', ctx.districtId).where('ecs.staff_id', 'in', matchingEducators(db, ctx)));
  }
  return q;
}

// ---- Coaches -----------------------------------------------------------------------------------------

const COACH_ROLE = 'coach';

/** The coaches a report shows: coach-role users of the district (not disabled), narrowed by scope and filters. */
export function teamCoaches(db: DB, ctx: ReportContext) {
  let q = db.selectFrom('users').select(['users.id', 'users.name'])
    .where('users.district_id', '=', ctx.districtId).where('users.status', '!=', 'disabled')
    .where((eb) => eb.exists(eb.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select(sql.lit(1).as('one'))
      .whereRef('user_roles.user_id', '=', 'users.id').where('roles.name', '=', COACH_ROLE)));
  if (ctx.scope.kind === 'self' || ctx.scope.kind === 'assigned') q = q.where('users.id', '=', ctx.scope.userId);
  const schools = [
    ...(ctx.scope.kind === 'building' ? [ctx.scope.buildingIds] : []),
    ...(ctx.filter.building_id.length ? [ctx.filter.building_id] : []),
  ];
  for (const ids of schools) {
    q = q.where('users.id', 'in', (eb) => eb.selectFrom('user_buildings').select('user_buildings.user_id').where('user_buildings.building_id', 'in', ids.length ? ids : [-1]));
  }
  if (ctx.filter.coach_id.length) q = q.where('users.id', 'in', ctx.filter.coach_id);
  return q.orderBy(sql`lower(users.name)`).orderBy('users.id');
}

// ---- Names and targets -------------------------------------------------------------------------------

export async function namesOf(db: DB, table: 'buildings' | 'groups', districtId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom(table).select(['id', 'name']).where('district_id', '=', districtId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function userNamesOf(db: DB, districtId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('district_id', '=', districtId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The district's coaching targets (settings JSON `coaching_targets`), or null when none is set. */
export async function coachingTargetsOf(db: DB, districtId: number): Promise<CoachingTargets | null> {
  const row = await db.selectFrom('districts').select('settings').where('id', '=', districtId).executeTakeFirst();
  let raw: unknown;
  try {
    raw = JSON.parse(row?.settings ?? '{}');
  } catch {
    return null;
  }
  const t = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).coaching_targets : undefined;
  if (!t || typeof t !== 'object') return null;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
  const targets = {
    interactions_per_educator_per_month: num((t as Record<string, unknown>).interactions_per_educator_per_month),
    cycles_per_new_teacher_per_semester: num((t as Record<string, unknown>).cycles_per_new_teacher_per_semester),
  };
  return targets.interactions_per_educator_per_month === null && targets.cycles_per_new_teacher_per_semester === null ? null : targets;
}
