// Every route of spec §2 with its title and access flag, exactly as the spec's tables say.
// access: false = guests only (a logged-in user goes to /app); true = any logged-in user;
// a string = that permission (any suffix counts) or /403; null = anyone, signed in or not.
// Admin routes also need `see admin` (spec: "Admin area /admin (requires permission see admin)").
// A route names its screen by key; ScreenKey is every key used here, and screens.ts must hold one
// importer per key (the compiler checks both ways). This module imports no screen, so screens can
// import it (ScreenProps, paths) without an import cycle.

export type Area = 'public' | 'app-auth' | 'admin-auth' | 'app' | 'admin';
export type Access = boolean | string | null;

interface Route<S extends string> {
  path: string;
  title: string;
  access: Access;
  area: Area;
  screen: S;
}

const route = <const S extends string>(path: string, title: string, access: Access, area: Area, screen: S): Route<S> => ({
  path, title, access, area, screen,
});

const publicRoutes = [
  route('/', 'Home', null, 'public', 'home'),
  route('/pricing', 'Pricing', null, 'public', 'pricing'),
  route('/policy', 'Policy', null, 'public', 'policy'),
  route('/migrate-account/:token', 'Migrate Account', null, 'public', 'migrate-account'),
  route('/403', 'Forbidden', null, 'public', 'forbidden'),
  route('/register', 'Register', false, 'public', 'register'),
];

const authRoutes = (area: 'app-auth' | 'admin-auth', base: string) => [
  route(`${base}/login`, 'Login', false, area, 'login'),
  route(`${base}/password-reset`, 'Password Reset', false, area, 'password-reset-request'),
  route(`${base}/password-reset/:token/:email`, 'Reset Password', false, area, 'password-reset'),
  route(`${base}/invite/:token`, 'Accept Invite', false, area, 'accept-invite'),
  // Not in the spec's table: the link emailed to a new address (security finding 12). Open to anyone,
  // signed in or not, since the person may follow it on another device.
  route(`${base}/confirm-email/:token`, 'Confirm Email', null, area, 'confirm-email'),
];

/** A route of the app area and the screen it shows. */
const app = <const S extends string>(path: string, title: string, access: boolean | string, screen: S) =>
  route(`/app${path ? `/${path}` : ''}`, title, access, 'app', screen);

const appRoutes = [
  app('', 'Dashboard', true, 'dashboard'),
  app('staff', 'Educators', 'see educators', 'staff-list'),
  app('staff/create', 'Add Educators', true, 'staff-create'),
  // Not in the spec's table: the Groups view the People issue asks for, reachable from Educators.
  app('staff/groups', 'Groups', 'see educators', 'staff-groups'),
  app('staff/:id', 'View Educator', 'see educators', 'staff-view'),
  app('staff/:id/view', 'View Educator', 'see educators', 'staff-view'),
  app('staff/:id/edit', 'Edit Educator', 'see educators', 'staff-edit'),
  app('coaches', 'Coaches', 'see coaches', 'coach-list'),
  app('coaches/:id', 'View Coach', true, 'coach-view'),
  app('coaches/:id/view', 'View Coach', true, 'coach-view'),
  app('coaching', 'Coaching', 'see skill mapping', 'coaching'),
  // Not in the spec's table: an educator rates themself on the framework (issue 29, item 3); open to any login, the screen
  // explains itself to others.
  app('self-assessment', 'Self-assessment', true, 'self-assessment'),
  // Not in the spec's table: an educator asks for coaching and follows their requests (issue 29, item 4); open to any
  // login, the screen explains itself to others (coaches find their queue on the dashboard).
  app('coaching-requests', 'Ask for coaching', true, 'coaching-requests'),
  // Not in the spec's table: who has read about the educator (issue 29, item 5); open to any login, the screen
  // explains itself to others.
  app('read-log', 'Who has read about me', true, 'read-log'),
  // Not in the spec's table: an educator's action steps (issue 29, item 2); coaches and principals see their educators'.
  app('action-steps', 'Action steps', 'see educators', 'action-steps'),
  app('activity', 'Activity', 'see activity', 'activity'),
  app('activity/calendar-sync', 'Calendar sync', 'see activity', 'calendar-sync'),
  // Not in the spec's table: observations and walkthroughs (issue 28). The list and one observation open to any
  // login (an educator reads those shared with them); capturing and editing take `see activity`.
  app('observations', 'Observations', true, 'observations'),
  app('observations/new', 'New observation', 'see activity', 'observation-capture'),
  // Observer calibration (issue 28, item 5): sessions and their agreement, for observers (`see activity`).
  app('observations/calibration', 'Calibration', 'see activity', 'observation-calibration-list'),
  app('observations/calibration/:id', 'Calibration session', 'see activity', 'observation-calibration'),
  app('observations/:id', 'Observation', true, 'observation'),
  app('observations/:id/edit', 'Edit observation', 'see activity', 'observation-capture'),
  app('reports', 'Reports', 'see engagement', 'report-interactions'),
  app('reports/coaching-cycles', 'Coaching cycles report', 'see engagement', 'report-coaching-cycles'),
  app('reports/teacher-level', 'Teacher-level report', 'see engagement', 'report-teacher-level'),
  app('reports/coaching-team', 'Coaching team report', 'see engagement', 'report-coaching-team'),
  app('reports/comparison', 'Comparison report', 'see engagement', 'report-comparison'),
  app('reports/walkthroughs', 'Walkthrough report', 'see engagement', 'report-walkthroughs'),
  app('settings', 'Account Settings', true, 'account-settings'),
  app('settings/site', 'Site settings', true, 'site-settings'),
  app('settings/export-import', 'Export and import', true, 'export-import'),
  app('settings/export-imports/staff/:id', 'Staff CSV Imports', true, 'staff-import'),
  // Any login (spec §2): people with `manage coaches` get the district's list, everyone else their own
  // login, roles and schools, read-only (issue 25 item 9).
  app('settings/user', 'User settings', true, 'user-list'),
  app('settings/user/new', 'Create user', 'manage coaches', 'user-edit'),
  app('settings/user/:id', 'Edit user', 'manage coaches', 'user-edit'),
  app('settings/billing', 'Billing', 'manage billing', 'billing'),
  app('settings/billing/quotes', 'Quotes', 'manage billing', 'billing-quotes'),
  // Not in the spec's table: one quote and one invoice, each printable (issue 14).
  app('settings/billing/quotes/:id', 'Quote', 'manage billing', 'billing-quote'),
  app('settings/billing/invoices/:id', 'Invoice', 'manage billing', 'billing-invoice'),
  app('settings/interaction', 'Interaction settings', true, 'interaction-settings'),
  app('settings/coaching-cycle', 'Coaching cycle settings', true, 'cycle-settings'),
  // Not in the spec's table: the observation form editor (issue 28).
  app('settings/observation-forms', 'Observation forms', true, 'observation-form-settings'),
  app('settings/single-sign-on', 'Single sign-on', 'manage settings', 'sso-settings'),
  app('settings/building-history-requests', 'School staff requests', 'add staff', 'staff-requests'),
  app('support', 'Support knowledge base', true, 'support'),
  app('support/:slug', 'Support Article', true, 'support-article'),
];

