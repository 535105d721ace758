// Whom a district's people should ask to buy a plan: its active logins holding `manage billing`.
import { sql } from 'kysely';
import { PERMISSIONS } from '../../../common/permissions';
import type { DB } from '../../../db/connection';

/** Up to `limit` active users of the district holding `manage billing` (any suffix), by name. */
export async function billingManagers(db: DB, districtId: number, limit = 3): Promise<{ name: string }[]> {
  return db.selectFrom('users')
    .select('users.name')
    .where('users.district_id', '=', districtId)
    .where('users.status', '=', 'active')
    .where((eb) => eb.exists(eb.selectFrom('user_roles')
      .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select(sql`1`.as('one'))
      .whereRef('user_roles.user_id', '=', 'users.id')
      .where((p) => p.or([
        p('permissions.name', '=', PERMISSIONS.manageBilling),
        p('permissions.name', 'like', `${PERMISSIONS.manageBilling}.%`),
      ]))))
    .orderBy('users.name').orderBy('users.id')
    .limit(limit)
    .execute();
}
