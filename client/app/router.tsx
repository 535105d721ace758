import { type ComponentType, Suspense, useMemo } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LoadingBlock } from '../components/Spinner';
import { Guard } from './Guard';
import { AdminLayout } from './layouts/AdminLayout';
import { AuthLayout } from './layouts/AuthLayout';
import { DashboardLayout } from './layouts/DashboardLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { type Area, NOT_FOUND_ROUTE, type RouteDef, ROUTES } from './routeTable';
import { routeTitle } from './routeTitles';
import { screenComponent } from './screens';

/**
 * A screen with its route, the title in the person's language (issue 33): worked out as it renders, because the router
 * is made before the language is set.
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
      <Guard def={def}>
        <Suspense fallback={<LoadingBlock />}>
          <LocalizedScreen def={def} Screen={Screen} />
        </Suspense>
      </Guard>
    ),
    errorElement: <RouteError />,
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
      element: <RootLayout />,
      errorElement: <RouteError standalone />,
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

export function createRouter() {
  return createBrowserRouter(buildRoutes());
}
