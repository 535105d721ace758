// SWR keys, fetchers and hooks for the educators endpoints (contract: common/schemas/staff.ts).
// Keys and list invalidation are the shared educator resource's (lib/lookups): the caseload and group
// pickers search the same endpoint. Every change puts the answer into the profile cache and
// revalidates every cached list and search.
import useSWR, { mutate } from 'swr';
import type { NewStaffInput, Paginated, StaffDetail, StaffListItem, UpdateStaffInput } from '../../../common/schemas/staff';
import { api, type ApiError, type Query, refreshedAfter } from '../../lib/api';
import { fetchByKey, revalidateStaffLists, staffKey, staffListKey } from '../../lib/lookups';

/** GET /api/staff with search, filters, sort and paging; the previous page stays visible while the next loads. */
export function useStaffList(query: Query | null) {
  return useSWR<Paginated<StaffListItem>, ApiError>(query ? staffListKey(query) : null, fetchByKey<Paginated<StaffListItem>>, { keepPreviousData: true });
}

/** GET /api/staff/{id}; 404 (also for another district's or school's educator) is not retried. */
export function useStaff(id: number | string | null) {
  return useSWR<StaffDetail, ApiError>(id === null ? null : staffKey(id), (key: string) => api.get<StaffDetail>(key), {
    shouldRetryOnError: (err) => !(err && typeof err === 'object' && 'status' in err && [403, 404].includes((err as ApiError).status)),
  });
}

async function afterChange(detail?: StaffDetail): Promise<void> {
  if (detail) await mutate(staffKey(detail.id), detail, { revalidate: false });
  await revalidateStaffLists();
}

/** POST /api/staff: several educators at once; nothing is saved unless every row is valid. */
export async function createStaff(staff: NewStaffInput[]): Promise<StaffListItem[]> {
  const answer = await api.post<{ data: StaffListItem[] }>('staff', { staff });
  await afterChange();
  return answer.data;
}

/** PUT /api/staff/{id}: every profile field. */
export function updateStaff(id: number, input: UpdateStaffInput): Promise<StaffDetail> {
  return refreshedAfter(api.put<StaffDetail>(staffKey(id), input), (detail) => afterChange(detail));
}

/** POST /api/staff/{id}/move: closes the current school row and opens one at the new school. */
export function moveStaff(id: number, input: { building_id: number; effective_date: string }): Promise<StaffDetail> {
  return refreshedAfter(api.post<StaffDetail>(`${staffKey(id)}/move`, input), (detail) => afterChange(detail));
}

export function deactivateStaff(id: number): Promise<StaffDetail> {
  return refreshedAfter(api.post<StaffDetail>(`${staffKey(id)}/deactivate`), (detail) => afterChange(detail));
}

export function reactivateStaff(id: number): Promise<StaffDetail> {
  return refreshedAfter(api.post<StaffDetail>(`${staffKey(id)}/reactivate`), (detail) => afterChange(detail));
}
