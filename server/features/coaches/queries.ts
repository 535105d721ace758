import { type ExpressionBuilder, sql } from 'kysely';
import type { DB } from '../../../db/connection';
import type { Scope } from '../../access/guards';
import { visibleStaff } from '../../access/staffScope';
import { today } from '../../lib/dates';

export const COACH_ROLE = 'coach';

const coachColumns = ['users.id', 'users.name', 'users.email', 'users.status', 'users.last_login_at'] as const;

/** Users of the district holding the coach role. */
function coachUsers(db: DB, districtId: number) {
  return db.selectFrom('users')
    .where('users.district_id', '=', districtId)
    .where((eb) => eb.exists(
      eb.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select(sql.lit(1).as('one'))
        .whereRef('user_roles.user_id', '=', 'users.id').where('roles.name', '=', COACH_ROLE),
    ));
}

export type CoachRow = { id: number; name: string; email: string; status: 'invited' | 'active' | 'disabled'; last_login_at: string | null };

/** The coaching team: active and invited coaches, by name. */
export function listCoaches(db: DB, districtId: number): Promise<CoachRow[]> {
  return coachUsers(db, districtId).select([...coachColumns]).where('users.status', 'in', ['active', 'invited'])
    .orderBy(sql`lower(users.name)`).orderBy('users.id').execute();
}

/** One coach of the district (any status), or undefined — another district's user is never found. */
export function findCoach(db: DB, districtId: number, id: number): Promise<CoachRow | undefined> {
  return coachUsers(db, districtId).select([...coachColumns]).where('users.id', '=', id).executeTakeFirst();
}

/** The active schools of each user, keyed by user id. */
export async function buildingsByUser(db: DB, districtId: number, userIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const map = new Map<number, { id: number; name: string }[]>();
  if (userIds.length === 0) return map;
  const rows = await db.selectFrom('user_buildings').innerJoin('buildings', 'buildings.id', 'user_buildings.building_id')
    .select(['user_buildings.user_id', 'buildings.id', 'buildings.name'])
    .where('user_buildings.user_id', 'in', userIds)
    .where('buildings.district_id', '=', districtId).where('buildings.deleted_at', 'is', null)
    .orderBy('buildings.name').execute();
  for (const r of rows) {
    const list = map.get(r.user_id) ?? [];
    list.push({ id: r.id, name: r.name });
    map.set(r.user_id, list);
  }
  return map;
}

/**
 * An assignment is open (on the caseload) while its end date is empty or not yet passed; an
 * assignment starting later is open too. Ended ones are the caseload's history.
 */
const isOpen = (day: string) => (eb: ExpressionBuilder<any, any>) =>
  eb.or([eb(sql.ref('ca.end_date'), 'is', null), eb(sql.ref('ca.end_date'), '>=', day)]);

/** Ids of the staff the caller may see with their `see educators` scope (never outside the district). */
export function visibleStaffIdQuery(db: DB, scope: Scope) {
  return visibleStaff(db, scope).select('staff.id');
}
export type VisibleStaff = ReturnType<typeof visibleStaffIdQuery>;

/** Open assignments per coach, keyed by coach id. */
export async function caseloadCounts(db: DB, districtId: number, coachIds: number[], day = today()): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (coachIds.length === 0) return map;
  const rows = await db.selectFrom('coach_assignments as ca')
    .select(['ca.coach_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('ca.district_id', '=', districtId).where('ca.coach_id', 'in', coachIds)
    .where(isOpen(day)).groupBy('ca.coach_id').execute();
  for (const r of rows) map.set(r.coach_id, Number(r.n));
  return map;
}

export type AssignmentRow = {
  id: number; staff_id: number; start_date: string; end_date: string | null;
  first_name: string; last_name: string; position: string | null; status: 'active' | 'inactive';
};

/**
 * A coach's assignments, open or ended, limited to the staff ids `visible` allows (a subquery of the
 * caller's scope; null = none visible).
 */
export function assignmentsOf(
  db: DB, districtId: number, coachId: number, which: 'open' | 'ended',
  visible: VisibleStaff | null, day = today(),
): Promise<AssignmentRow[]> {
  if (!visible) return Promise.resolve([]);
  let query = db.selectFrom('coach_assignments as ca').innerJoin('staff', 'staff.id', 'ca.staff_id')
    .select(['ca.id', 'ca.staff_id', 'ca.start_date', 'ca.end_date', 'staff.first_name', 'staff.last_name', 'staff.position', 'staff.status'])
    .where('ca.district_id', '=', districtId).where('staff.district_id', '=', districtId)
    .where('ca.coach_id', '=', coachId)
    .where('ca.staff_id', 'in', visible);
  query = which === 'open'
    ? query.where(isOpen(day)).orderBy('staff.last_name').orderBy('staff.first_name').orderBy('ca.id')
    : query.where('ca.end_date', '<', day).orderBy('ca.end_date', 'desc').orderBy('staff.last_name').orderBy('ca.id');
  return query.execute();
}

/** Each staff member's current school (the latest open building row on `day`). */
export async function currentBuildings(db: DB, districtId: number, staffIds: number[], day = today()): Promise<Map<number, { id: number; name: string }>> {
  const map = new Map<number, { id: number; name: string }>();
  if (staffIds.length === 0) return map;
  const rows = await db.selectFrom('staff_buildings as sb').innerJoin('buildings', 'buildings.id', 'sb.building_id')
    .select(['sb.staff_id', 'buildings.id', 'buildings.name'])
    .where('sb.district_id', '=', districtId).where('buildings.district_id', '=', districtId).where('sb.staff_id', 'in', [...new Set(staffIds)])
    .where('sb.start_date', '<=', day)
    .where((eb) => eb.or([eb('sb.end_date', 'is', null), eb('sb.end_date', '>=', day)]))
    .orderBy('sb.start_date').orderBy('sb.id').execute();
  for (const r of rows) map.set(r.staff_id, { id: r.id, name: r.name });
  return map;
}

export function findAssignment(db: DB, districtId: number, coachId: number, id: number) {
  return db.selectFrom('coach_assignments').selectAll()
    .where('district_id', '=', districtId).where('coach_id', '=', coachId).where('id', '=', id).executeTakeFirst();
}

/** The district's staff rows among `ids`. */
export function staffByIds(db: DB, districtId: number, ids: number[]) {
  return db.selectFrom('staff').select(['id', 'first_name', 'last_name', 'status'])
    .where('district_id', '=', districtId).where('id', 'in', ids.length ? ids : [-1]).execute();
}

/** This coach's assignments of the given staff (open and ended), to check overlaps. */
export function assignmentsOfStaff(db: DB, districtId: number, coachId: number, staffIds: number[]) {
  return db.selectFrom('coach_assignments').select(['id', 'staff_id', 'start_date', 'end_date'])
    .where('district_id', '=', districtId).where('coach_id', '=', coachId)
    .where('staff_id', 'in', staffIds.length ? staffIds : [-1]).execute();
}
