// Sidebar entries of the two signed-in areas; each shows only when the user may open its route and the screen has
// something for them (a read-only settings page or an empty export page is left out; its address still opens).
import { hasPermission, PERMISSIONS, permissionScope, type PlanFeature } from '../../common/permissions';
import { ROUTES } from './routeTable';

export interface NavItem {
  to: string;
  label: string;
  end?: boolean;
  /** Shown only with this permission too, for an entry narrower than its route's access. */
  permission?: string;
  /** Shown only when this says the screen has something for the person (the route stays open by address). */
  shows?: (permissions: string[]) => boolean;
  /** Shown only when the district's plan has this feature (an entry whose screen is only the upgrade card without it). */
  feature?: PlanFeature;
  /** Shown only while the district has this Site setting on (the signed-in user's `district`); its screen says when it is off. */
  setting?: 'educator_read_log_visible';
}

/** The district's Site settings the menu follows (the User's `district`); absent ones count as on, their default. */
export type NavSettings = { educator_read_log_visible?: boolean } | null | undefined;

const districtWide = (permissions: string[], base: string) => permissionScope(permissions, base) === 'district';

/**
 * Export and import has something for a person who may download or import anything there: the exports
 * need district-wide `see educators`, `see activity` or `see skill mapping`, or `manage coaches` (the
 * users file); the imports district-wide `add staff` (server/features/imports/policies.ts).
 */
export function mayExportOrImport(permissions: string[]): boolean {
  return hasPermission(permissions, PERMISSIONS.manageCoaches)
    || [PERMISSIONS.seeEducators, PERMISSIONS.seeActivity, PERMISSIONS.seeSkillMapping, PERMISSIONS.addStaff]
      .some((base) => districtWide(permissions, base));
}

/** Observations have something for observers (`see activity`) and for educators (those shared with them). */
export function readsObservations(permissions: string[]): boolean {
  return hasPermission(permissions, PERMISSIONS.seeActivity) || isEducator(permissions);
}

/**
 * A person whose `see educators` reaches only their own row: the educator role (issue 29, item 6). Their menu is
 * their own side of coaching: home, profile, action steps, feedback, self-assessment, asking for coaching, who has
 * read about them and support; nothing that is empty for them.
 */
export function isEducator(permissions: string[]): boolean {
  return permissionScope(permissions, PERMISSIONS.seeEducators) === 'self';
}
const notEducator = (permissions: string[]) => !isEducator(permissions);

const APP_NAV: NavItem[] = [
  { to: '/app', label: 'Dashboard', end: true, shows: notEducator },
  { to: '/app', label: 'Home', end: true, shows: isEducator },
  { to: '/app/staff', label: 'Educators', shows: notEducator },
  // /app/staff takes an educator to their own profile (StaffListScreen).
  { to: '/app/staff', label: 'Your profile', shows: isEducator },
  { to: '/app/coaches', label: 'Coaches' },
  { to: '/app/coaching', label: 'Coaching' },
  { to: '/app/activity', label: 'Activity' },
  // An educator's action steps (issue 29, item 2); coaches set and follow them on each educator's page.
  { to: '/app/action-steps', label: 'Action steps', shows: isEducator },
  // Observers (`see activity`) and educators, who read the observations shared with them.
  { to: '/app/observations', label: 'Observations', shows: readsObservations },
  // Educators rate themselves on the district's framework (issue 29, item 3).
  { to: '/app/self-assessment', label: 'Self-assessment', shows: isEducator, feature: 'skill-mapping' },
  // Educators ask their coach for coaching (issue 29, item 4); coaches find their queue on the dashboard.
  { to: '/app/coaching-requests', label: 'Ask for coaching', shows: isEducator },
  // Who has read about the educator (issue 29, item 5), while the district has the view on (its address still opens and says so).
  { to: '/app/read-log', label: 'Who has read about me', shows: isEducator, setting: 'educator_read_log_visible' },
  { to: '/app/reports', label: 'Reports' },
  { to: '/app/settings/building-history-requests', label: 'Staff requests' },
  // The settings screens open to every login (spec §2) but are read-only without `manage settings`:
  // the sidebar lists them for the people who set the district up.
  { to: '/app/settings/site', label: 'Site settings', permission: PERMISSIONS.manageSettings },
  { to: '/app/settings/interaction', label: 'Interaction settings', permission: PERMISSIONS.manageSettings },
  { to: '/app/settings/observation-forms', label: 'Observation forms', permission: PERMISSIONS.manageSettings },
  { to: '/app/settings/coaching-cycle', label: 'Cycle settings', permission: PERMISSIONS.manageSettings },
  // Sign-in connections (issue 30): shown to every district administrator; a plan without `sso` shows what it adds.
  { to: '/app/settings/single-sign-on', label: 'Single sign-on', permission: PERMISSIONS.manageSettings },
  { to: '/app/settings/export-import', label: 'Export and import', shows: mayExportOrImport },
  // User settings opens to every login (spec §2), which the spec does not put in navigation: the sidebar's
  // Users is the district's list, for people who manage it. Everyone else reaches their own login's view
  // from Account Settings.
  { to: '/app/settings/user', label: 'Users', permission: PERMISSIONS.manageCoaches },
  { to: '/app/settings/billing', label: 'Billing' },
  { to: '/app/support', label: 'Support' },
];

const ADMIN_NAV: NavItem[] = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/districts', label: 'Districts' },
  { to: '/admin/quotes', label: 'Quotes' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/activity', label: 'Activity' },
  { to: '/admin/alerts', label: 'Alerts' },
  { to: '/admin/knowledge-base', label: 'Knowledge base' },
  { to: '/admin/logs', label: 'Logs' },
  { to: '/admin/settings', label: 'Settings' },
];

function allowed(item: NavItem, permissions: string[], features: readonly string[], settings?: NavSettings): boolean {
  const route = ROUTES.find((r) => r.path === item.to);
  if (!route) return false;
  if (item.feature && !features.includes(item.feature)) return false;
  if (item.setting && settings?.[item.setting] === false) return false;
  if (item.permission && !hasPermission(permissions, item.permission)) return false;
  if (item.shows && !item.shows(permissions)) return false;
  return typeof route.access !== 'string' || hasPermission(permissions, route.access);
}

/** The app area's entries for these permissions, the district's plan features and its settings (the User's `district`). */
export function appNavigation(permissions: string[], features: readonly string[] = [], settings?: NavSettings): NavItem[] {
  return APP_NAV.filter((item) => allowed(item, permissions, features, settings));
}

export function adminNavigation(permissions: string[]): NavItem[] {
  return ADMIN_NAV.filter((item) => allowed(item, permissions, []));
}
