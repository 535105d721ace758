// District users: one SWR key + fetcher + hook per endpoint; mutations revalidate every user list.
import useSWR, { mutate } from 'swr';
import type {
  DistrictUser, DistrictUserList, InviteUserInput, MigrationDetails, MigrationResult, OwnUserSettings, UpdateUserInput,
} from '../../../common/schemas/users';
import { api, type ApiError, refreshedAfter } from '../../lib/api';
import { listQuery } from '../../lib/listParams';
import { fetchByKey } from '../../lib/lookups';
import { endSession } from '../../lib/session';

const USERS = 'user';

export interface UserListQuery {
  search?: string;
  role?: string;
  status?: string;
  page?: number;
  per_page?: number;
}

const toQuery = (q: UserListQuery) => listQuery({ search: q.search, filter: { role: q.role, status: q.status }, page: q.page, perPage: q.per_page });

export const usersKey = (query: UserListQuery) => [USERS, toQuery(query)] as const;
export const userKey = (id: number) => [USERS, id] as const;
export const migrationKey = (token: string) => `account-migration/${token}`;
/** GET /api/user/self; led by the users path, so every change to users refetches it too. */
export const ownSettingsKey = [USERS, 'self'] as const;

export function useUsers(query: UserListQuery) {
  return useSWR<DistrictUserList, ApiError>(usersKey(query), fetchByKey<DistrictUserList>, { keepPreviousData: true });
}

export function useUser(id: number | null) {
  return useSWR<DistrictUser, ApiError>(id ? userKey(id) : null, ([, userId]: readonly [string, number]) => api.get<DistrictUser>(`user/${userId}`));
}

/** User settings for a person who does not manage users: their own login, roles, schools and whom to ask. */
export function useOwnUserSettings() {
  return useSWR<OwnUserSettings, ApiError>(ownSettingsKey, () => api.get<OwnUserSettings>('user/self'));
}

/** After any change: every list variant and the single user are fetched again. */
async function revalidateUsers(user?: DistrictUser): Promise<void> {
  if (user) await mutate(userKey(user.id), user, { revalidate: false });
  await mutate((key) => Array.isArray(key) && key[0] === USERS);
}

/**
 * 201 with the invited user, whatever the email is elsewhere (the server decides out of band whether
 * the person gets an invitation or an offer to move a login they have in another district).
 */
export function inviteUser(input: InviteUserInput): Promise<DistrictUser> {
  return refreshedAfter(api.post<DistrictUser>('user', input), (user) => revalidateUsers(user));
}

export function updateUser(id: number, input: UpdateUserInput): Promise<DistrictUser> {
  return refreshedAfter(api.put<DistrictUser>(`user/${id}`, input), (user) => revalidateUsers(user));
}

export type UserCommand = 'resend-invite' | 'revoke-invite' | 'deactivate' | 'reactivate';

export function runUserCommand(id: number, command: UserCommand): Promise<DistrictUser> {
  return refreshedAfter(api.post<DistrictUser>(`user/${id}/${command}`), (user) => revalidateUsers(user));
}

export function useMigration(token: string) {
  return useSWR<MigrationDetails, ApiError>(token ? migrationKey(token) : null, (key: string) => api.get<MigrationDetails>(key), {
    shouldRetryOnError: false, revalidateOnFocus: false,
  });
}

/** Moves the login; every session of the person ends, so this browser is signed out too. */
export async function confirmMigration(token: string, password: string): Promise<MigrationResult> {
  const result = await api.post<MigrationResult>(`account-migration/${token}`, { password });
  const own = migrationKey(token);
  await endSession((key) => key === own);
  return result;
}
