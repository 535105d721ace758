import { type ComponentType, type ReactNode, startTransition, Suspense, useLayoutEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  type Location, type Navigator, type NavigationType, type RouteObject, Router, UNSAFE_createBrowserHistory as createBrowserHistory, useRoutes,
} from 'react-router-dom';
import { LoadingBlock } from '../components/Spinner';
import { Guard } from './Guard';
import { AdminLayout } from './layouts/AdminLayout';
import { AuthLayout } from './layouts/AuthLayout';
import { DashboardLayout } from './layouts/DashboardLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './RootLayout';
import { RouteErrorBoundary } from './RouteError';
import { type Area, NOT_FOUND_ROUTE, type RouteDef, ROUTES } from './routeTable';
import { routeTitle } from './routeTitles';
import { screenComponent } from './screens';

// React Router in its declarative mode (issue 35): a Router over the browser's history and useRoutes, without the data
// router's loaders, actions, fetchers and hydration, which the app does not use (about 17 KiB gzipped less in every
// first paint). What data mode gave that the app relies on is kept here: `errorElement` (RouteErrorBoundary), a
// navigation in a transition unless it asks for `flushSync` (the filters kept in the URL), and a way to navigate from
// outside React (a 401 or 419 anywhere: client/main.tsx).

/**
 * A screen with its route, the title in the person's language (issue 33): worked out as it renders, because the routes
 * are made before the language is set.
 */
function LocalizedScreen({ def, Screen }: { def: RouteDef; Screen: ComponentType<{ route: RouteDef }> }) {
  const route = useMemo(() => ({ ...def, title: routeTitle(def) }), [def]);
  return <Screen route={route} />;
}

function toRoute(def: RouteDef): RouteObject {
  const Screen = screenComponent(def.screen);
  return {
    path: def.path,
    element: (
      <RouteErrorBoundary>
        <Guard def={def}>
          <Suspense fallback={<LoadingBlock />}>
            <LocalizedScreen def={def} Screen={Screen} />
          </Suspense>
        </Guard>
      </RouteErrorBoundary>
    ),
  };
}

const LAYOUTS: Record<Area, React.ComponentType> = {
  public: PublicLayout,
  'app-auth': AuthLayout,
  'admin-auth': AuthLayout,
  app: DashboardLayout,
  admin: AdminLayout,
};

export function buildRoutes(): RouteObject[] {
  const areas: Area[] = ['public', 'app-auth', 'admin-auth', 'app', 'admin'];
  return [
    {
      // The root's boundary: an error in a layout (outside every screen's own) shows a page of its own.
      element: <RouteErrorBoundary standalone><RootLayout /></RouteErrorBoundary>,
      children: [
        ...areas.map((area) => {
          const Layout = LAYOUTS[area];
          return { element: <Layout />, children: ROUTES.filter((r) => r.area === area).map(toRoute) };
        }),
        { element: <PublicLayout />, children: [toRoute(NOT_FOUND_ROUTE)] },
      ],
    },
  ];
}

let made: ReturnType<typeof createBrowserHistory> | null = null;
/** The browser's history, made on first use (this module loads in Node too, for the route table's tests). */
function browserHistory() {
  made ??= createBrowserHistory({ v5Compat: true });
  return made;
}

/** Whether the navigation being made asked for `flushSync` (set around the history call, read by its listener). */
let flushNext = false;

function go(method: 'push' | 'replace', to: Parameters<Navigator['push']>[0], state: unknown, opts: { flushSync?: boolean } | undefined) {
  flushNext = opts?.flushSync === true;
  try {
    browserHistory()[method](to, state);
  } finally {
    flushNext = false;
  }
}

/** What useNavigate, Link and useSearchParams call: the browser's history, passing `flushSync` on to the listener. */
const navigator: Navigator = {
  createHref: (to) => browserHistory().createHref(to),
  createURL: (to) => browserHistory().createURL(to),
  encodeLocation: (to) => browserHistory().encodeLocation(to),
  go: (delta) => browserHistory().go(delta),
  push: (to, state, opts) => go('push', to, state, opts),
  replace: (to, state, opts) => go('replace', to, state, opts),
};

/** Navigates from outside React (the session ended: client/main.tsx), as a Link would. */
export function navigateTo(to: string): void {
  navigator.push(to);
}

type RouterState = { action: NavigationType; location: Location };

/**
 * The app's router over the browser's history. A navigation renders in a transition (the screen on show stays until
 * the next one is ready), or at once when it asked for `flushSync` (a ticked filter shows its new state at once).
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const history = browserHistory();
  const [state, setState] = useState<RouterState>(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(() => {
    const stop = history.listen(({ action, location }) => {
      if (flushNext) flushSync(() => setState({ action, location }));
      else startTransition(() => setState({ action, location }));
    });
    // A navigation between the first render and now (a session that ended meanwhile); `history.location` is a new
    // object at each read, its key is not.
    if (history.location.key !== state.location.key) setState({ action: history.action, location: history.location });
    return stop;
  }, [history]); // eslint-disable-line react-hooks/exhaustive-deps -- the check is against the first render's
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}

/** Every route of the route table in its layout (useRoutes over buildRoutes). */
export function AppRoutes() {
  const [routes] = useState(buildRoutes);
  return useRoutes(routes);
}
