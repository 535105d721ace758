// The Activity screens' own reads. Interactions and activities themselves (keys, hooks, writes and
// their invalidation) live in client/lib/interactions.ts because the dashboard and the educator and
// coach pages read them too; the interaction types come from client/lib/lookups.ts.
import useSWR from 'swr';
import type { StaffDetail } from '../../../common/schemas/staff';
import { api, type ApiError } from '../../lib/api';
import { useInteractions } from '../../lib/interactions';
import { staffKey } from '../../lib/lookups';
import { recentParticipants } from './logForm';

/** The educators the caller coached most recently (from their own latest interactions). */
export function useRecentParticipants(userId: number | null) {
  const { data } = useInteractions(userId ? { filter: { coach_id: [userId] }, sort: '-starts_at', per_page: 50 } : null);
  return data ? recentParticipants(data.data) : [];
}

/** One educator's name for a filter chip or a prefilled participant (GET /api/staff/{id}). */
export function useStaffName(id: number | null) {
  const { data, error } = useSWR<StaffDetail, ApiError>(id ? staffKey(id) : null, (key: string) => api.get<StaffDetail>(key));
  return { name: data?.name ?? null, building: data?.building ?? null, missing: !!error };
}
