// The dashboard's own data: the pulse (GET /api/report/pulse). One key, fetcher and hook.
import useSWR from 'swr';
import type { ReportPulse } from '../../../common/schemas/pulse';
import { api } from '../../lib/api';

export const pulseKey = () => 'report/pulse';

/** Only for users with `see engagement` (enabled=false: no request). */
export function usePulse(enabled: boolean) {
  return useSWR<ReportPulse>(enabled ? pulseKey() : null, (key: string) => api.get<ReportPulse>(key));
}
