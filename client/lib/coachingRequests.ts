// Coaching requests on the client (issue 29, item 4): the list hook, the four commands and their revalidation,
// defined once here because two features show requests (the educator's Ask for coaching screen, the coach's
// dashboard queue). Keys are ['coaching-request', query]. Zod-free: the dashboard is on the first page's path.
import useSWR, { mutate } from 'swr';
import type { CoachingRequestStatus } from '../../common/coachingRequestValues';
import type { CoachingRequest } from '../../common/schemas/coachingRequests';
import type { Paginated } from '../../common/schemas/staff';
import { api, type ApiError, type Query, type QueryValue } from './api';
import { revalidateInteractions } from './interactions';
import { fetchByKey } from './lookups';

export type { CoachingRequest };

export interface CoachingRequestFilter {
  status?: CoachingRequestStatus[];
  /** Only the requests the reader holds now (their queue). */
  queue?: boolean;
}

export const coachingRequestsKey = (filter: CoachingRequestFilter, page = 1, perPage = 50) => {
  const query: Record<string, QueryValue> = {};
  if (filter.status?.length) query.status = filter.status;
  if (filter.queue) query.queue = '1';
  return ['coaching-request', { filter: query, page, per_page: perPage } satisfies Query] as const;
};

export function useCoachingRequests(filter: CoachingRequestFilter, opts: { enabled?: boolean; perPage?: number } = {}) {
  return useSWR<Paginated<CoachingRequest>, ApiError>(
    opts.enabled === false ? null : coachingRequestsKey(filter, 1, opts.perPage ?? 50),
    fetchByKey<Paginated<CoachingRequest>>,
    { keepPreviousData: true },
  );
}

/** Every list of requests (after any change to one). */
export function revalidateCoachingRequests(): Promise<unknown> {
  return mutate((key: unknown) => Array.isArray(key) && key[0] === 'coaching-request');
}

const after = async (request: Promise<CoachingRequest>): Promise<CoachingRequest> => {
  const answer = await request;
  await revalidateCoachingRequests();
  return answer;
};

export interface AskInput { topic: string; message: string; preferred_times: string }
export interface AcceptInput { starts_at: string; duration_minutes: number | null }
export interface PassInput { to_user_id: number | null; note: string }

export const coachingRequestApi = {
  ask: (input: AskInput) => after(api.post<CoachingRequest>('coaching-request', input)),
  accept: async (id: number, input: AcceptInput) => {
    const answer = await after(api.post<CoachingRequest>(`coaching-request/${id}/accept`, input));
    // The session is a new scheduled interaction: the Activity lists and the dashboard's week show it.
    await revalidateInteractions();
    return answer;
  },
  pass: (id: number, input: PassInput) => after(api.post<CoachingRequest>(`coaching-request/${id}/pass`, input)),
  withdraw: (id: number) => after(api.post<CoachingRequest>(`coaching-request/${id}/withdraw`)),
};
