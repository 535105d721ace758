// Educators (staff) reads. Every query filters by the caller's district; the list starts from
// scopedStaff, so the permission suffix (district / building / assigned / self) applies on every call.
import { type ExpressionBuilder, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import { STAFF_GROUP_OF } from '../../../common/schemas/groups';
import type { StaffListQuery } from '../../../common/schemas/staff';
import type { DB } from '../../../db/connection';
import type { Database, StaffTable } from '../../../db/types';
import type { Scope } from '../../access/guards';
import { visibleStaff } from '../../access/staffScope';
import { today } from '../../lib/dates';
import { currentOn } from '../../lib/history';
import {
  changeVersion, escapeLike, idsOf, searchWords, type TextSearchIndex, textSearchMatches, textSearchRank,
  hasOneConnection, readOneSnapshot,
} from '../../../db/dialect';
import { compiledOnce } from '../../../db/compiledOnce';

export type StaffQuery = ReturnType<typeof visibleStaff>;
/** Every column of a staff row (STAFF_COLUMNS). */
export type StaffRow = Selectable<StaffTable>;
type StaffEb = ExpressionBuilder<Database, 'staff'>;

export const STAFF_COLUMNS = [
  'staff.id', 'staff.district_id', 'staff.first_name', 'staff.last_name', 'staff.email', 'staff.employee_id', 'staff.position',
  'staff.grade_levels', 'staff.subjects', 'staff.hire_date', 'staff.status', 'staff.user_id', 'staff.created_at', 'staff.updated_at',
] as const;

/**
 * The educator search: every word must match the full name, the email or the employee ID (case-insensitive,
 * accents kept); 1- and 2-letter words match the start of a name word, the email or the ID. Backed by
 * the staff_search trigram index (db/migrations/20261122_0003_staff_search.ts, helpers in db/dialect.ts).
 */
export const STAFF_SEARCH: TextSearchIndex = {
  table: 'staff_search', key: 'staff.id', columns: ['name', 'email', 'employee_id'], starts: 'starts',
  names: ['staff.first_name', 'staff.last_name'], fields: ['staff.email', 'staff.employee_id'],
  searched: ['staff.first_name', 'staff.last_name', 'staff.email', 'staff.employee_id'],
};

/** A JSON list column (grade_levels, subjects) holding any of the values: matches the quoted element. */
function jsonListHasAny(eb: StaffEb, column: 'staff.grade_levels' | 'staff.subjects', values: readonly string[]) {
  return eb.or(values.map((v) => sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(JSON.stringify(v))}%`} escape '\\'`));
}

/** A school, coach, group or own-profile filter: it picks at most a few hundred rows by an index. */
function isNarrowed(scope: Scope, query: StaffListQuery): boolean {
  const f = query.filter;
  return scope.kind === 'self' || f.building_id.length > 0 || f.coach_id.length > 0 || f.group_id.length > 0;
}

/**
 * A search's matches in one district, kept in the connection's temporary table `kept_search` under the
 * number `search`: one row per matching educator, `first` = 1 for those ranked first (textSearchRank 0:
 * every word starts a word of the name, or the email or ID). `ranked` is false when the words do not rank
 * (all of 1 or 2 letters).
 */
export interface SearchMatch {
  search: number;
  ranked: boolean;
  /** How many educators of the district match (any status). */
  count: number;
}

/**
 * Past this many matches of an unranked search (1- and 2-letter words) sorted by last name, the page is
 * found by walking the name index and looking each educator up in the matches (a page of "a" stops after
 * about a hundred rows), rather than by sorting every match.
 */
const WALK_THE_NAME_INDEX_ABOVE = 1_000;

/** Searches, and matching rows, kept per connection (past either, the kept set starts again). */
const KEPT_SEARCHES = 200;
const KEPT_ROWS = 200_000;
interface KeptSearches {
  version: number;
  /** This set's searches are numbered from `first` up to `next` (numbers only grow). */
  first: number;
  next: number;
  rows: number;
  matches: Map<string, SearchMatch>;
  /** Requests reading this set's rows now; a replaced set's rows are deleted when the last one is done. */
  users: number;
  replaced: boolean;
}
const keptSearches = new WeakMap<DB, KeptSearches>();
const keptSearchTables = new WeakMap<DB, Promise<unknown>>();

