// The dashboard's own data: the pulse (GET /api/report/pulse), the setup checklist (GET /api/setup-checklist) and
// the educator's home (GET /api/me/home).
// One key, fetcher and hook each.
import useSWR, { mutate } from 'swr';
import type { EducatorHomeAnswer } from '../../../common/schemas/answers/educatorHome';
import type { ReportPulse } from '../../../common/schemas/pulse';
import type { SetupChecklist, SetupReviewItem } from '../../../common/schemas/setup';
import { api } from '../../lib/api';

export const pulseKey = () => 'report/pulse';

/** Only for users with `see engagement` (enabled=false: no request). */
export function usePulse(enabled: boolean) {
  return useSWR<ReportPulse>(enabled ? pulseKey() : null, (key: string) => api.get<ReportPulse>(key));
}

export const setupChecklistKey = () => 'setup-checklist';

/** The setup checklist: only for district administrators (`manage settings`; enabled=false: no request). */
export function useSetupChecklist(enabled: boolean) {
  return useSWR<SetupChecklist>(enabled ? setupChecklistKey() : null, (key: string) => api.get<SetupChecklist>(key));
}

/** Confirms a review item (interaction types, the framework) and keeps the answer as the checklist's state. */
export async function reviewSetupItem(item: SetupReviewItem): Promise<void> {
  const next = await api.post<SetupChecklist>(`setup-checklist/${item}/review`);
  await mutate(setupChecklistKey(), next, { revalidate: false });
}

/** Hides the checklist for the whole district. */
export async function dismissSetupChecklist(): Promise<void> {
  const next = await api.post<SetupChecklist>('setup-checklist/dismiss');
  await mutate(setupChecklistKey(), next, { revalidate: false });
}

export const educatorHomeKey = () => 'me/home';

/** The educator's home (GET /api/me/home): only for a login whose `see educators` is their own row. */
export function useEducatorHome() {
  return useSWR<EducatorHomeAnswer>(educatorHomeKey(), (key: string) => api.get<EducatorHomeAnswer>(key));
}
