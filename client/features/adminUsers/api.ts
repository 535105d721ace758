// The provider's user administration: one SWR key + fetcher + hook per endpoint; every change
// revalidates both lists (a staff member shows on the Users screen and on Admin user settings).
import useSWR, { mutate } from 'swr';
import type {
  AdminUser, AdminUserDistrictOptions, AdminUserList, InviteStaffInput, ProviderRole,
} from '../../../common/schemas/adminUsers';
import { api, type ApiError, refreshedAfter } from '../../lib/api';
import { listQuery } from '../../lib/listParams';
import { fetchByKey } from '../../lib/lookups';

const USERS = 'admin/user';
const STAFF = 'admin/staff';
const DISTRICTS = 'admin/user-district';

/** The Users screen's query, as the URL holds it. */
export interface AdminUserQuery {
  search: string;
  district_id: string;
  role: string;
  status: string;
  area: string;
  sort: string;
  page: number;
}

const toQuery = (q: AdminUserQuery, perPage: number) => listQuery({
  search: q.search, filter: { district_id: q.district_id, role: q.role, status: q.status, area: q.area },
  sort: q.sort, defaultSort: 'name', page: q.page, perPage,
});

export const adminUsersKey = (query: AdminUserQuery, perPage: number) => [USERS, toQuery(query, perPage)] as const;
export const staffKey = () => [STAFF, { per_page: 100 }] as const;
export const districtOptionsKey = () => DISTRICTS;

export function useAdminUsers(query: AdminUserQuery, perPage: number) {
  return useSWR<AdminUserList, ApiError>(adminUsersKey(query, perPage), fetchByKey<AdminUserList>, { keepPreviousData: true });
}

export function useStaff() {
  return useSWR<AdminUserList, ApiError>(staffKey(), fetchByKey<AdminUserList>);
}

export function useDistrictOptions() {
  return useSWR<AdminUserDistrictOptions, ApiError>(districtOptionsKey(), (path: string) => api.get<AdminUserDistrictOptions>(path), {
    revalidateOnFocus: false,
  });
}

/** After any change: every Users list variant and the staff list are fetched again. */
async function revalidateAdminUsers(): Promise<void> {
  await mutate((key) => Array.isArray(key) && (key[0] === USERS || key[0] === STAFF));
}

export type AdminUserCommand = 'deactivate' | 'reactivate' | 'resend-invite';

/**
 * Deactivate, reactivate or resend the invitation of a login: any login through `admin/user`, Coachwell
 * staff through `admin/staff` (the Admin user settings screen).
 */
export function runAdminUserCommand(id: number, command: AdminUserCommand, base: 'user' | 'staff' = 'user'): Promise<AdminUser> {
  return refreshedAfter(api.post<AdminUser>(`admin/${base}/${id}/${command}`), () => revalidateAdminUsers());
}

export function inviteStaff(input: InviteStaffInput): Promise<AdminUser> {
  return refreshedAfter(api.post<AdminUser>('admin/staff', input), () => revalidateAdminUsers());
}

export function changeStaffRole(id: number, role: ProviderRole): Promise<AdminUser> {
  return refreshedAfter(api.put<AdminUser>(`admin/staff/${id}`, { role }), () => revalidateAdminUsers());
}
