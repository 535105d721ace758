// Every route of spec §2 with its title and access flag, exactly as the spec's tables say.
// access: false = guests only (a logged-in user goes to /app); true = any logged-in user;
// a string = that permission (any suffix counts) or /403; null = anyone, signed in or not.
// Admin routes also need `see admin` (spec: "Admin area /admin (requires permission see admin)").

export type Area = 'public' | 'app-auth' | 'admin-auth' | 'app' | 'admin';

export type ScreenKey =
  | 'home' | 'pricing' | 'policy' | 'forbidden' | 'register' | 'not-found'
  | 'login' | 'password-reset-request' | 'password-reset' | 'accept-invite'
  | 'dashboard' | 'account-settings' | 'admin-dashboard'
  | 'site-settings' | 'staff-list' | 'staff-groups' | 'staff-create' | 'staff-view' | 'staff-edit'
  | 'coach-list' | 'coach-view' | 'user-list' | 'user-edit' | 'migrate-account' | 'staff-requests'
  | 'pending';

export interface RouteDef {
  path: string;
  title: string;
  access: boolean | string | null;
  area: Area;
  screen: ScreenKey;
}

const publicRoutes: RouteDef[] = [
  { path: '/', title: 'Home', access: null, area: 'public', screen: 'home' },
  { path: '/pricing', title: 'Pricing', access: null, area: 'public', screen: 'pricing' },
  { path: '/policy', title: 'Policy', access: null, area: 'public', screen: 'policy' },
  { path: '/migrate-account/:token', title: 'Migrate Account', access: null, area: 'public', screen: 'migrate-account' },
  { path: '/403', title: 'Forbidden', access: null, area: 'public', screen: 'forbidden' },
  { path: '/register', title: 'Register', access: false, area: 'public', screen: 'register' },
];

const authRoutes = (area: 'app-auth' | 'admin-auth', base: string): RouteDef[] => [
  { path: `${base}/login`, title: 'Login', access: false, area, screen: 'login' },
  { path: `${base}/password-reset`, title: 'Password Reset', access: false, area, screen: 'password-reset-request' },
  { path: `${base}/password-reset/:token/:email`, title: 'Reset Password', access: false, area, screen: 'password-reset' },
  { path: `${base}/invite/:token`, title: 'Accept Invite', access: false, area, screen: 'accept-invite' },
];

const app = (path: string, title: string, access: boolean | string, screen: ScreenKey = 'pending'): RouteDef => ({
  path: `/app${path ? `/${path}` : ''}`, title, access, area: 'app', screen,
});

const appRoutes: RouteDef[] = [
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
  app('coaching', 'Coaching', 'see skill mapping'),
  app('activity', 'Activity', 'see activity'),
  app('activity/calendar-sync', 'Calendar sync', 'see activity'),
  app('reports', 'Reports', 'see engagement'),
  app('reports/coaching-cycles', 'Coaching cycles report', 'see engagement'),
  app('reports/teacher-level', 'Teacher-level report', 'see engagement'),
  app('reports/coaching-team', 'Coaching team report', 'see engagement'),
  app('reports/comparison', 'Comparison report', 'see engagement'),
  app('settings', 'Account Settings', true, 'account-settings'),
  app('settings/site', 'Site settings', true, 'site-settings'),
  app('settings/export-import', 'Export and import', true),
  app('settings/export-imports/staff/:id', 'Staff CSV Imports', true),
  app('settings/user', 'User settings', true, 'user-list'),
  app('settings/user/new', 'Create user', 'manage coaches', 'user-edit'),
  app('settings/user/:id', 'Edit user', 'manage coaches', 'user-edit'),
  app('settings/billing', 'Billing', 'manage billing'),
  app('settings/billing/quotes', 'Quotes', 'manage billing'),
  app('settings/interaction', 'Interaction settings', true),
  app('settings/coaching-cycle', 'Coaching cycle settings', true),
  app('settings/building-history-requests', 'School staff requests', 'add staff', 'staff-requests'),
  app('support', 'Support knowledge base', true),
  app('support/:slug', 'Support Article', true),
];

const admin = (path: string, title: string, access: boolean | string, screen: ScreenKey = 'pending'): RouteDef => ({
  path: `/admin${path ? `/${path}` : ''}`, title, access, area: 'admin', screen,
});

const adminRoutes: RouteDef[] = [
  admin('', 'Dashboard', 'see all districts', 'admin-dashboard'),
  admin('districts', 'Districts', 'see all districts'),
  admin('districts/:id', 'District view', 'see all districts'),
  admin('districts/:districtId/user-import/:id', 'User CSV Import', true),
  admin('users', 'Users', true),
  admin('activity', 'Admin activity', 'see all districts'),
  admin('alerts', 'Alerts', 'manage alerts'),
  admin('knowledge-base', 'Articles', 'manage articles'),
  admin('knowledge-base/create', 'New article', 'manage articles'),
  admin('knowledge-base/:id', 'Edit article', 'manage articles'),
  admin('logs', 'Logs', 'see all districts'),
  admin('settings', 'Admin settings', true),
  admin('settings/users', 'Admin user settings', 'manage coaches'),
  admin('settings/interaction', 'Interaction settings', true),
];

export const ADMIN_AREA_PERMISSION = 'see admin';

export const ROUTES: RouteDef[] = [
  ...publicRoutes,
  ...authRoutes('app-auth', '/app/auth'),
  ...authRoutes('admin-auth', '/admin/auth'),
  ...appRoutes,
  ...adminRoutes,
];

export const NOT_FOUND_ROUTE: RouteDef = { path: '*', title: 'Page not found', access: null, area: 'public', screen: 'not-found' };

export function loginPathFor(area: Area): string {
  return area === 'admin' || area === 'admin-auth' ? '/admin/auth/login' : '/app/auth/login';
}

/** Where a signed-in person lands: their area's dashboard. */
export function homePathFor(user: { area: 'app' | 'admin' }): string {
  return user.area === 'admin' ? '/admin' : '/app';
}
