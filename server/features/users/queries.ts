// District users: reads and small writes, every one filtered by the caller's district.
import { sql } from 'kysely';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import type { User } from '../../../db/types';
import type { DistrictRole, UserStatus } from '../../../common/schemas/users';
import { containsText, readOneSnapshot } from '../../../db/dialect';
import { PERMISSIONS } from '../../../common/permissions';

export interface UserListFilter {
  search?: string;
  role?: DistrictRole;
  status: UserStatus | 'all';
}

function listQuery(db: DB, districtId: number, filter: UserListFilter) {
  let query = db.selectFrom('users').where('users.district_id', '=', districtId);
  if (filter.status !== 'all') query = query.where('users.status', '=', filter.status);
  if (filter.search) {
    const search = filter.search;
    query = query.where((eb) => eb.or([containsText(db, sql.ref('users.name'), search), containsText(db, sql.ref('users.email'), search)]));
  }
  if (filter.role) {
    const role = filter.role;
    query = query.where((eb) => eb.exists(
      eb.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select(sql.lit(1).as('one')).whereRef('user_roles.user_id', '=', 'users.id').where('roles.name', '=', role),
    ));
  }
  return query;
}

/** One page of the district's logins, ordered by name. */
export async function listDistrictUsers(db: DB, districtId: number, filter: UserListFilter, page: { perPage: number; offset: number }) {
  // The page and its total from one snapshot (a concurrent write never shows between them).
  return readOneSnapshot(db, async (db) => {
    const base = listQuery(db, districtId, filter);
    const [{ total }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base.selectAll('users').orderBy(sql`lower(users.name)`).orderBy('users.id').limit(page.perPage).offset(page.offset).execute(),
    ]);
    return { total: Number(total), rows };
  });
}

export function findDistrictUser(db: DB, districtId: number, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('district_id', '=', districtId).executeTakeFirst();
}

/** The district's own row for this email, whatever its status. */
export function findDistrictUserByEmail(db: DB, districtId: number, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('district_id', '=', districtId).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

/** The emails the district invited (invite links or migration offers) since an instant. */
export async function invitedPeopleSince(db: DB, districtId: number, since: string): Promise<Set<string>> {
  const rows = await db.selectFrom('invites').innerJoin('users', 'users.id', 'invites.user_id').select('users.email')
    .where('invites.district_id', '=', districtId).where('invites.created_at', '>=', since).execute();
  return new Set(rows.map((r) => r.email));
}

/** Revokes the open account-migration offers that would turn this invited user into someone's login. */
export async function revokeOpenMigrations(db: DB, invitedUserId: number): Promise<void> {
  await db.updateTable('account_migrations').set({ revoked_at: nowIso() })
    .where('invite_user_id', '=', invitedUserId).where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute();
}

/** Current (not archived) buildings of several users, inside the district only. */
export async function buildingsByUser(db: DB, districtId: number, userIds: number[]) {
  const map = new Map<number, { id: number; name: string }[]>();
  if (!userIds.length) return map;
  const rows = await db.selectFrom('user_buildings').innerJoin('buildings', 'buildings.id', 'user_buildings.building_id')
    .select(['user_buildings.user_id', 'buildings.id', 'buildings.name'])
    .where('user_buildings.user_id', 'in', userIds).where('buildings.district_id', '=', districtId)
    .where('buildings.deleted_at', 'is', null).orderBy('buildings.name').execute();
  for (const r of rows) {
    const list = map.get(r.user_id) ?? [];
    list.push({ id: r.id, name: r.name });
    map.set(r.user_id, list);
  }
  return map;
}

/** The newest invite of each user that is neither accepted nor revoked (it may have expired). */
export async function openInvitesByUser(db: DB, districtId: number, userIds: number[]) {
  const map = new Map<number, { expires_at: string }>();
  if (!userIds.length) return map;
  const rows = await db.selectFrom('invites').select(['user_id', 'expires_at'])
    .where('district_id', '=', districtId).where('user_id', 'in', userIds)
    .where('accepted_at', 'is', null).where('revoked_at', 'is', null).orderBy('expires_at').execute();
  for (const r of rows) map.set(r.user_id, { expires_at: r.expires_at });
  return map;
}

/** Ids of the district's buildings (not archived) among `ids`. */
export async function districtBuildingIds(db: DB, districtId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('buildings').select('id').where('district_id', '=', districtId)
    .where('deleted_at', 'is', null).where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** How many active users of the district hold district-admin, optionally leaving one user out. */
export async function countActiveDistrictAdmins(db: DB, districtId: number, exceptUserId?: number): Promise<number> {
  let query = db.selectFrom('users').innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select((eb) => eb.fn.count<number>('users.id').distinct().as('n'))
    .where('users.district_id', '=', districtId).where('users.status', '=', 'active').where('roles.name', '=', 'district-admin');
  if (exceptUserId !== undefined) query = query.where('users.id', '!=', exceptUserId);
  const { n } = await query.executeTakeFirstOrThrow();
  return Number(n);
}

export async function roleNamesOf(db: DB, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('roles.name').where('user_roles.user_id', '=', userId).execute();
  return rows.map((r) => r.name);
}

/** Replaces a user's roles and buildings (role names must exist; callers validate them). */
export async function replaceRolesAndBuildings(db: DB, userId: number, roleNames: string[], buildingIds: number[]): Promise<void> {
  const roles = await db.selectFrom('roles').select('id').where('name', 'in', roleNames).where('area', '=', 'app').execute();
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  for (const role of roles) await db.insertInto('user_roles').values({ user_id: userId, role_id: role.id }).execute();
  await db.deleteFrom('user_buildings').where('user_id', '=', userId).execute();
  for (const buildingId of buildingIds) await db.insertInto('user_buildings').values({ user_id: userId, building_id: buildingId }).execute();
}

/** Marks every invite of the user that is neither accepted nor revoked as revoked; returns how many. */
export async function revokeOpenInvites(db: DB, userId: number): Promise<number> {
  const result = await db.updateTable('invites').set({ revoked_at: nowIso() })
    .where('user_id', '=', userId).where('accepted_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setUserStatus(db: DB, userId: number, status: UserStatus): Promise<void> {
  await db.updateTable('users').set({ status, updated_at: nowIso() }).where('id', '=', userId).execute();
}

/**
 * Whom a district's people ask to change their login: up to `limit` active users of the district
 * holding `manage coaches` (any suffix: the permission every user command checks), by name.
 */
export async function userManagersOf(db: DB, districtId: number, limit = 25): Promise<{ name: string; email: string }[]> {
  return db.selectFrom('users')
    .select(['users.name', 'users.email'])
    .where('users.district_id', '=', districtId)
    .where('users.status', '=', 'active')
    .where((eb) => eb.exists(eb.selectFrom('user_roles')
      .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select(sql.lit(1).as('one'))
      .whereRef('user_roles.user_id', '=', 'users.id')
      .where((p) => p.or([
        p('permissions.name', '=', PERMISSIONS.manageCoaches),
        p('permissions.name', 'like', `${PERMISSIONS.manageCoaches}.%`),
      ]))))
    .orderBy(sql`lower(users.name)`).orderBy('users.id')
    .limit(limit)
    .execute();
}
