// Coaches and caseloads. One SWR key + fetcher + hook per endpoint; caseload changes revalidate
// the coach, the coach list (caseload sizes) and the educator lists that show coaches.
import useSWR, { mutate } from 'swr';
import type { AssignCaseloadInput, CoachDetail, CoachListItem, EndAssignmentInput } from '../../../common/schemas/coaches';
import type { Paginated, StaffListItem } from '../../../common/schemas/staff';
import { api, type Query } from '../../lib/api';
import { COACHES_KEY, isKeyOf } from '../../lib/lookups';

type CoachList = { data: CoachListItem[] };

/** GET /api/coach: the same cache entry as the shared coach lookup, with last sign-in. */
export function useCoachList() {
  return useSWR<CoachList>([COACHES_KEY, {}], ([path, query]: [string, Query]) => api.get<CoachList>(path, query));
}

export const coachKey = (id: number) => [COACHES_KEY, id] as const;

/** GET /api/coach/{id}. */
export function useCoach(id: number) {
  return useSWR<CoachDetail>(Number.isInteger(id) && id > 0 ? coachKey(id) : null, ([path, coachId]: readonly [string, number]) => api.get<CoachDetail>(`${path}/${coachId}`));
}

export const STAFF_SEARCH_KEY = 'staff';

/** GET /api/staff?search=&per_page=20: active educators to pick for a caseload. */
export function useStaffSearch(search: string, enabled: boolean) {
  const query = { search: search.trim(), per_page: 20 };
  return useSWR<Paginated<StaffListItem>>(
    enabled ? [STAFF_SEARCH_KEY, query] : null,
    ([path, q]: [string, Query]) => api.get<Paginated<StaffListItem>>(path, q),
    { keepPreviousData: true },
  );
}

async function caseloadChanged(coach: CoachDetail): Promise<void> {
  await mutate(coachKey(coach.id), coach, { revalidate: false });
  // Caseload sizes on the coach list, and the coach shown on educator lists and profiles.
  await Promise.all([
    mutate((key) => isKeyOf(COACHES_KEY)(key) && Array.isArray(key) && typeof key[1] !== 'number'),
    mutate(isKeyOf(STAFF_SEARCH_KEY)),
  ]);
}

export async function assignEducators(coachId: number, input: AssignCaseloadInput): Promise<CoachDetail> {
  const coach = await api.post<CoachDetail>(`coach/${coachId}/caseload`, input);
  await caseloadChanged(coach);
  return coach;
}

export async function endAssignment(coachId: number, assignmentId: number, input: EndAssignmentInput): Promise<CoachDetail> {
  const coach = await api.post<CoachDetail>(`coach/${coachId}/caseload/${assignmentId}/end`, input);
  await caseloadChanged(coach);
  return coach;
}
