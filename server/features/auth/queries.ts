import type { DB } from '../../../db/connection';
import type { User } from '../../../db/types';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(db: DB, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export function findUserById(db: DB, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function rolesOf(db: DB, userId: number): Promise<{ name: string; area: 'app' | 'admin' }[]> {
  return db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.name', 'roles.area']).where('user_roles.user_id', '=', userId).orderBy('roles.name').execute();
}

export async function permissionsOf(db: DB, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_roles')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select('permissions.name').distinct().where('user_roles.user_id', '=', userId).orderBy('permissions.name').execute();
  return rows.map((r) => r.name);
}

/** The user's buildings, always within their own district. */
export function buildingsOf(db: DB, userId: number, districtId: number) {
  return db.selectFrom('user_buildings').innerJoin('buildings', 'buildings.id', 'user_buildings.building_id')
    .select(['buildings.id', 'buildings.name']).where('user_buildings.user_id', '=', userId)
    .where('buildings.district_id', '=', districtId).where('buildings.deleted_at', 'is', null)
    .orderBy('buildings.name').execute();
}

export function districtWithPlan(db: DB, districtId: number) {
  return db.selectFrom('districts').innerJoin('plans', 'plans.id', 'districts.plan_id')
    .select([
      'districts.id', 'districts.name', 'districts.slug', 'districts.state', 'districts.timezone', 'districts.status',
      'districts.trial_ends_at', 'plans.key as plan_key', 'plans.name as plan_name', 'plans.features',
    ])
    .where('districts.id', '=', districtId).executeTakeFirst();
}

export function roleIdsByName(db: DB, names: string[]) {
  return db.selectFrom('roles').select(['id', 'name', 'area']).where('name', 'in', names).execute();
}
