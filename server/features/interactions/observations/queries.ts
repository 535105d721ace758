// Observations' reads (issue 28). Every query takes `db` first and filters by district_id; what a reader may
// read comes in as the interactions' Visibility (policies.ts) and is applied here. A draft is only ever its
// observer's; an educator (`participant`) reads only the completed, shared observations of themselves.
import type { ExpressionBuilder, Selectable, SelectQueryBuilder } from 'kysely';
import type { ObservationStatus } from '../../../../common/schemas/observations';
import type { Database, ObservationFormItemsTable, ObservationsTable } from '../../../../db/types';
import type { DB } from '../../../../db/connection';
import { visibleStaff } from '../../../access/staffScope';
import type { Visibility } from '../policies';
import type { Conn } from '../queries';

export type ObservationRow = Selectable<ObservationsTable>;
export type ItemRow = Selectable<ObservationFormItemsTable> & { skill_name: string | null };
type ObservationQuery = SelectQueryBuilder<Database, 'observations', object>;

/** The observations (not deleted) of the district a reader may read. */
export function visibleObservations(db: Conn, v: Visibility): ObservationQuery {
  const query = db.selectFrom('observations')
    .where('observations.district_id', '=', v.districtId)
    .where('observations.deleted_at', 'is', null);
  const own = (eb: ExpressionBuilder<Database, 'observations'>) => eb('observations.observer_id', '=', v.userId);
  const completed = (eb: ExpressionBuilder<Database, 'observations'>) => eb('observations.status', '=', 'completed');
  if (v.kind === 'participant') {
    return query.where(completed).where('observations.shared_at', 'is not', null)
      .where('observations.staff_id', 'in', (eb) => eb.selectFrom('staff').select('staff.id')
        .where('staff.district_id', '=', v.districtId).where('staff.user_id', '=', v.userId));
  }
  if (v.kind === 'district') return query.where((eb) => eb.or([own(eb), completed(eb)]));
  if (v.kind === 'self') return query.where(own);
  const scope = { kind: v.kind, districtId: v.districtId, userId: v.userId, buildingIds: v.buildingIds };
  return query.where((eb) => eb.or([
    own(eb),
    eb.and([completed(eb), eb.or([
      eb('observations.building_id', 'in', v.buildingIds.length ? v.buildingIds : [-1]),
      eb('observations.staff_id', 'in', visibleStaff(db as DB, scope).select('staff.id')),
    ])]),
  ]));
}

export interface ObservationFilters {
  from: string | null;
  to: string | null;
  formIds: number[];
  staffIds: number[];
  buildingIds: number[];
  observerIds: number[];
  statuses: ObservationStatus[];
  shared: boolean | null;
  acknowledged: boolean | null;
}

export function filteredObservations(db: Conn, v: Visibility, f: ObservationFilters): ObservationQuery {
  let q = visibleObservations(db, v);
  if (f.from) q = q.where('observations.observed_at', '>=', f.from);
  if (f.to) q = q.where('observations.observed_at', '<', f.to);
  if (f.formIds.length) q = q.where('observations.form_id', 'in', f.formIds);
  if (f.staffIds.length) q = q.where('observations.staff_id', 'in', f.staffIds);
  if (f.buildingIds.length) q = q.where('observations.building_id', 'in', f.buildingIds);
  if (f.observerIds.length) q = q.where('observations.observer_id', 'in', f.observerIds);
  if (f.statuses.length) q = q.where('observations.status', 'in', f.statuses);
  if (f.shared !== null) q = q.where('observations.shared_at', f.shared ? 'is not' : 'is', null);
  if (f.acknowledged !== null) q = q.where('observations.acknowledged_at', f.acknowledged ? 'is not' : 'is', null);
  return q;
}

