// The trial banner's one endpoint: GET /api/trial (status, end, days left, read-only, whom to ask).
import useSWR from 'swr';
import type { TrialState } from '../../../common/schemas/billing';
import { api, type ApiError } from '../../lib/api';

const TRIAL = 'trial';
export const trialKey = () => TRIAL;

/**
 * The signed-in district user's trial state. Asked once when the app shell renders (the banner stays
 * mounted across navigation, so moving between screens asks nothing); again at most every ten minutes
 * when the tab regains focus, so a trial that ends while the app is open shows up.
 */
export function useTrial() {
  return useSWR<TrialState, ApiError>(trialKey(), (path: string) => api.get<TrialState>(path), {
    revalidateOnFocus: true,
    focusThrottleInterval: 10 * 60_000,
    dedupingInterval: 60_000,
    shouldRetryOnError: false,
  });
}
