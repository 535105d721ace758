import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { loadChunk } from '../lib/chunk';
import type { RouteDef, ScreenKey } from './routeTable';

export interface ScreenProps {
  route: RouteDef;
}
type ScreenModule = { default: ComponentType<ScreenProps> };

// Each screen is its own chunk, loaded on demand through loadChunk (120 s time-out, named errors).
const importers: Record<ScreenKey, () => Promise<ScreenModule>> = {
  home: () => import('../features/public/HomeScreen'),
  pricing: () => import('../features/public/PricingScreen'),
  policy: () => import('../features/public/PolicyScreen'),
  forbidden: () => import('../features/public/ForbiddenScreen'),
  'not-found': () => import('../features/public/NotFoundScreen'),
  register: () => import('../features/auth/RegisterScreen'),
  login: () => import('../features/auth/LoginScreen'),
  'password-reset-request': () => import('../features/auth/PasswordResetRequestScreen'),
  'password-reset': () => import('../features/auth/PasswordResetScreen'),
  'accept-invite': () => import('../features/auth/AcceptInviteScreen'),
  dashboard: () => import('../features/dashboard/DashboardScreen'),
  'admin-dashboard': () => import('../features/dashboard/AdminDashboardScreen'),
  'account-settings': () => import('../features/account/AccountSettingsScreen'),
  pending: () => import('../features/pending/NotAvailableYetScreen'),
};

const cache = new Map<ScreenKey, LazyExoticComponent<ComponentType<ScreenProps>>>();

export function screenComponent(key: ScreenKey): LazyExoticComponent<ComponentType<ScreenProps>> {
  let component = cache.get(key);
  if (!component) {
    component = lazy(() => loadChunk(key, importers[key]));
    cache.set(key, component);
  }
  return component;
}
