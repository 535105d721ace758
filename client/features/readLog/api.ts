// "Who has read about me" (issue 29): the one read of the screen, GET /api/me/read-log.
import useSWR from 'swr';
import type { ReadLogEntry } from '../../../common/readLogValues';
import { api, type ApiError } from '../../lib/api';

export interface ReadLogPage {
  data: ReadLogEntry[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

export const readLogKey = (page: number) => ['me/read-log', page] as const;

/** GET /api/me/read-log: the signed-in educator's own, 50 entries a page (403 when the district turned it off). */
export function useReadLog(page: number, enabled = true) {
  return useSWR<ReadLogPage, ApiError>(enabled ? readLogKey(page) : null, () => api.get<ReadLogPage>('me/read-log', { page }));
}
