// Which signed-in area an auth screen serves, and where that area's auth pages live.

/** The signed-in area an auth screen belongs to ('app-auth' → 'app', 'admin-auth' → 'admin'). */
export function authAreaOf(routeArea: string): 'app' | 'admin' {
  return routeArea === 'admin-auth' || routeArea === 'admin' ? 'admin' : 'app';
}

/** Base path of an area's auth pages, e.g. "/app/auth". */
export function authBasePath(area: 'app' | 'admin'): string {
  return `/${area}/auth`;
}
