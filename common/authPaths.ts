// Where sign-in sends people, shared by the SPA (client/app) and the server, which picks the pre-rendered
// login page (with or without the "continue to the page you asked for" notice) before any JavaScript runs.

/** Where a signed-in person lands: their area's dashboard. */
export function homePathFor(user: { area: 'app' | 'admin' }): string {
  return user.area === 'admin' ? '/admin' : '/app';
}

/** A safe place to return to after login: a local path inside the same area. */
export function safeRedirect(raw: string | null | undefined, area: 'app' | 'admin'): string | null {
  if (!raw || !raw.startsWith(`/${area}`) || raw.startsWith('//') || raw.startsWith(`/${area}/auth`)) return null;
  return raw;
}
