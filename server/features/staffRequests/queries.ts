// Reads of school staff requests and the building history they touch; every query filters by district.
import { type ExpressionBuilder, sql } from 'kysely';
import type { DB } from '../../../db/connection';
import type { Database } from '../../../db/types';
import type { StaffRequestFilter } from '../../../common/schemas/staffRequests';
import type { Scope } from '../../access/guards';
import { dayBefore } from '../../lib/dates';
import { currentOn } from '../../lib/history';
import { searchWords, type TextSearchIndex, textSearchMatches } from '../../../db/dialect';

/** The educator search index (migration 20261122_0003_staff_search) over this module's `s` alias. */
const CANDIDATE_SEARCH: TextSearchIndex = {
  table: 'staff_search', key: 's.id', columns: ['name', 'email', 'employee_id'], starts: 'starts',
  names: ['s.first_name', 's.last_name'], fields: ['s.email', 's.employee_id'],
  searched: ['s.first_name', 's.last_name', 's.email', 's.employee_id'],
};


function baseRequests(db: DB, districtId: number) {
  return db.selectFrom('building_history_requests as r')
    .innerJoin('staff as s', (j) => j.onRef('s.id', '=', 'r.staff_id').on('s.district_id', '=', districtId))
    .innerJoin('buildings as b', (j) => j.onRef('b.id', '=', 'r.building_id').on('b.district_id', '=', districtId))
    .leftJoin('users as rq', 'rq.id', 'r.requested_by')
    .leftJoin('users as dc', 'dc.id', 'r.decided_by')
    .where('r.district_id', '=', districtId);
}

type RequestsEb = ExpressionBuilder<Database & { r: Database['building_history_requests'] }, 'r'>;

/** Who may see which requests: the whole district (`add staff`), or (`.building`) a principal sees requests for their buildings and the ones they made. */
function visibleToPrincipal(visibility: Scope) {
  return (eb: RequestsEb) =>
    eb.or([
      eb('r.building_id', 'in', visibility.buildingIds.length ? visibility.buildingIds : [-1]),
      eb('r.requested_by', '=', visibility.userId),
    ]);
}

function requestsVisibleTo(db: DB, districtId: number, visibility?: Scope) {
  const query = baseRequests(db, districtId);
  return !visibility || visibility.kind === 'district' ? query : query.where(visibleToPrincipal(visibility));
}

const REQUEST_COLUMNS = [
  'r.id', 'r.status', 'r.staff_id', 's.first_name', 's.last_name', 'r.building_id', 'b.name as building_name',
  'r.start_date', 'r.note', 'r.requested_by', 'rq.name as requested_by_name', 'r.created_at', 'r.decided_by',
  'dc.name as decided_by_name', 'r.decided_at', 'r.decision_reason',
] as const;

export async function listRequests(
  db: DB,
  districtId: number,
  opts: { visibility: Scope; status: StaffRequestFilter; offset: number; limit: number },
) {
  let query = requestsVisibleTo(db, districtId, opts.visibility);
  if (opts.status !== 'all') query = query.where('r.status', '=', opts.status);
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await query.select(REQUEST_COLUMNS)
    .orderBy('r.created_at', 'desc').orderBy('r.id', 'desc')
    .limit(opts.limit).offset(opts.offset).execute();
  return { rows, total: Number(total) };
}

export type RequestRow = Awaited<ReturnType<typeof listRequests>>['rows'][number];

/** One request of the district (visible to the caller), or undefined: another district's is "not found". */
export function findRequest(db: DB, districtId: number, id: number, visibility?: Scope) {
  return requestsVisibleTo(db, districtId, visibility).where('r.id', '=', id).select(REQUEST_COLUMNS).executeTakeFirst();
}