const admin = <const S extends string>(path: string, title: string, access: boolean | string, screen: S) =>
  route(`/admin${path ? `/${path}` : ''}`, title, access, 'admin', screen);

const adminRoutes = [
  admin('', 'Dashboard', 'see all districts', 'admin-dashboard'),
  admin('districts', 'Districts', 'see all districts', 'admin-districts'),
  admin('districts/:id', 'District view', 'see all districts', 'admin-district-view'),
  admin('districts/:districtId/user-import/:id', 'User CSV Import', true, 'user-import'),
  admin('users', 'Users', true, 'admin-users'),
  admin('activity', 'Admin activity', 'see all districts', 'admin-activity'),
  admin('alerts', 'Alerts', 'manage alerts', 'admin-alerts'),
  admin('knowledge-base', 'Articles', 'manage articles', 'admin-articles'),
  admin('knowledge-base/create', 'New article', 'manage articles', 'admin-article-edit'),
  admin('knowledge-base/:id', 'Edit article', 'manage articles', 'admin-article-edit'),
  admin('logs', 'Logs', 'see all districts', 'admin-logs'),
  // Not in the spec's table: quotes across districts (issue 14).
  admin('quotes', 'Quotes', 'see all districts', 'admin-quotes'),
  admin('settings', 'Admin settings', true, 'account-settings'),
  admin('settings/users', 'Admin user settings', 'manage coaches', 'admin-staff'),
  admin('settings/interaction', 'Interaction settings', true, 'admin-interaction-settings'),
];

export const ADMIN_AREA_PERMISSION = 'see admin';

const routes = [
  ...publicRoutes,
  ...authRoutes('app-auth', '/app/auth'),
  ...authRoutes('admin-auth', '/admin/auth'),
  ...appRoutes,
  ...adminRoutes,
];

const notFound = route('*', 'Page not found', null, 'public', 'not-found');

/** Every screen a route shows: the keys of screens.ts's importer map. */
export type ScreenKey = (typeof routes)[number]['screen'] | (typeof notFound)['screen'];

export type RouteDef = Route<ScreenKey>;

/** What a screen module's default export receives. */
export interface ScreenProps {
  route: RouteDef;
}

export const ROUTES: RouteDef[] = routes;

export const NOT_FOUND_ROUTE: RouteDef = notFound;

export function loginPathFor(area: Area): string {
  return area === 'admin' || area === 'admin-auth' ? '/admin/auth/login' : '/app/auth/login';
}

/** Where a signed-in person lands: their area's dashboard (in common: the pre-rendered login page uses it too). */
export { homePathFor } from '../../common/authPaths';
