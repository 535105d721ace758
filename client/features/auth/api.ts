// The sign-in screens' calls. The signed-in user, sign-out and impersonation are the session's
// (client/lib/session.ts): every area uses them.
import useSWR from 'swr';
import type { AuthUser } from '../../../common/authUser';
import type { RegisterInput } from '../../../common/schemas/auth';
import { api, type ApiError } from '../../lib/api';
import { setAuthUser } from '../../lib/session';

export async function login(input: { email: string; password: string; area: 'app' | 'admin' }): Promise<AuthUser> {
  const user = await api.post<AuthUser>('auth/login', input);
  await setAuthUser(user);
  return user;
}

export async function register(input: RegisterInput): Promise<AuthUser> {
  const user = await api.post<AuthUser>('auth/register', input);
  await setAuthUser(user);
  return user;
}

export function requestPasswordReset(input: { email: string; area: 'app' | 'admin' }): Promise<{ message: string }> {
  return api.post('auth/password-reset', input);
}

export function resetPassword(input: { token: string; email: string; password: string; password_confirmation: string }): Promise<{ message: string; area: 'app' | 'admin' }> {
  return api.post('auth/password-reset/confirm', input);
}

export interface InviteDetails {
  email: string;
  name: string;
  area: 'app' | 'admin';
  district: { name: string } | null;
  invited_by: { name: string } | null;
  expires_at: string;
}

/** The SWR key of GET /api/auth/invite/{token}. */
export const inviteKey = (token: string) => `auth/invite/${token}`;

export function useInvite(token: string) {
  return useSWR<InviteDetails, ApiError>(inviteKey(token), (key: string) => api.get<InviteDetails>(key), { shouldRetryOnError: false, revalidateOnFocus: false });
}

export async function acceptInvite(token: string, input: { name: string; password: string; password_confirmation: string }): Promise<AuthUser> {
  const user = await api.post<AuthUser>(`auth/invite/${token}`, input);
  await setAuthUser(user);
  return user;
}

/**
 * POST /api/auth/social: the provider's address for a school email, for a district's provider (its button), or
 * for Coachwell staff's own connection (`{ area: 'admin' }`).
 */
export function startSchoolSignIn(input: { email: string } | { district_id: number; kind: string } | { area: 'admin' }): Promise<{ redirect: string }> {
  return api.post<{ redirect: string }>('auth/social', input);
}

export interface SsoOptions {
  district: { id: number; name: string };
  kinds: ('google' | 'microsoft' | 'clever' | 'classlink' | 'oidc')[];
}

/** GET /api/auth/sso/options?district=<slug>: the login page's buttons for one district (null slug: none asked). */
export function useSsoOptions(slug: string | null) {
  return useSWR<SsoOptions, ApiError>(slug ? ['auth/sso/options', slug] : null, ([path, district]: [string, string]) => api.get<SsoOptions>(path, { district }), {
    shouldRetryOnError: false, revalidateOnFocus: false,
  });
}

/** GET /api/auth/sso/provider-staff: the kind of Coachwell staff's own sign-in connection (null when the server has none). */
export function useProviderStaffSso() {
  return useSWR<{ kind: SsoOptions['kinds'][number] | null }, ApiError>('auth/sso/provider-staff', (path: string) => api.get<{ kind: SsoOptions['kinds'][number] | null }>(path), {
    shouldRetryOnError: false, revalidateOnFocus: false,
  });
}
