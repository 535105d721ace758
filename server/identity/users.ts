import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiledOnce';
import type { DB } from '../../db/connection';
import type { User } from '../../db/types';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The row an email signs in to. Only an ACTIVE login holds an email (security findings 1 and 10);
 * invited and deactivated rows are each district's own records and may share the address with rows
 * of other districts. So: the active login when there is one, else a deactivated row (sign-in then
 * says it was deactivated), else an invited one.
 */
export function findUserByEmail(db: DB, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email))
    .orderBy(sql`case status when 'active' then 0 when 'disabled' then 1 else 2 end`).orderBy('id', 'desc').executeTakeFirst();
}

/** The one active login holding this email (district user or provider staff), if any. */
export function findActiveLogin(db: DB, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).where('status', '=', 'active').executeTakeFirst();
}

/** The row of this email in one district (or among provider staff when districtId is null). */
export function findUserInDistrictByEmail(db: DB, districtId: number | null, email: string): Promise<User | undefined> {
  let query = db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email));
  query = districtId === null ? query.where('district_id', 'is', null) : query.where('district_id', '=', districtId);
  return query.executeTakeFirst();
}

export function findUserById(db: DB, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function districtWithPlan(db: DB, districtId: number) {
  return db.selectFrom('districts').innerJoin('plans', 'plans.id', 'districts.plan_id')
    .select([
      'districts.id', 'districts.name', 'districts.slug', 'districts.state', 'districts.timezone', 'districts.status',
      'districts.trial_ends_at', 'plans.key as plan_key', 'plans.name as plan_name', 'plans.features', 'districts.settings',
      'districts.deletion_scheduled_at',
    ])
    .where('districts.id', '=', districtId).executeTakeFirst();
}

export function roleIdsByName(db: DB, names: string[]) {
  return db.selectFrom('roles').select(['id', 'name', 'area']).where('name', 'in', names).execute();
}

/** Roles of several users, keyed by user id (role name + label), in role order: what the user lists show. */
export async function rolesByUser(db: DB, userIds: number[]) {
  const map = new Map<number, { name: string; label: string }[]>();
  if (!userIds.length) return map;
  const rows = await db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.name', 'roles.label']).where('user_roles.user_id', 'in', userIds)
    .orderBy('roles.id').execute();
  for (const r of rows) {
    const list = map.get(r.user_id) ?? [];
    list.push({ name: r.name, label: r.label });
    map.set(r.user_id, list);
  }
  return map;
}

export type DistrictWithPlan = NonNullable<Awaited<ReturnType<typeof districtWithPlan>>>;

const userWithDistrictQuery = compiledOnce((db: DB, id: number) =>
  db.selectFrom('users')
    .leftJoin('districts', 'districts.id', 'users.district_id')
    .leftJoin('plans', 'plans.id', 'districts.plan_id')
    .selectAll('users')
    .select([
      'districts.name as d_name', 'districts.slug as d_slug', 'districts.state as d_state', 'districts.timezone as d_timezone',
      'districts.status as d_status', 'districts.trial_ends_at as d_trial_ends_at', 'plans.key as d_plan_key',
      'plans.name as d_plan_name', 'plans.features as d_features', 'districts.settings as d_settings',
      'districts.deletion_scheduled_at as d_deletion_scheduled_at',
    ])
    .where('users.id', '=', id));

/**
 * The user row and, for a district user, their district with its plan: one query, compiled once (the
 * signed-in user is loaded on every API request).
 */
export async function findUserWithDistrict(db: DB, id: number): Promise<{ user: User; district: DistrictWithPlan | null } | undefined> {
  const [row] = await userWithDistrictQuery(db, id);
  if (!row) return undefined;
  const { d_name, d_slug, d_state, d_timezone, d_status, d_trial_ends_at, d_plan_key, d_plan_name, d_features, d_settings, d_deletion_scheduled_at, ...user } = row;
  const district = user.district_id !== null && d_name !== null
    ? {
        id: user.district_id, name: d_name, slug: d_slug!, state: d_state!, timezone: d_timezone!, status: d_status!,
        trial_ends_at: d_trial_ends_at ?? null, plan_key: d_plan_key!, plan_name: d_plan_name!, features: d_features!, settings: d_settings!,
        deletion_scheduled_at: d_deletion_scheduled_at ?? null,
      }
    : null;
  return { user, district };
}

const grantsQuery = compiledOnce((db: DB, userId: number, districtId: number) =>
  db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select([sql<string>`'role'`.as('kind'), 'roles.name as name', sql<number | null>`cast(null as bigint)`.as('id')])
    .where('user_roles.user_id', '=', userId)
    .unionAll(db.selectFrom('user_roles')
      .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select([sql<string>`'permission'`.as('kind'), 'permissions.name as name', sql<number | null>`cast(null as bigint)`.as('id')])
      .where('user_roles.user_id', '=', userId))
    .unionAll(db.selectFrom('user_buildings').innerJoin('buildings', 'buildings.id', 'user_buildings.building_id')
      .select([sql<string>`'building'`.as('kind'), 'buildings.name as name', 'buildings.id as id'])
      .where('user_buildings.user_id', '=', userId)
      .where('buildings.district_id', '=', districtId).where('buildings.deleted_at', 'is', null)));

/**
 * Roles, permissions and (inside the district) current buildings of a user in one round trip,
 * each sorted by name as the User shape lists them.
 */
export async function grantsOf(db: DB, userId: number, districtId: number | null) {
  const rows = await grantsQuery(db, userId, districtId ?? -1);
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const of = (kind: string) => rows.filter((r) => r.kind === kind).sort(byName);
  return {
    roles: of('role').map((r) => r.name),
    permissions: [...new Set(of('permission').map((r) => r.name))],
    buildings: of('building').map((r) => ({ id: r.id!, name: r.name })),
  };
}
