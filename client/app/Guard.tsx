import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { AuthUser } from '../../common/authUser';
import { PRODUCT_NAME } from '../../common/constants';
import { hasPermission } from '../../common/permissions';
import { LoadingBlock } from '../components/Spinner';
import { useAuthUser } from '../lib/session';
import { ADMIN_AREA_PERMISSION, homePathFor, loginPathFor, type RouteDef } from './routeTable';
import { routeTitle } from './routeTitles';

/** Where the guard sends this person for this route, or null to show it (spec §6). */
export function guardRedirect(def: RouteDef, user: AuthUser | null, here: string): string | null {
  if (def.access === null) return null;
  if (def.access === false) return user ? homePathFor(user) : null;
  if (!user) return `${loginPathFor(def.area)}?redirect=${encodeURIComponent(here)}`;
  if (def.area === 'admin' && !hasPermission(user.security.permissions, ADMIN_AREA_PERMISSION)) return '/403';
  // Provider staff have no district: the app area is not theirs unless they impersonate someone.
  if (def.area === 'app' && user.area === 'admin') return '/admin';
  if (typeof def.access === 'string' && !hasPermission(user.security.permissions, def.access)) return '/403';
  return null;
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);
}

export function Guard({ def, children }: { def: RouteDef; children: ReactNode }) {
  const { user, isLoading } = useAuthUser();
  const location = useLocation();
  useDocumentTitle(routeTitle(def));
  if (def.access === null) return <>{children}</>;
  if (isLoading) return <LoadingBlock />;
  const target = guardRedirect(def, user, `${location.pathname}${location.search}${location.hash}`);
  if (target) return <Navigate to={target} replace />;
  return <>{children}</>;
}

// The pre-rendered login page (client/app/loginPage.ts) and the server need it too: it lives in common.
export { safeRedirect } from '../../common/authPaths';
