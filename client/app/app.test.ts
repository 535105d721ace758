import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../common/authUser';
import { ROLE_PERMISSIONS } from '../../common/permissions';
import { guardRedirect, safeRedirect } from './Guard';
import { adminNavigation, appNavigation, mayExportOrImport } from './navigation';
import { NOT_FOUND_ROUTE, ROUTES, type RouteDef } from './routeTable';
import { hasTitleMessage, routeTitle } from './routeTitles';

function userWith(role: string, extra: Partial<AuthUser> = {}): AuthUser {
  const def = ROLE_PERMISSIONS[role]!;
  return {
    id: 1, name: 'T', email: 't@x.org', date_locale: 'en-US', locale: 'en', timezone: 'UTC', area: def.area, last_login_at: null,
    district: def.area === 'app' ? { id: 1, name: 'D', state: 'IL', timezone: 'UTC', status: 'active', trial_ends_at: null, plan: { key: 'p', name: 'P' }, features: [], educator_read_log_visible: true } : null,
    security: { permissions: def.permissions, roles: [role] }, buildings: [], impersonating: false, impersonator: null, ...extra,
  };
}
const route = (path: string): RouteDef => ROUTES.find((r) => r.path === path)!;

describe('the route table', () => {
  it('holds every route of the spec once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    // The spec's app routes plus the Groups view (/app/staff/groups), one quote and one invoice, the
    // observation form editor (/app/settings/observation-forms), the four observation routes, the
    // walkthrough report (/app/reports/walkthroughs) and the two calibration routes
    // (/app/observations/calibration and /app/observations/calibration/:id) of issue 28, and the educator's
    // self-assessment (/app/self-assessment), action steps (/app/action-steps), asking for coaching
    // (/app/coaching-requests) and who has read about them (/app/read-log) of issue 29, and the single sign-on
    // settings (/app/settings/single-sign-on) of issue 30.
    expect(paths.filter((p) => p.startsWith('/app/') && !p.startsWith('/app/auth')).length + 1).toBe(47);
    // The spec's admin routes plus the quotes across districts (/admin/quotes).
    expect(paths.filter((p) => p.startsWith('/admin') && !p.startsWith('/admin/auth')).length).toBe(15);
  });
});

describe('route titles (issue 33)', () => {
  it('each have a message, so the document title follows the person\'s language', () => {
    expect([...ROUTES, NOT_FOUND_ROUTE].map((r) => r.title).filter((title) => !hasTitleMessage(title))).toEqual([]);
    expect(routeTitle(route('/app/staff'))).toBe('Educators');
  });
});

describe('guardRedirect', () => {
  it('lets anyone see public pages', () => {
    expect(guardRedirect(route('/pricing'), null, '/pricing')).toBeNull();
  });
  it('sends a guest to the area login with the page to return to', () => {
    expect(guardRedirect(route('/app/staff'), null, '/app/staff?x=1')).toBe('/app/auth/login?redirect=%2Fapp%2Fstaff%3Fx%3D1');
    expect(guardRedirect(route('/admin/logs'), null, '/admin/logs')).toBe('/admin/auth/login?redirect=%2Fadmin%2Flogs');
  });
  it('sends a signed-in person away from guest-only pages', () => {
    expect(guardRedirect(route('/app/auth/login'), userWith('educator'), '/app/auth/login')).toBe('/app');
    expect(guardRedirect(route('/register'), userWith('district-admin'), '/register')).toBe('/app');
    expect(guardRedirect(route('/admin/auth/login'), userWith('provider-admin'), '/admin/auth/login')).toBe('/admin');
  });
  it('sends a person without the permission to /403, suffix permissions count', () => {
    expect(guardRedirect(route('/app/coaches'), userWith('educator'), '/app/coaches')).toBe('/403');
    expect(guardRedirect(route('/app/staff'), userWith('educator'), '/app/staff')).toBeNull();
    expect(guardRedirect(route('/app/settings/billing'), userWith('building-admin'), '/x')).toBe('/403');
    expect(guardRedirect(route('/app/settings/building-history-requests'), userWith('building-admin'), '/x')).toBeNull();
  });
  it('keeps district users out of the admin area and provider staff out of the app area', () => {
    expect(guardRedirect(route('/admin/users'), userWith('district-admin'), '/admin/users')).toBe('/403');
    expect(guardRedirect(route('/app/settings'), userWith('provider-admin'), '/app/settings')).toBe('/admin');
    expect(guardRedirect(route('/admin/alerts'), userWith('provider-support'), '/admin/alerts')).toBe('/403');
    expect(guardRedirect(route('/admin/knowledge-base'), userWith('provider-support'), '/x')).toBeNull();
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/app/staff', 'app', '/app/staff'],
    ['/admin/logs', 'admin', '/admin/logs'],
    ['/admin/logs', 'app', null],
    ['//evil.example/app', 'app', null],
    ['https://evil.example/app', 'app', null],
    ['/app/auth/login', 'app', null],
    [null, 'app', null],
  ] as const)('%j in %s → %j', (raw, area, expected) => {
    expect(safeRedirect(raw, area)).toBe(expected);
  });
});