/** The connection's TEMP table of kept matches, created once (every request awaits the same promise). */
function keptSearchTable(db: DB): Promise<unknown> {
  let created = keptSearchTables.get(db);
  if (!created) {
    created = sql`create temp table if not exists kept_search (search integer not null, id integer not null, first integer not null, primary key (search, id)) without rowid`.execute(db);
    keptSearchTables.set(db, created);
  }
  return created;
}

function dropKeptRows(db: DB, set: KeptSearches): Promise<unknown> {
  return sql`delete from temp.kept_search where search >= ${set.first} and search < ${set.next}`.execute(db);
}

/**
 * A search's matches in a district, read from the search index once and kept while the `staff` change
 * version stands (every write to staff bumps it, and the index changes only with staff): paging,
 * sorting, refreshing or filtering a search reads the index once, then the kept rows by their key.
 * `version` must be read before. The kept rows live in a TEMP table: this connection's own, never
 * written to the database file. Call `release` when the request has read them. Undefined for a request
 * that read an older version than the kept set's (a write landed meanwhile): it searches the index itself.
 */
export async function keepSearch(
  db: DB, districtId: number, words: readonly string[], version: number,
): Promise<{ match: SearchMatch; release: () => Promise<void> } | undefined> {
  // A TEMP table outlives the request only on SQLite's one shared connection (db/dialect.ts hasOneConnection).
  if (!hasOneConnection(db)) return undefined;
  await keptSearchTable(db);
  // From here to the first await nothing else runs: the set is replaced, used and the search numbered at once.
  let kept = keptSearches.get(db);
  if (version < 0 || (kept && version < kept.version)) return undefined;
  if (!kept || kept.version !== version || kept.matches.size >= KEPT_SEARCHES || kept.rows >= KEPT_ROWS) {
    const old = kept;
    const first = (old?.next ?? 0) + 1;
    kept = { version, first, next: first, rows: 0, matches: new Map(), users: 0, replaced: false };
    keptSearches.set(db, kept);
    if (old) {
      old.replaced = true;
      if (old.users === 0) await dropKeptRows(db, old);
    }
  }
  const set = kept;
  set.users += 1;
  const release = async () => {
    set.users -= 1;
    if (set.replaced && set.users === 0) await dropKeptRows(db, set);
  };
  try {
    const key = JSON.stringify([districtId, words]);
    const hit = set.matches.get(key);
    if (hit) return { match: hit, release };
    const search = set.next++;
    const rank = textSearchRank(db, STAFF_SEARCH, words);
    const matches = db.selectFrom('staff')
      .select([sql<number>`${search}`.as('search'), 'staff.id', rank ? sql<number>`${rank} = 0`.as('first') : sql<number>`0`.as('first')])
      .where('staff.district_id', '=', districtId).where(textSearchMatches(db, STAFF_SEARCH, words));
    const [inserted] = await (db as Kysely<any>).insertInto('temp.kept_search').columns(['search', 'id', 'first']).expression(matches).execute();
    const match = { search, ranked: rank !== undefined, count: Number(inserted?.numInsertedOrUpdatedRows ?? 0) };
    set.rows += match.count;
    set.matches.set(key, match);
    return { match, release };
  } catch (err) {
    await release();
    throw err;
  }
}

const keptIds = (search: number) => sql`(select k.id from temp.kept_search as k where k.search = ${search})`;

/**
 * Search and filters of GET /api/staff on top of the caller's scope. With `match` (keepSearch of the
 * same words), the search reads the kept matches instead of the index.
 */
