// Which educators (staff rows) a scope reaches. Every feature that lists, filters or names educators
// starts from this query, so a principal, a coach and an educator see the same people everywhere.
import { sql } from 'kysely';
import type { DB } from '../../db/connection';
import { currentOn } from '../lib/history';
import type { Scope } from './guards';

/**
 * The staff rows a scope may see, always inside its district:
 * district = all; building = educators whose current building is one of the scope's buildings;
 * assigned = the user's current caseload; self = the educator's own profile (the linked login).
 */
export function visibleStaff(db: DB, scope: Scope) {
  let query = db.selectFrom('staff').where('staff.district_id', '=', scope.districtId);
  if (scope.kind === 'building') {
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom('staff_buildings as sb').select(sql.lit(1).as('one'))
          .whereRef('sb.staff_id', '=', 'staff.id')
          .where('sb.district_id', '=', scope.districtId)
          .where('sb.building_id', 'in', scope.buildingIds.length ? scope.buildingIds : [-1])
          .where(currentOn('sb')),
      ),
    );
  } else if (scope.kind === 'assigned') {
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom('coach_assignments as ca').select(sql.lit(1).as('one'))
          .whereRef('ca.staff_id', '=', 'staff.id')
          .where('ca.district_id', '=', scope.districtId)
          .where('ca.coach_id', '=', scope.userId)
          .where(currentOn('ca')),
      ),
    );
  } else if (scope.kind === 'self') {
    // Linked by user_id only. A login's own email is not proof (a person can change it), so rows are
    // linked when the district's invite is accepted: see linkStaffToUser.
    query = query.where('staff.user_id', '=', scope.userId);
  }
  return query;
}

/** The ids among `ids` that the scope reaches (for `requireAllFound` and for filters on ids). */
export async function visibleStaffIds(db: DB, scope: Scope, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await visibleStaff(db, scope).select('staff.id').where('staff.id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}