/** The building history rows (with school names) of some educators of the district. */
export function historyOf(db: DB, districtId: number, staffIds: number[]) {
  if (staffIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('staff_buildings as sb')
    .innerJoin('buildings as b', 'b.id', 'sb.building_id')
    .select(['sb.id', 'sb.staff_id', 'sb.building_id', 'b.name as building_name', 'sb.start_date', 'sb.end_date'])
    .where('sb.district_id', '=', districtId)
    .where('b.district_id', '=', districtId)
    .where('sb.staff_id', 'in', staffIds)
    .orderBy('sb.start_date')
    .execute();
}

export type HistoryRow = Awaited<ReturnType<typeof historyOf>>[number];

/**
 * The educator's school when the request was made, derived from history: the row current on the day it
 * was requested — or, for a start date on or before that day, on the day before the start date (the row
 * an approval closes). This stays right after approval, because approval only ends that row.
 */
export function fromBuildingOf(row: Pick<RequestRow, 'staff_id' | 'created_at' | 'start_date'>, history: HistoryRow[]) {
  const requestedOn = row.created_at.slice(0, 10);
  const before = dayBefore(row.start_date);
  const day = before < requestedOn ? before : requestedOn;
  const match = history.filter((h) => h.staff_id === row.staff_id && h.start_date <= day && (h.end_date === null || h.end_date >= day)).at(-1);
  return match ? { id: match.building_id, name: match.building_name } : null;
}

export function findActiveStaff(db: DB, districtId: number, staffId: number) {
  return db.selectFrom('staff').select(['id', 'first_name', 'last_name', 'status'])
    .where('district_id', '=', districtId).where('id', '=', staffId).where('status', '=', 'active').executeTakeFirst();
}

export function findActiveBuilding(db: DB, districtId: number, buildingId: number) {
  return db.selectFrom('buildings').select(['id', 'name'])
    .where('district_id', '=', districtId).where('id', '=', buildingId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The educator's open history rows (end_date null): normally one, their current school. */
export function openRowsOf(db: DB, districtId: number, staffId: number) {
  return db.selectFrom('staff_buildings as sb')
    .innerJoin('buildings as b', 'b.id', 'sb.building_id')
    .select(['sb.id', 'sb.building_id', 'b.name as building_name', 'sb.start_date'])
    .where('sb.district_id', '=', districtId).where('sb.staff_id', '=', staffId).where('sb.end_date', 'is', null)
    .orderBy('sb.start_date', 'desc')
    .execute();
}

export async function hasPendingRequest(db: DB, districtId: number, staffId: number, buildingId: number): Promise<boolean> {
  const row = await db.selectFrom('building_history_requests').select('id')
    .where('district_id', '=', districtId).where('staff_id', '=', staffId).where('building_id', '=', buildingId)
    .where('status', '=', 'pending').executeTakeFirst();
  return row !== undefined;
}

/**
 * Active educators of the district who are not currently at any of `excludeBuildingIds` (null: exclude
 * none), matching every word of `search` in name, email or employee id; with their current school.
 */
export async function candidates(db: DB, districtId: number, excludeBuildingIds: number[] | null, search: string, limit: number) {
  let query = db.selectFrom('staff as s')
    .leftJoin('staff_buildings as sb', (j) => j.onRef('sb.staff_id', '=', 's.id').on('sb.district_id', '=', districtId).on(currentOn('sb')))
    .leftJoin('buildings as b', (j) => j.onRef('b.id', '=', 'sb.building_id').on('b.district_id', '=', districtId))
    .select(['s.id', 's.first_name', 's.last_name', 'b.id as building_id', 'b.name as building_name'])
    .where('s.district_id', '=', districtId)
    .where('s.status', '=', 'active');
  if (excludeBuildingIds) {
    const ids = excludeBuildingIds.length ? excludeBuildingIds : [-1];
    query = query.where((eb) =>
      eb.not(eb.exists(
        eb.selectFrom('staff_buildings as x').select(sql.lit(1).as('one'))
          .whereRef('x.staff_id', '=', 's.id').where('x.district_id', '=', districtId)
          .where('x.building_id', 'in', ids).where(currentOn('x')),
      )),
    );
  }
  const words = searchWords(search);
  if (words.length) query = query.where(textSearchMatches(db, CANDIDATE_SEARCH, words));
  const rows = await query.orderBy('s.last_name').orderBy('s.first_name').orderBy('s.id').limit(limit * 2).execute();
  // An educator with two current rows would appear twice; keep the first.
  const seen = new Set<number>();
  return rows.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true))).slice(0, limit);
}
