import { useEffect, useRef } from 'react';
import { matchRoutes, Outlet, type RouteObject, useLocation } from 'react-router-dom';
import { rememberPage } from '../lib/pageTrail';
import { routeTitle } from './routeTitles';
import { type RouteDef, ROUTES } from './routeTable';

/**
 * Scroll to the top on navigation unless the URL has a hash (then to that element), and move focus
 * to the main region so screen-reader users hear the new page.
 */
function useNavigationFocus() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
    if (first.current) {
      first.current = false;
      return;
    }
    if (!hash) document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname, hash]);
}

/** Remembers each app page and its title, for the "page they came from" of a Contact support message. */
function useRememberPage() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const route = matchRoutes(ROUTES as RouteObject[], pathname)?.[0]?.route as RouteDef | undefined;
    // In the person's language: the Contact support dialog shows it to them.
    rememberPage(`${pathname}${search}`, route ? routeTitle(route) : null);
  }, [pathname, search]);
}

export function RootLayout() {
  useNavigationFocus();
  useRememberPage();
  return <Outlet />;
}
