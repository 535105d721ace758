// The provider's user administration: reads across every district (the provider's scope is `see all
// districts`, so these queries filter by the district the caller asks for, or none) and small writes.
import { sql } from 'kysely';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import type { User } from '../../../db/types';
import type { AdminUserListQuery, AdminUserStatus } from '../../../common/schemas/adminUsers';
import { searchWords, type TextSearchIndex, textSearchMatches, readOneSnapshot } from '../../../db/dialect';

/** Every login's name and email (migration 20261124_0092_admin_search). */
export const USER_SEARCH: TextSearchIndex = {
  table: 'user_search', key: 'users.id', columns: ['name', 'email'], starts: 'starts',
  names: ['users.name'], fields: ['users.email'], searched: ['users.name', 'users.email'],
};

function listQuery(db: DB, query: AdminUserListQuery) {
  let q = db.selectFrom('users').leftJoin('districts', 'districts.id', 'users.district_id');
  const { district_id: districtId, role, status, area } = query.filter;
  if (districtId !== undefined) q = q.where('users.district_id', '=', districtId);
  if (status) q = q.where('users.status', '=', status);
  if (area === 'admin') q = q.where('users.district_id', 'is', null);
  if (area === 'app') q = q.where('users.district_id', 'is not', null);
  const words = searchWords(query.search ?? '');
  if (words.length) q = q.where(textSearchMatches(db, USER_SEARCH, words));
  if (role) {
    q = q.where((eb) => eb.exists(
      eb.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select(sql.lit(1).as('one')).whereRef('user_roles.user_id', '=', 'users.id').where('roles.name', '=', role),
    ));
  }
  return q;
}

const SORT_COLUMNS = {
  name: sql`lower(users.name)`,
  email: sql`users.email`,
  // Provider staff (no district) sort first ascending: "Coachwell" comes before any district's name.
  district: sql`coalesce(lower(districts.name), '')`,
  // Never signed in sorts as the oldest.
  last_login_at: sql`coalesce(users.last_login_at, '')`,
  created_at: sql`users.created_at`,
} as const;

export type AdminUserRow = User & { district_name: string | null; district_status: string | null };

/** One page of logins across districts and provider staff, filtered and sorted as asked. */
export async function listAdminUsers(db: DB, query: AdminUserListQuery, page: { perPage: number; offset: number }) {
  // The page and its total from one snapshot (a concurrent write never shows between them).
  return readOneSnapshot(db, async (db) => {
    const base = listQuery(db, query);
    const desc = query.sort.startsWith('-');
    const key = (desc ? query.sort.slice(1) : query.sort) as keyof typeof SORT_COLUMNS;
    const direction = desc ? 'desc' : 'asc';
    const [{ total }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base.selectAll('users').select(['districts.name as district_name', 'districts.status as district_status'])
        .orderBy(SORT_COLUMNS[key], direction).orderBy(sql`lower(users.name)`).orderBy('users.id')
        .limit(page.perPage).offset(page.offset).execute(),
    ]);
    return { total: Number(total), rows: rows as AdminUserRow[] };
  });
}

/** One login with its district's name, any district or provider staff. */
export async function findAdminUser(db: DB, id: number): Promise<AdminUserRow | undefined> {
  const row = await db.selectFrom('users').leftJoin('districts', 'districts.id', 'users.district_id')
    .selectAll('users').select(['districts.name as district_name', 'districts.status as district_status'])
    .where('users.id', '=', id).executeTakeFirst();
  return row as AdminUserRow | undefined;
}

/** Every district by name (the Users screen's district filter). */
export function districtOptions(db: DB) {
  return db.selectFrom('districts').select(['id', 'name']).orderBy(sql`lower(name)`).orderBy('id').execute();
}

/** The newest invite of each user that is neither accepted nor revoked (it may have expired). */
export async function openInvitesByUser(db: DB, userIds: number[]) {
  const map = new Map<number, { expires_at: string; invited_by: number | null }>();
  if (!userIds.length) return map;
  const rows = await db.selectFrom('invites').select(['user_id', 'expires_at', 'invited_by'])
    .where('user_id', 'in', userIds).where('accepted_at', 'is', null).where('revoked_at', 'is', null)
    .orderBy('expires_at').execute();
  for (const r of rows) map.set(r.user_id, { expires_at: r.expires_at, invited_by: r.invited_by });
  return map;
}

/** Who sent the user's latest invitation (kept on a resend, so the link names the same person). */
export async function latestInviter(db: DB, userId: number): Promise<number | null> {
  const row = await db.selectFrom('invites').select('invited_by').where('user_id', '=', userId)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  return row?.invited_by ?? null;
}

export async function roleNamesOf(db: DB, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('roles.name').where('user_roles.user_id', '=', userId).execute();
  return rows.map((r) => r.name);
}

/** Active holders of a role, in one district or among provider staff (districtId null), leaving one user out. */
export async function countActiveWithRole(db: DB, districtId: number | null, role: string, exceptUserId: number): Promise<number> {
  let query = db.selectFrom('users').innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select((eb) => eb.fn.count<number>('users.id').distinct().as('n'))
    .where('users.status', '=', 'active').where('roles.name', '=', role).where('users.id', '!=', exceptUserId);
  query = districtId === null ? query.where('users.district_id', 'is', null) : query.where('users.district_id', '=', districtId);
  const { n } = await query.executeTakeFirstOrThrow();
  return Number(n);
}

/** Replaces a provider staff member's role (provider roles only). */
export async function setProviderRole(db: DB, userId: number, role: string): Promise<void> {
  const row = await db.selectFrom('roles').select('id').where('name', '=', role).where('area', '=', 'admin').executeTakeFirstOrThrow();
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  await db.insertInto('user_roles').values({ user_id: userId, role_id: row.id }).execute();
  await db.updateTable('users').set({ updated_at: nowIso() }).where('id', '=', userId).execute();
}

/** Marks every open invite of the user as revoked; returns how many. */
export async function revokeOpenInvites(db: DB, userId: number): Promise<number> {
  const result = await db.updateTable('invites').set({ revoked_at: nowIso() })
    .where('user_id', '=', userId).where('accepted_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes the open account-migration offers that would turn this invited user into someone's login. */
export async function revokeOpenMigrations(db: DB, invitedUserId: number): Promise<void> {
  await db.updateTable('account_migrations').set({ revoked_at: nowIso() })
    .where('invite_user_id', '=', invitedUserId).where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute();
}

export async function setUserStatus(db: DB, userId: number, status: AdminUserStatus): Promise<void> {
  await db.updateTable('users').set({ status, updated_at: nowIso() }).where('id', '=', userId).execute();
}
