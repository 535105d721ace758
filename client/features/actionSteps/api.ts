// The Action steps screen's own read: the educator's own record (for adding their own steps), the one row
// GET /api/staff answers a login whose `see educators` reaches only themself. The steps and their changes are
// client/lib/actionSteps.ts (View Educator's section reads the same lists). The key is the Self-assessment
// screen's, so both share one cache entry.
import useSWR from 'swr';
import type { Paginated, StaffListItem } from '../../../common/schemas/staff';
import { api, type ApiError } from '../../lib/api';

/** GET /api/staff as an educator: their own record (none when the login is not linked to one). */
export function useOwnStaff(enabled = true) {
  return useSWR<StaffListItem[], ApiError>(
    enabled ? (['staff', 'own'] as const) : null,
    () => api.get<Paginated<StaffListItem>>('staff', { per_page: 2 }).then((page) => page.data),
  );
}
