// SWR keys, fetchers and hooks for school staff requests (contract: common/schemas/staffRequests.ts).
// Every change revalidates every cached list variant and the candidates.
import useSWR, { mutate } from 'swr';
import type { Paginated } from '../../../common/schemas/staff';
import type { CreateStaffRequestInput, StaffRequest, StaffRequestCandidate, StaffRequestFilter } from '../../../common/schemas/staffRequests';
import { api, type ApiError, refreshedAfter } from '../../lib/api';
import { fetchByKey, revalidateStaffLists, revalidateStaffProfiles } from '../../lib/lookups';

const STAFF_REQUESTS = 'staff-request';
const CANDIDATES = 'staff-request/candidates';

export const staffRequestsKey = (status: StaffRequestFilter, page = 1, perPage = 20) => [STAFF_REQUESTS, { status, page, per_page: perPage }] as const;
export const candidatesKey = (search: string) => [CANDIDATES, { search }] as const;

/** GET /api/staff-request?status=&page=: newest first; the previous page stays visible while the next loads. */
export function useStaffRequests(status: StaffRequestFilter, page = 1, perPage = 20) {
  return useSWR<Paginated<StaffRequest>, ApiError>(staffRequestsKey(status, page, perPage), fetchByKey<Paginated<StaffRequest>>, { keepPreviousData: true });
}

/** GET /api/staff-request/candidates?search=: educators who may be asked for (at most 20). */
export function useStaffRequestCandidates(search: string, enabled: boolean) {
  return useSWR<{ data: StaffRequestCandidate[] }, ApiError>(enabled ? candidatesKey(search) : null, fetchByKey<{ data: StaffRequestCandidate[] }>, { keepPreviousData: true });
}

/** Refetches every cached list of requests and candidates (after a change, or a refused one). */
export async function refreshStaffRequests(): Promise<void> {
  await mutate((key) => Array.isArray(key) && (key[0] === STAFF_REQUESTS || key[0] === CANDIDATES));
}

const afterChange = refreshStaffRequests;

/** POST /api/staff-request */
export function createStaffRequest(input: CreateStaffRequestInput): Promise<StaffRequest> {
  return refreshedAfter(api.post<StaffRequest>(STAFF_REQUESTS, input), () => afterChange());
}

/** POST /api/staff-request/{id}/approve: the building history changes on the server. */
export async function approveStaffRequest(id: number): Promise<StaffRequest> {
  const answer = await api.post<StaffRequest>(`${STAFF_REQUESTS}/${id}/approve`);
  await afterChange();
  // Educator screens show building history: let them refetch too.
  await Promise.all([revalidateStaffProfiles(answer.staff.id), revalidateStaffLists()]);
  return answer;
}

/** POST /api/staff-request/{id}/deny */
export function denyStaffRequest(id: number, reason: string): Promise<StaffRequest> {
  return refreshedAfter(api.post<StaffRequest>(`${STAFF_REQUESTS}/${id}/deny`, { reason }), () => afterChange());
}

/** DELETE /api/staff-request/{id}: the requester withdraws a pending request. */
export async function withdrawStaffRequest(id: number): Promise<void> {
  await api.delete(`${STAFF_REQUESTS}/${id}`);
  await afterChange();
}
