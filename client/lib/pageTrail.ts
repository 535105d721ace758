// The page a person was on before they opened Support, sent with a "Contact support" message (issue 26)
// so support sees where they were stuck. The root layout records every app page outside Support; the
// last one is kept for the tab (sessionStorage), so a reload of the Support page keeps it too.
const KEY = 'coachwell.pageBeforeSupport';

export interface TrailPage {
  /** Path and query, e.g. "/app/staff?status=active". */
  path: string;
  /** The route's title, e.g. "Educators". */
  title: string | null;
}

let last: TrailPage | null = null;

const isSupport = (path: string) => /^\/app\/support(\/|\?|$)/.test(path);

function store(): void {
  if (!last) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(last));
  } catch {
    // Storage off (private mode): the page is still known until a reload.
  }
}

let storedOnLeave = false;

/**
 * Records a page of the app area (Support's own pages are not "where they came from"). It is kept in memory and
 * written to the tab's storage when the page is hidden or left (a reload): the first storage write of a page costs a
 * phone several milliseconds of its first render (issue 35), and only a reload needs it.
 */
export function rememberPage(path: string, title: string | null): void {
  if (!path.startsWith('/app') || path.startsWith('/app/auth') || isSupport(path)) return;
  last = { path, title };
  if (storedOnLeave || typeof window === 'undefined') return;
  storedOnLeave = true;
  window.addEventListener('pagehide', store);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') store();
  });
}

/** The last app page before Support, or null when the person came straight to Support. */
export function pageBeforeSupport(): TrailPage | null {
  if (last) return last;
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as TrailPage | null;
    return stored && typeof stored.path === 'string' && stored.path.startsWith('/app') ? stored : null;
  } catch {
    return null;
  }
}
