// Coaches and caseloads. One SWR key + fetcher + hook per endpoint; caseload changes revalidate
// the coach, the coach list (caseload sizes) and the educator lists that show coaches.
import useSWR, { mutate } from 'swr';
import type { AssignCaseloadInput, CoachDetail, CoachListItem, EndAssignmentInput } from '../../../common/schemas/coaches';
import { api, refreshedAfter } from '../../lib/api';
import { coachesKey, coachKey, fetchByKey, revalidateCoachLists, revalidateStaffLists, revalidateStaffProfiles } from '../../lib/lookups';

type CoachList = { data: CoachListItem[] };

/** GET /api/coach: the same cache entry as the shared coach lookup, with last sign-in. */
export function useCoachList() {
  return useSWR<CoachList>(coachesKey(), fetchByKey<CoachList>);
}

/** GET /api/coach/{id}. */
export function useCoach(id: number) {
  return useSWR<CoachDetail>(Number.isInteger(id) && id > 0 ? coachKey(id) : null, ([path, coachId]: readonly [string, number]) => api.get<CoachDetail>(`${path}/${coachId}`));
}

async function caseloadChanged(coach: CoachDetail): Promise<void> {
  await mutate(coachKey(coach.id), coach, { revalidate: false });
  // Caseload sizes on the coach list, and the coach shown on educator lists and profiles.
  await Promise.all([revalidateCoachLists(), revalidateStaffLists(), revalidateStaffProfiles()]);
}

export function assignEducators(coachId: number, input: AssignCaseloadInput): Promise<CoachDetail> {
  return refreshedAfter(api.post<CoachDetail>(`coach/${coachId}/caseload`, input), (coach) => caseloadChanged(coach));
}

export function endAssignment(coachId: number, assignmentId: number, input: EndAssignmentInput): Promise<CoachDetail> {
  return refreshedAfter(api.post<CoachDetail>(`coach/${coachId}/caseload/${assignmentId}/end`, input), (coach) => caseloadChanged(coach));
}
