// The signed-in user and the session, for every area of the app: GET /api/auth/user under one SWR key,
// putting a fresh user into the cache after a call that answers one, the user's date language, and
// the session operations the app shell uses (sign out, stop impersonating). The sign-in screens'
// own calls (login, register, reset, invite) live in features/auth/api.ts and use setAuthUser.
import type { Locale } from 'date-fns';
import { useEffect, useMemo, useState } from 'react';
import useSWR, { mutate } from 'swr';
import type { AuthUser } from '../../common/authUser';
import { DEFAULT_DATE_LOCALE } from '../../common/constants';
import { api, ApiError } from './api';
import { browserTimeZone, todayIn } from './dates';
import { formatDate, loadDateLocale, loadedDateLocale } from './format';
import { wallClock } from './zonedTime';

const AUTH_USER_PATH = 'auth/user';

/** The SWR key of the signed-in user. */
export const authUserKey = () => AUTH_USER_PATH;

/** The signed-in user, or null for a guest. A 401 here means "guest", not "session ended". */
export async function fetchAuthUser(): Promise<AuthUser | null> {
  try {
    return await api.get<AuthUser>(AUTH_USER_PATH, undefined, { allowUnauthenticated: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export function useAuthUser() {
  const { data, error, isLoading } = useSWR<AuthUser | null>(authUserKey(), fetchAuthUser, {
    shouldRetryOnError: false,
    revalidateOnFocus: true,
  });
  return { user: data ?? null, error: error as Error | undefined, isLoading: isLoading && data === undefined };
}

/** Puts a fresh user (or null) into the cache without refetching. */
export function setAuthUser(user: AuthUser | null): Promise<unknown> {
  return mutate(authUserKey(), user, { revalidate: false });
}

/** Fetches the signed-in user again, e.g. after the district's name or timezone changed. */
export function revalidateAuthUser(): Promise<unknown> {
  return mutate(authUserKey());
}

/** Forgets every cached answer without refetching (the session changed hands), except keys `keep` accepts. */
export function forgetCachedData(keep: (key: unknown) => boolean = () => false): Promise<unknown> {
  return mutate((key) => !keep(key), undefined, { revalidate: false });
}

/**
 * The session is over (a 401 or 419 answer, or the login moved to another district): forget everything
 * cached, then mark the visitor a guest. Both happen at once, before any screen re-renders.
 */
export function endSession(keep?: (key: unknown) => boolean): Promise<unknown> {
  return Promise.all([forgetCachedData(keep), setAuthUser(null)]);
}

/**
 * Signs out. A session that signed in with a school account (issue 30) is also sent to sign out at the provider:
 * the answer is then the provider's end-session address to go to, else null.
 */
export async function logout(): Promise<string | null> {
  const { redirect } = await api.post<{ redirect: string | null }>('auth/sso/logout');
  return redirect;
}

/** Provider staff act as a district user: nothing cached for the real user carries over. */
export async function impersonate(userId: number): Promise<AuthUser> {
  const user = await api.post<AuthUser>('auth/impersonate', { user_id: userId });
  await forgetCachedData();
  await setAuthUser(user);
  return user;
}

export async function unimpersonate(): Promise<AuthUser> {
  const user = await api.post<AuthUser>('auth/unimpersonate');
  await forgetCachedData();
  await setAuthUser(user);
  return user;
}

/**
 * The signed-in user's date language: their own choice, except that the default (US English) follows a Spanish
 * interface (issue 33), so a Spanish screen does not show "November" in its sentences.
 */
export function dateLanguageOf(user: Pick<AuthUser, 'date_locale' | 'locale'> | null): string {
  const chosen = user?.date_locale ?? DEFAULT_DATE_LOCALE;
  return chosen === DEFAULT_DATE_LOCALE && user?.locale === 'es' ? 'es' : chosen;
}

/** The date-fns locale of the signed-in user's date language, loaded on demand. */
export function useDateLocale(): Locale | undefined {
  const { user } = useAuthUser();
  return useDateLocaleFor(dateLanguageOf(user));
}

/**
 * Instants (created_at, last_login_at …) formatted on the signed-in user's clock: their profile timezone
 * (else the browser's) in their date language. formatDate alone would use the browser's zone, which need
 * not be the user's (a laptop set to UTC, a coach travelling).
 */
export function useInstantFormat() {
  const { user } = useAuthUser();
  const locale = useDateLocale();
  const timeZone = user?.timezone || browserTimeZone();
  return useMemo(() => {
    const date = (iso: string, pattern = 'PP') => (Number.isNaN(Date.parse(iso)) ? '' : formatDate(wallClock(iso, timeZone), locale, pattern));
    return { locale, timeZone, date, dateTime: (iso: string) => date(iso, 'PPp') };
  }, [locale, timeZone]);
}

/**
 * Today's calendar day "YYYY-MM-DD" on the signed-in person's clock (their profile timezone, else the
 * browser's): every form's "today" (a start date's default, a date field's max). Not the device's calendar
 * nor UTC's: in Chicago at 8 pm on Nov 27 it is still 2026-11-27 on a laptop set to UTC or Tokyo.
 */
export function useToday(): string {
  const { user } = useAuthUser();
  return todayIn(user?.timezone || browserTimeZone());
}

/** The date-fns locale of a date language (for example one being picked in a form), loaded on demand. */
export function useDateLocaleFor(key: string): Locale | undefined {
  const [locale, setLocale] = useState<Locale | undefined>(() => loadedDateLocale(key));
  useEffect(() => {
    let live = true;
    void loadDateLocale(key).then((l) => live && setLocale(l));
    return () => {
      live = false;
    };
  }, [key]);
  return locale;
}