describe('navigation shows only what the user may open', () => {
  it('an educator sees their own side of coaching (home, profile, action steps, feedback, self-assessment, asking, who read about them) and support: no read-only settings or empty export page', () => {
    expect(appNavigation(userWith('educator').security.permissions, ['coaching-cycles', 'skill-mapping']).map((i) => [i.label, i.to])).toEqual([
      ['Home', '/app'], ['Your profile', '/app/staff'], ['Action steps', '/app/action-steps'], ['Observations', '/app/observations'],
      ['Self-assessment', '/app/self-assessment'], ['Ask for coaching', '/app/coaching-requests'], ['Who has read about me', '/app/read-log'], ['Support', '/app/support'],
    ]);
    // On a plan without skill mapping the Self-assessment screen would only be the upgrade card: not in the menu.
    expect(appNavigation(userWith('educator').security.permissions, []).map((i) => i.label)).not.toContain('Self-assessment');
    // Everyone else keeps Dashboard and Educators.
    expect(appNavigation(userWith('coach').security.permissions).map((i) => i.label).slice(0, 2)).toEqual(['Dashboard', 'Educators']);
  });
  it('self-assessment: in the educator\'s menu only, open by address to every login (the screen explains itself)', () => {
    for (const role of ['coach', 'building-admin', 'district-admin']) {
      expect(appNavigation(userWith(role).security.permissions, ['skill-mapping']).map((i) => i.label)).not.toContain('Self-assessment');
      expect(guardRedirect(route('/app/self-assessment'), userWith(role), '/x')).toBeNull();
    }
  });
  it('who has read about me: in the educator\'s menu only, open by address to every login (the screen explains itself)', () => {
    for (const role of ['coach', 'building-admin', 'district-admin']) {
      expect(appNavigation(userWith(role).security.permissions).map((i) => i.label)).not.toContain('Who has read about me');
      expect(guardRedirect(route('/app/read-log'), userWith(role), '/x')).toBeNull();
    }
  });
  it('who has read about me: in the educator\'s menu while the district has the view on, never once it is off (the address still opens)', () => {
    const educator = userWith('educator');
    expect(appNavigation(educator.security.permissions, [], educator.district).map((i) => i.label)).toContain('Who has read about me');
    const off = { ...educator.district!, educator_read_log_visible: false };
    const labels = appNavigation(educator.security.permissions, [], off).map((i) => i.label);
    expect(labels).not.toContain('Who has read about me');
    expect(labels).toEqual(['Home', 'Your profile', 'Action steps', 'Observations', 'Ask for coaching', 'Support']);
    expect(guardRedirect(route('/app/read-log'), { ...educator, district: off }, '/x')).toBeNull();
  });
  it('observations: the list and one observation open to every login, capturing and editing need `see activity`', () => {
    for (const path of ['/app/observations', '/app/observations/:id']) expect(guardRedirect(route(path), userWith('educator'), '/x')).toBeNull();
    for (const path of ['/app/observations/new', '/app/observations/:id/edit']) {
      expect(guardRedirect(route(path), userWith('educator'), '/x')).toBe('/403');
      expect(guardRedirect(route(path), userWith('coach'), '/x')).toBeNull();
    }
  });
  it('each role sees the screens that have something for them', () => {
    const labels = (role: string) => appNavigation(userWith(role).security.permissions).map((i) => i.label);
    expect(labels('coach')).toEqual(['Dashboard', 'Educators', 'Coaches', 'Coaching', 'Activity', 'Observations', 'Reports', 'Support']);
    expect(labels('building-admin')).toEqual(['Dashboard', 'Educators', 'Coaches', 'Coaching', 'Activity', 'Observations', 'Reports', 'Staff requests', 'Support']);
    expect(labels('district-admin')).toEqual([
      'Dashboard', 'Educators', 'Coaches', 'Coaching', 'Activity', 'Observations', 'Reports', 'Staff requests', 'Site settings',
      'Interaction settings', 'Observation forms', 'Cycle settings', 'Single sign-on', 'Export and import', 'Users', 'Billing', 'Support',
    ]);
  });
  it('single sign-on settings: district administrators (`manage settings`) only, by address too', () => {
    expect(guardRedirect(route('/app/settings/single-sign-on'), userWith('district-admin'), '/x')).toBeNull();
    for (const role of ['educator', 'coach', 'building-admin']) expect(guardRedirect(route('/app/settings/single-sign-on'), userWith(role), '/x')).toBe('/403');
  });
  it('the settings and export pages left out of the menu still open by address to every login (spec §2)', () => {
    for (const path of ['/app/settings/site', '/app/settings/interaction', '/app/settings/observation-forms', '/app/settings/coaching-cycle', '/app/settings/export-import']) {
      expect(guardRedirect(route(path), userWith('educator'), '/x')).toBeNull();
    }
  });
  it('Export and import shows for anyone who may export or import one thing there', () => {
    expect(mayExportOrImport(['see educators.building', 'see activity.building'])).toBe(false);
    expect(mayExportOrImport(['see educators'])).toBe(true);
    expect(mayExportOrImport(['see activity'])).toBe(true);
    expect(mayExportOrImport(['see skill mapping'])).toBe(true);
    expect(mayExportOrImport(['add staff'])).toBe(true);
    expect(mayExportOrImport(['manage coaches'])).toBe(true);
  });
  it('User settings opens to every login, but the sidebar lists Users only for people who manage them', () => {
    expect(guardRedirect(route('/app/settings/user'), userWith('educator'), '/x')).toBeNull();
    expect(guardRedirect(route('/app/settings/user'), userWith('coach'), '/x')).toBeNull();
    expect(guardRedirect(route('/app/settings/user/new'), userWith('coach'), '/x')).toBe('/403');
    expect(appNavigation(userWith('coach').security.permissions).map((i) => i.label)).not.toContain('Users');
    expect(appNavigation(userWith('district-admin').security.permissions).map((i) => i.label)).toContain('Users');
  });
  it('a district admin sees billing and staff requests', () => {
    const labels = appNavigation(userWith('district-admin').security.permissions).map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(['Billing', 'Staff requests', 'Coaches', 'Reports']));
  });
  it('provider support does not see alerts', () => {
    const labels = adminNavigation(userWith('provider-support').security.permissions).map((i) => i.label);
    expect(labels).not.toContain('Alerts');
    expect(labels).toContain('Knowledge base');
  });
});
