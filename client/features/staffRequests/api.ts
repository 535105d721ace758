// SWR keys, fetchers and hooks for school staff requests (contract: common/schemas/staffRequests.ts).
// Every change revalidates every cached list variant and the candidates.
import useSWR, { mutate } from 'swr';
import type { Paginated } from '../../../common/schemas/staff';
import type { CreateStaffRequestInput, StaffRequest, StaffRequestCandidate, StaffRequestFilter } from '../../../common/schemas/staffRequests';
import { api, type ApiError, type Query } from '../../lib/api';
import { isKeyOf } from '../../lib/lookups';

export const STAFF_REQUESTS_KEY = 'staff-request';
export const CANDIDATES_KEY = 'staff-request/candidates';

const fetchList = ([path, query]: [string, Query]) => api.get<Paginated<StaffRequest>>(path, query);

/** GET /api/staff-request?status=&page=: newest first; the previous page stays visible while the next loads. */
export function useStaffRequests(status: StaffRequestFilter, page = 1, perPage = 20) {
  return useSWR<Paginated<StaffRequest>, ApiError>([STAFF_REQUESTS_KEY, { status, page, per_page: perPage }], fetchList, { keepPreviousData: true });
}

const fetchCandidates = ([path, query]: [string, Query]) => api.get<{ data: StaffRequestCandidate[] }>(path, query);

/** GET /api/staff-request/candidates?search=: educators who may be asked for (at most 20). */
export function useStaffRequestCandidates(search: string, enabled: boolean) {
  return useSWR<{ data: StaffRequestCandidate[] }, ApiError>(enabled ? [CANDIDATES_KEY, { search }] : null, fetchCandidates, { keepPreviousData: true });
}

/** Refetches every cached list of requests and candidates (after a change, or a refused one). */
export async function refreshStaffRequests(): Promise<void> {
  await Promise.all([mutate(isKeyOf(STAFF_REQUESTS_KEY)), mutate(isKeyOf(CANDIDATES_KEY))]);
}

const afterChange = refreshStaffRequests;

/** POST /api/staff-request */
export async function createStaffRequest(input: CreateStaffRequestInput): Promise<StaffRequest> {
  const created = await api.post<StaffRequest>(STAFF_REQUESTS_KEY, input);
  await afterChange();
  return created;
}

/** POST /api/staff-request/{id}/approve: the building history changes on the server. */
export async function approveStaffRequest(id: number): Promise<StaffRequest> {
  const answer = await api.post<StaffRequest>(`${STAFF_REQUESTS_KEY}/${id}/approve`);
  await afterChange();
  // Educator screens show building history: let them refetch too.
  await mutate((key) => (typeof key === 'string' && key === `staff/${answer.staff.id}`) || (Array.isArray(key) && key[0] === 'staff'));
  return answer;
}

/** POST /api/staff-request/{id}/deny */
export async function denyStaffRequest(id: number, reason: string): Promise<StaffRequest> {
  const answer = await api.post<StaffRequest>(`${STAFF_REQUESTS_KEY}/${id}/deny`, { reason });
  await afterChange();
  return answer;
}

/** DELETE /api/staff-request/{id}: the requester withdraws a pending request. */
export async function withdrawStaffRequest(id: number): Promise<void> {
  await api.delete(`${STAFF_REQUESTS_KEY}/${id}`);
  await afterChange();
}
