import useSWR, { mutate } from 'swr';
import type { AuthUser } from '../../../common/authUser';
import type { RegisterInput } from '../../../common/schemas/auth';
import { api, ApiError } from '../../lib/api';

export const AUTH_USER_KEY = 'auth/user';

/** The signed-in user, or null for a guest. A 401 here means "guest", not "session ended". */
export async function fetchAuthUser(): Promise<AuthUser | null> {
  try {
    return await api.get<AuthUser>(AUTH_USER_KEY, undefined, { allowUnauthenticated: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export function useAuthUser() {
  const { data, error, isLoading } = useSWR<AuthUser | null>(AUTH_USER_KEY, fetchAuthUser, {
    shouldRetryOnError: false,
    revalidateOnFocus: true,
  });
  return { user: data ?? null, error: error as Error | undefined, isLoading: isLoading && data === undefined };
}

/** Puts a fresh user (or null) into the cache without refetching. */
export function setAuthUser(user: AuthUser | null): Promise<unknown> {
  return mutate(AUTH_USER_KEY, user, { revalidate: false });
}

export async function login(input: { email: string; password: string; area: 'app' | 'admin' }): Promise<AuthUser> {
  const user = await api.post<AuthUser>('auth/login', input);
  await setAuthUser(user);
  return user;
}

export async function logout(): Promise<void> {
  await api.post('auth/logout');
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

export function useInvite(token: string) {
  return useSWR<InviteDetails, ApiError>(`auth/invite/${token}`, (key: string) => api.get<InviteDetails>(key), { shouldRetryOnError: false, revalidateOnFocus: false });
}

export async function acceptInvite(token: string, input: { name: string; password: string; password_confirmation: string }): Promise<AuthUser> {
  const user = await api.post<AuthUser>(`auth/invite/${token}`, input);
  await setAuthUser(user);
  return user;
}

export async function impersonate(userId: number): Promise<AuthUser> {
  const user = await api.post<AuthUser>('auth/impersonate', { user_id: userId });
  await mutate(() => true, undefined, { revalidate: false });
  await setAuthUser(user);
  return user;
}

export async function unimpersonate(): Promise<AuthUser> {
  const user = await api.post<AuthUser>('auth/unimpersonate');
  await mutate(() => true, undefined, { revalidate: false });
  await setAuthUser(user);
  return user;
}
