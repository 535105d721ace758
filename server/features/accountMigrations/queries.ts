// Reads behind account migration that concern the person's current district.
import type { DB } from '../../../db/connection';

/** Role names a login holds. */
export async function roleNamesOf(db: DB, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('roles.name').where('user_roles.user_id', '=', userId).execute();
  return rows.map((r) => r.name);
}

/**
 * True when this login is an active district administrator and no other active one remains in the
 * district (security finding 7: such a login cannot migrate away).
 */
export async function isLastActiveAdmin(db: DB, districtId: number, userId: number): Promise<boolean> {
  if (!(await roleNamesOf(db, userId)).includes('district-admin')) return false;
  const other = await db.selectFrom('users').innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id').select('users.id')
    .where('users.district_id', '=', districtId).where('users.status', '=', 'active')
    .where('roles.name', '=', 'district-admin').where('users.id', '!=', userId).executeTakeFirst();
  return other === undefined;
}