export function filteredStaff(db: DB, scope: Scope, query: StaffListQuery, day = today(), match?: SearchMatch): StaffQuery {
  const districtId = scope.districtId;
  const f = query.filter;
  let q = visibleStaff(db, scope);
  if (f.status !== 'all') q = q.where('staff.status', '=', f.status as 'active' | 'inactive');
  const words = searchWords(query.search);
  const narrowed = isNarrowed(scope, query);
  if (words.length && match) {
    // Narrowed (or a big unranked match list in name order): each row the filter (or the name index)
    // yields is looked up in the kept matches; otherwise the rows are read from the kept matches.
    const walk = narrowed || (!match.ranked && match.count > WALK_THE_NAME_INDEX_ABOVE && query.sort === 'last_name');
    q = q.where(walk
      ? sql<SqlBool>`exists (select 1 from temp.kept_search as k where k.search = ${match.search} and k.id = ${sql.ref('staff.id')})`
      : sql<SqlBool>`${sql.ref('staff.id')} in ${keptIds(match.search)}`);
  } else if (words.length) {
    q = q.where(textSearchMatches(db, STAFF_SEARCH, words, { narrowed }));
  }
  if (f.position.length) q = q.where('staff.position', 'in', f.position);
  if (f.grade_level.length) q = q.where((eb) => jsonListHasAny(eb, 'staff.grade_levels', f.grade_level));
  if (f.subject.length) q = q.where((eb) => jsonListHasAny(eb, 'staff.subjects', f.subject));
  if (f.building_id.length) {
    // The CURRENT school: an open (or not yet ended) history row today.
    q = q.where('staff.id', 'in', (eb) =>
      eb.selectFrom('staff_buildings as fb').select('fb.staff_id')
        .where('fb.district_id', '=', districtId).where('fb.building_id', 'in', f.building_id).where(currentOn('fb', day)));
  }
  if (f.coach_id.length) {
    // The coach's current caseload.
    q = q.where('staff.id', 'in', (eb) =>
      eb.selectFrom('coach_assignments as fc').select('fc.staff_id')
        .where('fc.district_id', '=', districtId).where('fc.coach_id', 'in', f.coach_id).where(currentOn('fc', day)));
  }
  if (f.group_id.length) {
    // The group's items (staff groups of this district only).
    q = q.where('staff.id', 'in', (eb) =>
      eb.selectFrom('group_items as fgi').innerJoin('groups as fg', 'fg.id', 'fgi.group_id').select('fgi.item_id')
        .where('fg.district_id', '=', districtId).where('fg.group_of', '=', STAFF_GROUP_OF).where('fgi.group_id', 'in', f.group_id));
  }
  return q;
}

function currentBuildingName(eb: StaffEb, districtId: number, day: string) {
  return eb.selectFrom('staff_buildings as ob').innerJoin('buildings as obb', 'obb.id', 'ob.building_id').select('obb.name')
    .whereRef('ob.staff_id', '=', 'staff.id').where('ob.district_id', '=', districtId).where(currentOn('ob', day))
    .orderBy('ob.start_date', 'desc').limit(1);
}

/** Totals kept per list query (past it, the kept set starts again). */
const KEPT_TOTALS = 2_000;
const keptTotals = new WeakMap<DB, { version: number; day: string; totals: Map<string, number> }>();

/**
 * The totals of the educators list seen while the `staff` change version (bumped by triggers on every
 * write to staff, their schools, caseloads and groups, db/dialect.ts changeVersion) and the day stay the
 * same; a new version or a new day starts an empty set. `version` must be read before the count.
 */
function totalsFor(db: DB, version: number, day: string): Map<string, number> {
  let kept = keptTotals.get(db);
  // A request that read an older version than the kept set's (a write landed meanwhile), or none, keeps nothing.
  if (version < 0 || (kept && version < kept.version)) return new Map();
  if (!kept || kept.version !== version || kept.day !== day || kept.totals.size >= KEPT_TOTALS) {
    kept = { version, day, totals: new Map() };
    keptTotals.set(db, kept);
  }
  return kept.totals;
}

/** What a list's total depends on: the scope and every filter and search word (not the sort or the page). */
function totalKey(scope: Scope, query: StaffListQuery): string {
  return JSON.stringify([scope.kind, scope.districtId, scope.userId, scope.buildingIds, query.filter, searchWords(query.search)]);
}

/**
 * One page of the filtered list in the chosen order (ties broken by id, so pages never overlap), and the
 * total. The total is counted once per list query and kept while no educator, school history, caseload
 * or group has changed (totalsFor): paging, re-sorting and refreshing read only the page.
 */
