// Sidebar entries of the two signed-in areas; each shows only when the user may open its route and the screen has
// something for them (a read-only settings page or an empty export page is left out; its address still opens).
import { hasPermission, PERMISSIONS, permissionScope, type PlanFeature } from '../../common/permissions';
import { defineMessages, type MessageDescriptor, t } from '../lib/i18n';
import { ROUTES } from './routeTable';

const m = defineMessages({
  dashboard: { id: 'app.nav.dashboard', defaultMessage: 'Dashboard' },
  home: { id: 'app.nav.home', defaultMessage: 'Home' },
  educators: { id: 'app.nav.educators', defaultMessage: 'Educators' },
  yourProfile: { id: 'app.nav.yourProfile', defaultMessage: 'Your profile' },
  coaches: { id: 'app.nav.coaches', defaultMessage: 'Coaches' },
  coaching: { id: 'app.nav.coaching', defaultMessage: 'Coaching' },
  activity: { id: 'app.nav.activity', defaultMessage: 'Activity' },
  actionSteps: { id: 'app.nav.actionSteps', defaultMessage: 'Action steps' },
  observations: { id: 'app.nav.observations', defaultMessage: 'Observations' },
  selfassessment: { id: 'app.nav.selfassessment', defaultMessage: 'Self-assessment' },
  askForCoaching: { id: 'app.nav.askForCoaching', defaultMessage: 'Ask for coaching' },
  whoHasReadAboutMe: { id: 'app.nav.whoHasReadAboutMe', defaultMessage: 'Who has read about me' },
  reports: { id: 'app.nav.reports', defaultMessage: 'Reports' },
  staffRequests: { id: 'app.nav.staffRequests', defaultMessage: 'Staff requests' },
  siteSettings: { id: 'app.nav.siteSettings', defaultMessage: 'Site settings' },
  interactionSettings: { id: 'app.nav.interactionSettings', defaultMessage: 'Interaction settings' },
  observationForms: { id: 'app.nav.observationForms', defaultMessage: 'Observation forms' },
  cycleSettings: { id: 'app.nav.cycleSettings', defaultMessage: 'Cycle settings' },
  singleSignon: { id: 'app.nav.singleSignon', defaultMessage: 'Single sign-on' },
  exportAndImport: { id: 'app.nav.exportAndImport', defaultMessage: 'Export and import' },
  users: { id: 'app.nav.users', defaultMessage: 'Users' },
  billing: { id: 'app.nav.billing', defaultMessage: 'Billing' },
  support: { id: 'app.nav.support', defaultMessage: 'Support' },
  districts: { id: 'app.nav.districts', defaultMessage: 'Districts' },
  quotes: { id: 'app.nav.quotes', defaultMessage: 'Quotes' },
  alerts: { id: 'app.nav.alerts', defaultMessage: 'Alerts' },
  knowledgeBase: { id: 'app.nav.knowledgeBase', defaultMessage: 'Knowledge base' },
  logs: { id: 'app.nav.logs', defaultMessage: 'Logs' },
  settings: { id: 'app.nav.settings', defaultMessage: 'Settings' },
});

export interface NavItem {
  to: string;
  /** In the person's language. */
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

/** An entry as declared: its label a message, put in the person's language when the menu is asked for. */
type NavEntry = Omit<NavItem, 'label'> & { label: MessageDescriptor };

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

const APP_NAV: NavEntry[] = [
  { to: '/app', label: m.dashboard, end: true, shows: notEducator },
  { to: '/app', label: m.home, end: true, shows: isEducator },
  { to: '/app/staff', label: m.educators, shows: notEducator },
  // /app/staff takes an educator to their own profile (StaffListScreen).
  { to: '/app/staff', label: m.yourProfile, shows: isEducator },
  { to: '/app/coaches', label: m.coaches },
  { to: '/app/coaching', label: m.coaching },
  { to: '/app/activity', label: m.activity },
  // An educator's action steps (issue 29, item 2); coaches set and follow them on each educator's page.
  { to: '/app/action-steps', label: m.actionSteps, shows: isEducator },
  // Observers (`see activity`) and educators, who read the observations shared with them.
  { to: '/app/observations', label: m.observations, shows: readsObservations },
  // Educators rate themselves on the district's framework (issue 29, item 3).
  { to: '/app/self-assessment', label: m.selfassessment, shows: isEducator, feature: 'skill-mapping' },
  // Educators ask their coach for coaching (issue 29, item 4); coaches find their queue on the dashboard.
  { to: '/app/coaching-requests', label: m.askForCoaching, shows: isEducator },
  // Who has read about the educator (issue 29, item 5), while the district has the view on (its address still opens and says so).
  { to: '/app/read-log', label: m.whoHasReadAboutMe, shows: isEducator, setting: 'educator_read_log_visible' },
  { to: '/app/reports', label: m.reports },
  { to: '/app/settings/building-history-requests', label: m.staffRequests },
  // The settings screens open to every login (spec §2) but are read-only without `manage settings`:
  // the sidebar lists them for the people who set the district up.
  { to: '/app/settings/site', label: m.siteSettings, permission: PERMISSIONS.manageSettings },
  { to: '/app/settings/interaction', label: m.interactionSettings, permission: PERMISSIONS.manageSettings },
  { to: '/app/settings/observation-forms', label: m.observationForms, permission: PERMISSIONS.manageSettings },
  { to: '/app/settings/coaching-cycle', label: m.cycleSettings, permission: PERMISSIONS.manageSettings },
  // Sign-in connections (issue 30): shown to every district administrator; a plan without `sso` shows what it adds.
  { to: '/app/settings/single-sign-on', label: m.singleSignon, permission: PERMISSIONS.manageSettings },
  { to: '/app/settings/export-import', label: m.exportAndImport, shows: mayExportOrImport },
  // User settings opens to every login (spec §2), which the spec does not put in navigation: the sidebar's
  // Users is the district's list, for people who manage it. Everyone else reaches their own login's view
  // from Account Settings.
  { to: '/app/settings/user', label: m.users, permission: PERMISSIONS.manageCoaches },
  { to: '/app/settings/billing', label: m.billing },
  { to: '/app/support', label: m.support },
];

const ADMIN_NAV: NavEntry[] = [
  { to: '/admin', label: m.dashboard, end: true },
  { to: '/admin/districts', label: m.districts },
  { to: '/admin/quotes', label: m.quotes },
  { to: '/admin/users', label: m.users },
  { to: '/admin/activity', label: m.activity },
  { to: '/admin/alerts', label: m.alerts },
  { to: '/admin/knowledge-base', label: m.knowledgeBase },
  { to: '/admin/logs', label: m.logs },
  { to: '/admin/settings', label: m.settings },
];

const inLanguage = (item: NavEntry): NavItem => ({ ...item, label: t(item.label) });

function allowed(item: NavEntry, permissions: string[], features: readonly string[], settings?: NavSettings): boolean {
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
  return APP_NAV.filter((item) => allowed(item, permissions, features, settings)).map(inLanguage);
}

export function adminNavigation(permissions: string[]): NavItem[] {
  return ADMIN_NAV.filter((item) => allowed(item, permissions, [])).map(inLanguage);
}