/** One page, newest first, with the total. */
export async function listObservationsPage(
  db: Conn, v: Visibility, f: ObservationFilters, page: { perPage: number; offset: number },
): Promise<{ rows: ObservationRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filteredObservations(db, v, f).selectAll('observations')
      .orderBy('observations.observed_at', 'desc').orderBy('observations.id', 'desc')
      .limit(page.perPage).offset(page.offset).execute(),
    filteredObservations(db, v, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findVisibleObservation(db: Conn, v: Visibility, id: number): Promise<ObservationRow | undefined> {
  return visibleObservations(db, v).selectAll('observations').where('observations.id', '=', id).executeTakeFirst();
}

/** The district's form (archived or not) with its current version; undefined for another district's or a provider default. */
export function findForm(db: Conn, districtId: number, formId: number) {
  return db.selectFrom('observation_forms as f')
    .innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
    .select(['f.id', 'f.builtin', 'f.archived_at', 'f.interaction_type_id', 'v.id as version_id', 'v.version', 'v.name'])
    .where('f.district_id', '=', districtId).where('f.id', '=', formId)
    .executeTakeFirst();
}

/** A version's items in order. */
export function itemsOfVersions(db: Conn, districtId: number, versionIds: readonly number[]): Promise<ItemRow[]> {
  if (versionIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('observation_form_items as i').leftJoin('skills as s', 's.id', 'i.skill_id')
    .selectAll('i').select('s.name as skill_name')
    .where('i.district_id', '=', districtId).where('i.version_id', 'in', [...new Set(versionIds)])
    .orderBy('i.version_id').orderBy('i.position').execute();
}

export interface AnswerRow { observation_id: number; item_id: number; value: string; evidence: string | null }

export function answersOf(db: Conn, districtId: number, observationIds: readonly number[]): Promise<AnswerRow[]> {
  if (observationIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('observation_answers').select(['observation_id', 'item_id', 'value', 'evidence'])
    .where('district_id', '=', districtId).where('observation_id', 'in', [...observationIds]).execute();
}

/** The names an answer shows: forms' versions, educators (with their login), observers, schools. */
export async function namesFor(db: Conn, districtId: number, rows: readonly ObservationRow[]) {
  const ids = (pick: (r: ObservationRow) => number | null) => [...new Set(rows.map(pick).filter((x): x is number => x !== null))];
  const [versions, staff, users, schools] = await Promise.all([
    ids((r) => r.version_id).length
      ? db.selectFrom('observation_form_versions').select(['id', 'form_id', 'version', 'name'])
        .where('district_id', '=', districtId).where('id', 'in', ids((r) => r.version_id)).execute()
      : [],
    ids((r) => r.staff_id).length
      ? db.selectFrom('staff').select(['id', 'first_name', 'last_name', 'user_id'])
        .where('district_id', '=', districtId).where('id', 'in', ids((r) => r.staff_id)).execute()
      : [],
    ids((r) => r.observer_id).length
      ? db.selectFrom('users').select(['id', 'name'])
        .where('district_id', '=', districtId).where('id', 'in', ids((r) => r.observer_id)).execute()
      : [],
    ids((r) => r.building_id).length
      ? db.selectFrom('buildings').select(['id', 'name'])
        .where('district_id', '=', districtId).where('id', 'in', ids((r) => r.building_id)).execute()
      : [],
  ]);
  return {
    versions: new Map(versions.map((v) => [v.id, v])),
    staff: new Map(staff.map((s) => [s.id, { id: s.id, name: `${s.first_name} ${s.last_name}`, user_id: s.user_id }])),
    users: new Map(users.map((u) => [u.id, u.name])),
    schools: new Map(schools.map((b) => [b.id, b.name])),
  };
}
export type Names = Awaited<ReturnType<typeof namesFor>>;

/** The educator's login, to email them when an observation is shared (null: no active login). */
export function educatorLogin(db: Conn, districtId: number, staffId: number) {
  return db.selectFrom('staff').innerJoin('users', 'users.id', 'staff.user_id')
    .select(['users.id', 'users.email', 'users.name'])
    .where('staff.district_id', '=', districtId).where('staff.id', '=', staffId)
    .where('users.district_id', '=', districtId).where('users.status', '=', 'active')
    .executeTakeFirst();
}

/** Parses a stored answer value (JSON). */
export const storedValue = (value: string): unknown => JSON.parse(value) as unknown;

/** An item's settings (choice options, rating scale): the form presenter's parser. */
export { parseItemConfig as itemConfig } from './formPresenter';


/**
 * Who may observe within a reader's reach, for the list's observer filter: the users of the district holding
 * `see activity` (coaches, principals, district administrators) — every one for a district-wide reader, those
 * sharing a school with the reader otherwise — and whoever observed an observation the reader may read (a
 * district administrator observing a school, someone since deactivated), and the reader. By name.
 */
export async function observersInReach(db: Conn, v: Visibility): Promise<{ id: number; name: string }[]> {
  const ids = new Set<number>([v.userId]);
  if (v.kind === 'district' || v.kind === 'building') {
    let holders = db.selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select('users.id').distinct()
      .where('users.district_id', '=', v.districtId).where('users.status', '!=', 'disabled')
      .where((eb) => eb.or([eb('permissions.name', '=', 'see activity'), eb('permissions.name', 'like', 'see activity.%')]));
    if (v.kind === 'building') {
      holders = holders.where('users.id', 'in', (eb) => eb.selectFrom('user_buildings').select('user_buildings.user_id')
        .where('user_buildings.building_id', 'in', v.buildingIds.length ? v.buildingIds : [-1]));
    }
    for (const r of await holders.execute()) ids.add(r.id);
  }
  const observed = await visibleObservations(db, v).select('observations.observer_id').distinct().execute();
  for (const r of observed) ids.add(r.observer_id);
  return db.selectFrom('users').select(['id', 'name']).where('district_id', '=', v.districtId).where('id', 'in', [...ids])
    .orderBy('name').orderBy('id').execute();
}