export async function listStaffPage(
  db: DB, scope: Scope, query: StaffListQuery, page: { perPage: number; offset: number },
): Promise<{ rows: StaffRow[]; total: number }> {
  const day = today();
  // The version, the kept total and the page from one snapshot: a total kept for version v is never
  // shown beside a page read after the next write (PostgreSQL; SQLite's kept matches give the same).
  return readOneSnapshot(db, async (snapshot) => {
    const version = await changeVersion(snapshot, 'staff');
    const totals = totalsFor(db, version, day);
    const key = totalKey(scope, query);
    const known = totals.get(key);
    const words = searchWords(query.search);
    const kept = words.length ? await keepSearch(db, scope.districtId, words, version) : undefined;
    try {
      const { rows, total } = await readStaffPage(snapshot, scope, query, page, day, known, kept?.match);
      if (known === undefined) totals.set(key, total);
      return { rows, total };
    } finally {
      await kept?.release();
    }
  });
}

async function readStaffPage(
  db: DB, scope: Scope, query: StaffListQuery, page: { perPage: number; offset: number }, day: string, knownTotal: number | undefined,
  match: SearchMatch | undefined,
): Promise<{ rows: StaffRow[]; total: number }> {
  const base = filteredStaff(db, scope, query, day, match);
  const desc = query.sort.startsWith('-');
  const dir = desc ? 'desc' : 'asc';
  const key = desc ? query.sort.slice(1) : query.sort;
  let q = base.select([...STAFF_COLUMNS]);
  // A search lists the matches that start a word (of the name, or the email or ID) first, then the
  // ones inside a word ("lee" finds Lee Ross and Ann Leeds before Ashlee Fox); each part in the chosen order.
  const words = searchWords(query.search);
  const rank = match
    ? (match.ranked
      ? sql<number>`(select 1 - k.first from temp.kept_search as k where k.search = ${match.search} and k.id = ${sql.ref('staff.id')})`
      : undefined)
    : textSearchRank(db, STAFF_SEARCH, words);
  if (rank) q = q.orderBy(rank);
  switch (key) {
    case 'first_name':
      q = q.orderBy('staff.first_name', dir).orderBy('staff.last_name', dir).orderBy('staff.id', dir);
      break;
    case 'hire_date':
      // Unknown hire dates last in both directions (NULLS LAST: SQLite and PostgreSQL default differently).
      q = q.orderBy('staff.hire_date', (ob) => (desc ? ob.desc() : ob.asc()).nullsLast())
        .orderBy('staff.last_name').orderBy('staff.first_name').orderBy('staff.id');
      break;
    case 'created_at':
      q = q.orderBy('staff.created_at', dir).orderBy('staff.id', dir);
      break;
    case 'building':
      q = q.orderBy((eb) => currentBuildingName(eb, scope.districtId, day), (ob) => (desc ? ob.desc() : ob.asc()).nullsLast())
        .orderBy('staff.last_name').orderBy('staff.first_name').orderBy('staff.id');
      break;
    default:
      q = q.orderBy('staff.last_name', dir).orderBy('staff.first_name', dir).orderBy('staff.id', dir);
  }
  q = q.limit(page.perPage).offset(page.offset);
  if (knownTotal !== undefined) return { rows: (await q.execute()) as StaffRow[], total: knownTotal };
  if (words.length && isNarrowed(scope, query)) {
    // A search within a few hundred rows: one query answers the page and the total together (a count
    // would read the search index's matches a second time). Past the last page, fall back to a count.
    const rows = await q.select((eb) => eb.fn.countAll().over().as('total')).execute();
    if (rows.length || page.offset === 0) {
      return { rows: rows.map(({ total: _total, ...row }) => row), total: rows.length ? Number(rows[0]!.total) : 0 };
    }
  }
  // Otherwise the page and a count: the name index (or the search index) finds the page without copying
  // every match, and the count reads indexes only.
  const [rows, count] = await Promise.all([
    q.execute(),
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as StaffRow[], total: Number(count.total) };
}

/** The staff row if the caller's scope shows it (else undefined: answer 404). */
export function findVisibleStaff(db: DB, scope: Scope, id: number): Promise<StaffRow | undefined> {
  return visibleStaff(db, scope).select([...STAFF_COLUMNS]).where('staff.id', '=', id).executeTakeFirst();
}

export function findStaffInDistrict(db: DB, districtId: number, id: number): Promise<StaffRow> {
  return db.selectFrom('staff').select([...STAFF_COLUMNS]).where('staff.district_id', '=', districtId).where('staff.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** True when the educator is currently at one of the scope's schools (the `.building` write scope). */
export async function isInScopeBuildings(db: DB, scope: Scope, id: number): Promise<boolean> {
  return !!(await visibleStaff(db, { ...scope, kind: 'building' }).select('staff.id').where('staff.id', '=', id).executeTakeFirst());
}

export type Ref = { id: number; name: string };

/** Current school of each educator (one query for a page); the latest start wins if rows overlap. */
export async function currentBuildingsOf(db: DB, districtId: number, staffIds: number[], day = today()): Promise<Map<number, Ref>> {
  const map = new Map<number, Ref>();
  if (!staffIds.length) return map;
  const rows = await db.selectFrom('staff_buildings as sb').innerJoin('buildings as b', 'b.id', 'sb.building_id')
    .select(['sb.staff_id', 'b.id', 'b.name'])
    .where('sb.district_id', '=', districtId).where('b.district_id', '=', districtId)
    .where('sb.staff_id', 'in', staffIds).where(currentOn('sb', day))
    .orderBy('sb.start_date').orderBy('sb.id').execute();
  for (const r of rows) map.set(r.staff_id, { id: r.id, name: r.name });
  return map;
}

/** Current coach of each educator (one query for a page); the latest assignment wins. */
export async function currentCoachesOf(db: DB, districtId: number, staffIds: number[], day = today()): Promise<Map<number, Ref>> {
  const map = new Map<number, Ref>();
  if (!staffIds.length) return map;
  const rows = await db.selectFrom('coach_assignments as ca').innerJoin('users as u', 'u.id', 'ca.coach_id')
    .select(['ca.staff_id', 'u.id', 'u.name'])
    .where('ca.district_id', '=', districtId).where('u.district_id', '=', districtId)
    .where('ca.staff_id', 'in', staffIds).where(currentOn('ca', day))
    .orderBy('ca.start_date').orderBy('ca.id').execute();
  for (const r of rows) map.set(r.staff_id, { id: r.id, name: r.name });
  return map;
}

const currentPlacesQuery = compiledOnce((db: DB, districtId: number, staffIdsJson: string, day: string) =>
  db.selectFrom('staff_buildings as sb').innerJoin('buildings as b', 'b.id', 'sb.building_id')
    .select([sql<string>`'building'`.as('kind'), 'sb.staff_id', 'b.id', 'b.name', 'sb.start_date', 'sb.id as row_id'])
    .where('sb.district_id', '=', districtId).where('b.district_id', '=', districtId)
    .where('sb.staff_id', 'in', idsOf(db, staffIdsJson)).where(currentOn('sb', day))
    .unionAll(db.selectFrom('coach_assignments as ca').innerJoin('users as u', 'u.id', 'ca.coach_id')
      .select([sql<string>`'coach'`.as('kind'), 'ca.staff_id', 'u.id', 'u.name', 'ca.start_date', 'ca.id as row_id'])
      .where('ca.district_id', '=', districtId).where('u.district_id', '=', districtId)
      .where('ca.staff_id', 'in', idsOf(db, staffIdsJson)).where(currentOn('ca', day)))
    .orderBy(sql.ref('kind')).orderBy(sql.ref('start_date')).orderBy(sql.ref('row_id')));

/**
 * Current school and current coach of each educator of a page, in one statement compiled once: what
 * currentBuildingsOf and currentCoachesOf answer, the latest start winning likewise.
 */
export async function currentPlacesOf(
  db: DB, districtId: number, staffIds: number[], day = today(),
): Promise<{ buildings: Map<number, Ref>; coaches: Map<number, Ref> }> {
  const buildings = new Map<number, Ref>();
  const coaches = new Map<number, Ref>();
  if (!staffIds.length) return { buildings, coaches };
  for (const r of await currentPlacesQuery(db, districtId, JSON.stringify(staffIds), day)) {
    (r.kind === 'building' ? buildings : coaches).set(r.staff_id, { id: r.id, name: r.name });
  }
  return { buildings, coaches };
}

/** Building history, newest first (archived schools included: it is history). */
export function buildingHistoryOf(db: DB, districtId: number, staffId: number) {
  return db.selectFrom('staff_buildings as sb').innerJoin('buildings as b', 'b.id', 'sb.building_id')
    .select(['sb.id', 'sb.building_id', 'b.name as building_name', 'sb.start_date', 'sb.end_date'])
    .where('sb.district_id', '=', districtId).where('b.district_id', '=', districtId).where('sb.staff_id', '=', staffId)
    .orderBy('sb.start_date', 'desc').orderBy('sb.id', 'desc').execute();
}

/** Staff groups the educator is (or was) an item of; active = the group is not deactivated. */
export function groupsOf(db: DB, districtId: number, staffId: number) {
  return db.selectFrom('group_items as gi').innerJoin('groups as g', 'g.id', 'gi.group_id')
    .select(['g.id', 'g.name', 'gi.start_date', 'gi.end_date', 'g.deleted_at'])
    .where('g.district_id', '=', districtId).where('g.group_of', '=', STAFF_GROUP_OF).where('gi.item_id', '=', staffId)
    .orderBy('g.name').orderBy('gi.start_date', 'desc').execute();
}

/** Coach assignments (current and past), newest first. */
export function coachAssignmentsOf(db: DB, districtId: number, staffId: number) {
  return db.selectFrom('coach_assignments as ca').innerJoin('users as u', 'u.id', 'ca.coach_id')
    .select(['ca.id', 'u.id as coach_id', 'u.name as coach_name', 'ca.start_date', 'ca.end_date'])
    .where('ca.district_id', '=', districtId).where('u.district_id', '=', districtId).where('ca.staff_id', '=', staffId)
    .orderBy('ca.start_date', 'desc').orderBy('ca.id', 'desc').execute();
}

/** Active (not archived) schools of the district among the ids. */
export function activeBuildingsByIds(db: DB, districtId: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([] as Ref[]);
  return db.selectFrom('buildings').select(['id', 'name'])
    .where('district_id', '=', districtId).where('deleted_at', 'is', null).where('id', 'in', ids).execute();
}

/** Emails (stored lower-case) already used by another educator of the district. */
export async function takenEmails(db: DB, districtId: number, emails: string[], exceptId?: number): Promise<Set<string>> {
  if (!emails.length) return new Set();
  let q = db.selectFrom('staff').select('email').where('district_id', '=', districtId).where('email', 'in', emails);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return new Set((await q.execute()).map((r) => r.email!));
}

/** Employee IDs (compared case-insensitively, returned lower-case) already used in the district. */
export async function takenEmployeeIds(db: DB, districtId: number, employeeIds: string[], exceptId?: number): Promise<Set<string>> {
  if (!employeeIds.length) return new Set();
  const lower = employeeIds.map((e) => e.toLowerCase());
  let q = db.selectFrom('staff').select(sql<string>`lower(${sql.ref('employee_id')})`.as('employee_id'))
    .where('district_id', '=', districtId).where('employee_id', 'is not', null)
    .where((eb) => eb(eb.fn('lower', ['employee_id']), 'in', lower));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return new Set((await q.execute()).map((r) => r.employee_id));
}

/** The educator's latest history row (open while end_date is null). */
export function latestHistoryRow(db: DB, districtId: number, staffId: number) {
  return db.selectFrom('staff_buildings').selectAll()
    .where('district_id', '=', districtId).where('staff_id', '=', staffId)
    .orderBy((eb) => eb('end_date', 'is', null), 'desc').orderBy('start_date', 'desc').orderBy('id', 'desc')
    .executeTakeFirst();
}
