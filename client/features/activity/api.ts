// The Activity screens' own reads. Interactions and activities themselves (keys, hooks, writes and
// their invalidation) live in client/lib/interactions.ts because the dashboard and the educator and
// coach pages read them too; the interaction types come from client/lib/lookups.ts.
import useSWR from 'swr';
import type { DefaultSchool } from '../../../common/schemas/interactions';
import type { StaffDetail } from '../../../common/schemas/staff';
import { api, type ApiError, serializeQuery } from '../../lib/api';
import { staffKey } from '../../lib/lookups';

/** One educator's name for a filter chip or a prefilled participant (GET /api/staff/{id}). */
export function useStaffName(id: number | null) {
  const { data, error } = useSWR<StaffDetail, ApiError>(id ? staffKey(id) : null, (key: string) => api.get<StaffDetail>(key));
  return { name: data?.name ?? null, building: data?.building ?? null, missing: !!error };
}

/** What the log form asks the default school for (GET /api/interaction/default-school). */
export interface DefaultSchoolQuery { starts_at: string; coach_id: number | null; staff_ids: number[]; group_ids: number[] }

/** The key: the path and its query, ids sorted (the same people in another order ask once). */
export const defaultSchoolKey = (q: DefaultSchoolQuery) => `/interaction/default-school?${serializeQuery({
  starts_at: q.starts_at, ...(q.coach_id ? { coach_id: String(q.coach_id) } : {}),
  staff_ids: [...q.staff_ids].sort((a, b) => a - b).map(String), group_ids: [...q.group_ids].sort((a, b) => a - b).map(String),
})}`;

/**
 * The school an interaction defaults to (issue 26): the participants' school on its day when they share one,
 * else the coach's one school, else none (the form asks). Null query: nothing to ask.
 */
export function useDefaultSchool(query: DefaultSchoolQuery | null) {
  return useSWR<DefaultSchool, ApiError>(query ? defaultSchoolKey(query) : null, (key: string) => api.get<DefaultSchool>(key));
}
