import { type ExpressionBuilder, sql } from 'kysely';
import { permissionScope, type Scope } from '../../common/permissions';
import type { DB } from '../../db/connection';
import type { AuthContext } from '../http/auth';
import { forbidden } from '../http/errors';

export type ScopedAuth = AuthContext & { district: NonNullable<AuthContext['district']> };

/** The staff scope of a user for a permission such as `see educators`; 403 when not held. */
export function requireStaffScope(auth: ScopedAuth, permission = 'see educators'): Scope {
  const scope = permissionScope(auth.permissions, permission);
  if (!scope) throw forbidden();
  return scope;
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * History rows (building history, caseloads) are inclusive date ranges: start_date … end_date, with
 * end_date null while open. A change effective on D closes the open row with end_date = D − 1 day and
 * opens a new row starting D. A row is current on `day` when start_date <= day and (end_date is null
 * or end_date >= day).
 */
export function currentOn(alias: string, day = today()) {
  // Untyped on purpose: it serves any table alias with start_date/end_date columns.
  return (eb: ExpressionBuilder<any, any>) =>
    eb.and([
      eb(sql.ref(`${alias}.start_date`), '<=', day),
      eb.or([eb(sql.ref(`${alias}.end_date`), 'is', null), eb(sql.ref(`${alias}.end_date`), '>=', day)]),
    ]);
}

/** The day before an ISO date: the last day of a history row closed by a change effective on `date`. */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The staff rows this user may see, always inside their own district:
 * district = all; building = educators whose current building is one of the user's buildings;
 * assigned = a coach's current caseload; self = the educator's own profile (linked user, or same email when unlinked).
 */
export function scopedStaff(db: DB, auth: ScopedAuth, scope: Scope) {
  let query = db.selectFrom('staff').where('staff.district_id', '=', auth.district.id);
  if (scope === 'building') {
    const buildingIds = auth.buildings.map((b) => b.id);
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom('staff_buildings as sb').select(sql.lit(1).as('one'))
          .whereRef('sb.staff_id', '=', 'staff.id')
          .where('sb.district_id', '=', auth.district.id)
          .where('sb.building_id', 'in', buildingIds.length ? buildingIds : [-1])
          .where(currentOn('sb')),
      ),
    );
  } else if (scope === 'assigned') {
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom('coach_assignments as ca').select(sql.lit(1).as('one'))
          .whereRef('ca.staff_id', '=', 'staff.id')
          .where('ca.district_id', '=', auth.district.id)
          .where('ca.coach_id', '=', auth.user.id)
          .where(currentOn('ca')),
      ),
    );
  } else if (scope === 'self') {
    // Linked by user_id only. A login's own email is not proof (a person can change it), so rows are
    // linked when the district's invite is accepted: see linkStaffToUser.
    query = query.where('staff.user_id', '=', auth.user.id);
  }
  return query;
}

/**
 * Links the district's unlinked roster rows with this email to the login. Called when an invite the
 * district sent to that email is accepted: the district chose the address, so the match is trusted.
 */
export async function linkStaffToUser(db: DB, user: { id: number; district_id: number | null; email: string }): Promise<void> {
  if (user.district_id === null) return;
  await db.updateTable('staff').set({ user_id: user.id })
    .where('district_id', '=', user.district_id).where('email', '=', user.email).where('user_id', 'is', null).execute();
}
