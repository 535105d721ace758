import { type ComponentType, createElement, lazy, useState } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { loadChunk } from '../lib/chunk';
import { type RouteDef, ROUTES, type ScreenKey, type ScreenProps } from './routeTable';

type ScreenModule = { default: ComponentType<ScreenProps> };

// Each screen is its own chunk, loaded on demand through loadChunk (120 s time-out, named errors).
// Keep one line per screen, `key: () => import('../features/x/YScreen'),` (a build step reads these lines
// to preload a route's chunks); each key is the `screen` of a row in routeTable.ts.
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
  'confirm-email': () => import('../features/account/ConfirmEmailScreen'),
  dashboard: () => import('../features/dashboard/DashboardScreen'),
  'admin-dashboard': () => import('../features/dashboard/AdminDashboardScreen'),
  'admin-districts': () => import('../features/adminDistricts/DistrictListScreen'),
  'admin-district-view': () => import('../features/adminDistricts/DistrictViewScreen'),
  'admin-quotes': () => import('../features/adminBilling/AdminQuotesScreen'),
  'account-settings': () => import('../features/account/AccountSettingsScreen'),
  'site-settings': () => import('../features/site/SiteSettingsScreen'),
  'staff-list': () => import('../features/staff/StaffListScreen'),
  'staff-create': () => import('../features/staff/StaffCreateScreen'),
  'staff-groups': () => import('../features/groups/GroupsScreen'),
  'staff-view': () => import('../features/staff/StaffViewScreen'),
  'staff-edit': () => import('../features/staff/StaffEditScreen'),
  'coach-list': () => import('../features/coaches/CoachListScreen'),
  'coach-view': () => import('../features/coaches/CoachViewScreen'),
  'user-list': () => import('../features/users/UserListScreen'),
  'user-edit': () => import('../features/users/UserEditScreen'),
  'migrate-account': () => import('../features/users/MigrateAccountScreen'),
  'staff-requests': () => import('../features/staffRequests/StaffRequestsScreen'),
  'interaction-settings': () => import('../features/interactionSettings/InteractionSettingsScreen'),
  'admin-interaction-settings': () => import('../features/interactionSettings/AdminInteractionSettingsScreen'),
  'admin-users': () => import('../features/adminUsers/AdminUsersScreen'),
  'admin-staff': () => import('../features/adminUsers/AdminStaffScreen'),
  activity: () => import('../features/activity/ActivityScreen'),
  'calendar-sync': () => import('../features/calendarSync/CalendarSyncScreen'),
  'export-import': () => import('../features/exportImport/ExportImportScreen'),
  'staff-import': () => import('../features/exportImport/ImportDetailScreen'),
  'user-import': () => import('../features/exportImport/UserImportScreen'),
  'cycle-settings': () => import('../features/cycleSettings/CycleSettingsScreen'),
  observations: () => import('../features/observations/ObservationListScreen'),
  'observation-capture': () => import('../features/observations/ObservationCaptureScreen'),
  'observation-calibration-list': () => import('../features/observations/CalibrationListScreen'),
  'observation-calibration': () => import('../features/observations/CalibrationScreen'),
  observation: () => import('../features/observations/ObservationScreen'),
  'observation-form-settings': () => import('../features/observationForms/ObservationFormsScreen'),
  'sso-settings': () => import('../features/sso/SsoSettingsScreen'),
  coaching: () => import('../features/coaching/CoachingScreen'),
  'self-assessment': () => import('../features/selfAssessment/SelfAssessmentScreen'),
  'coaching-requests': () => import('../features/coachingRequests/CoachingRequestsScreen'),
  'read-log': () => import('../features/readLog/ReadLogScreen'),
  'action-steps': () => import('../features/actionSteps/ActionStepsScreen'),
  support: () => import('../features/support/SupportScreen'),
  'support-article': () => import('../features/support/SupportArticleScreen'),
  'admin-articles': () => import('../features/articles/ArticleListScreen'),
  'admin-article-edit': () => import('../features/articles/ArticleEditScreen'),
  'admin-activity': () => import('../features/adminOps/AdminActivityScreen'),
  'admin-logs': () => import('../features/adminOps/LogsScreen'),
  'report-interactions': () => import('../features/reports/InteractionsReportScreen'),
  'report-coaching-cycles': () => import('../features/reports/CyclesReportScreen'),
  'report-teacher-level': () => import('../features/reports/TeacherLevelReportScreen'),
  'report-coaching-team': () => import('../features/reports/CoachingTeamReportScreen'),
  'report-comparison': () => import('../features/reports/ComparisonReportScreen'),
  'report-walkthroughs': () => import('../features/reports/WalkthroughsReportScreen'),
  'admin-alerts': () => import('../features/alerts/AlertsScreen'),
  billing: () => import('../features/billing/BillingScreen'),
  'billing-quotes': () => import('../features/billing/QuotesScreen'),
  'billing-quote': () => import('../features/billing/QuoteScreen'),
  'billing-invoice': () => import('../features/billing/InvoiceScreen'),
};

const loaded = new Map<ScreenKey, ComponentType<ScreenProps>>();

/** Loads a screen's chunk (once) and keeps its component, so a route shown after this renders it at once. */
export async function loadScreen(key: ScreenKey): Promise<ComponentType<ScreenProps>> {
  const known = loaded.get(key);
  if (known) return known;
  const { default: component } = await loadChunk(key, importers[key]);
  loaded.set(key, component);
  return component;
}

/** The screen of the route at `pathname` (the page's own chunks are preloaded with its HTML), or null. */
export function screenAt(pathname: string): ScreenKey | null {
  const match = matchRoutes(ROUTES as RouteObject[], pathname)?.[0]?.route as RouteDef | undefined;
  return match?.screen ?? null;
}

const cache = new Map<ScreenKey, ComponentType<ScreenProps>>();

/**
 * The component a route renders for a screen. A screen already loaded (main.tsx loads the first
 * page's before the first render) renders in the same commit as the shell: a lazy one would show a
 * loading block first, and React holds back what replaces a shown fallback for 300 ms.
 */
export function screenComponent(key: ScreenKey): ComponentType<ScreenProps> {
  let component = cache.get(key);
  if (!component) {
    const Lazy = lazy(() => loadScreen(key).then((c) => ({ default: c })));
    component = function Screen(props: ScreenProps) {
      // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount the screen.
      const [Chosen] = useState(() => loaded.get(key) ?? Lazy);
      return createElement(Chosen, props);
    };
    cache.set(key, component);
  }
  return component;
}
