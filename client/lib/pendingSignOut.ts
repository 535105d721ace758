// A sign-out made without a signal (issue 31): the device was cleared at once (client/app/layouts/signOut.tsx), but
// the server's session lives on behind its cookie, and on a shared tablet the next person to open Coachwell with a
// signal would find it signed in as the last one. The sign-out is remembered in localStorage and finished (POST
// /api/auth/logout) before the next API request, from the login page's script or the app's. Free of React and of
// client/lib/api.ts (which calls it), so the login page's script stays small.
import { API_BASE } from '../../common/constants';

const KEY = 'coachwell-sign-out-pending';
let finishing: Promise<void> | null = null;

function pending(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** The server could not be told of a sign-out: it is told before the next request. */
export function markSignOutPending(): void {
  try {
    localStorage.setItem(KEY, '1');
  } catch {
    // (storage refused: nothing more can be done from here)
  }
}

/** Ends the session a sign-out without a signal left on the server; a no-op when none is pending. */
export function finishPendingSignOut(): Promise<void> {
  if (!pending()) return Promise.resolve();
  finishing ??= (async () => {
    const xsrf = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
    try {
      const response = await fetch(`${API_BASE}/auth/logout`, { method: 'POST', credentials: 'include', headers });
      // Ended (204), or there was nothing left to end.
      if (response.ok || response.status === 401 || response.status === 419) localStorage.removeItem(KEY);
    } catch {
      // Still no signal: tried again before the next request.
    } finally {
      finishing = null;
    }
  })();
  return finishing;
}
