// The Self-assessment screen's own read: the educator's own record, the one row GET /api/staff answers a login
// whose `see educators` reaches only themself. Their ratings and the save are lib/skills.ts (the profile's Skills
// section reads the same answer).
import useSWR from 'swr';
import type { Paginated, StaffListItem } from '../../../common/schemas/staff';
import { api, type ApiError } from '../../lib/api';

export const ownEducatorKey = ['staff', 'own'] as const;

/** GET /api/staff as an educator: their own record (none when the login is not linked to one). */
export function useOwnEducator(enabled = true) {
  return useSWR<StaffListItem[], ApiError>(
    enabled ? ownEducatorKey : null,
    () => api.get<Paginated<StaffListItem>>('staff', { per_page: 2 }).then((page) => page.data),
  );
}
