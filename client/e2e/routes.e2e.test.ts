// A table-driven walk of every route of the spec as a guest, an educator, a district admin and a
// provider admin: where each one lands, and the document title there.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROUTES, type RouteDef } from '../app/routeTable';
import { browserSuite } from './harness';

type Who = 'guest' | 'educator' | 'district-admin' | 'provider-admin';
const ACCOUNTS: Record<Exclude<Who, 'guest'>, { email: string; area: 'app' | 'admin'; permissions: string[] }> = {
  educator: { email: 'teacher@maplegrove.example', area: 'app', permissions: ['see educators.self'] },
  'district-admin': {
    email: 'admin@maplegrove.example', area: 'app',
    permissions: ['see educators', 'see coaches', 'see skill mapping', 'see activity', 'see engagement', 'manage coaches', 'manage billing', 'add staff', 'manage settings'],
  },
  'provider-admin': { email: 'support@coachwell.example', area: 'admin', permissions: ['see admin', 'see all districts', 'manage alerts', 'manage articles', 'manage coaches', 'impersonate'] },
};

const concrete = (path: string) => path.replace(':token', 'tok123').replace(':email', 'someone%40example.org').replace(/:[a-zA-Z]+/g, '1');
const allows = (held: string[], required: string) => held.some((h) => h === required || h.startsWith(`${required}.`));
const titleOf = (path: string) => ROUTES.find((r) => r.path === path)!.title;

/** The demo teacher's own profile (Jordan Ellis, the second educator of the demo seed). */
const TEACHER_PROFILE = '/app/staff/2';

/** Where the spec says this person ends up for this route. */
function expected(def: RouteDef, who: Who): string {
  const here = concrete(def.path);
  if (def.access === null) return here;
  if (who === 'guest') {
    if (def.access === false) return here;
    return def.area === 'admin' ? '/admin/auth/login' : '/app/auth/login';
  }
  const account = ACCOUNTS[who];
  const home = account.area === 'admin' ? '/admin' : '/app';
  if (def.access === false) return home;
  if (def.area === 'admin' && !allows(account.permissions, 'see admin')) return '/403';
  if (def.area === 'app' && account.area === 'admin') return '/admin';
  if (typeof def.access === 'string' && !allows(account.permissions, def.access)) return '/403';
  // An educator's Educators is their own profile (their menu's "Your profile"): the demo teacher's row.
  if (who === 'educator' && here === '/app/staff') return TEACHER_PROFILE;
  return here;
}

const titleFor = (landing: string, def: RouteDef) => {
  const match = landing === TEACHER_PROFILE ? ROUTES.find((r) => r.path === '/app/staff/:id') : ROUTES.find((r) => concrete(r.path) === landing);
  return `${match ? match.title : def.title} | Coachwell`;
};

// Pages keep Playwright's own default timeouts.
const suite = browserSuite({ timeout: null });

describe.each(['guest', 'educator', 'district-admin', 'provider-admin'] as Who[])('every route as %s', (who) => {
  // One page per person, opened in beforeAll: it stays open for all the routes of this describe.
  let page: Page;
  beforeAll(async () => {
    page = who === 'guest' ? await suite.page() : await suite.signedIn(ACCOUNTS[who].email);
  });

  it.each(ROUTES.map((r) => [r.path, r] as const))('%s', async (_path, def) => {
    const target = expected(def, who);
    await page.goto(concrete(def.path));
    await page.waitForFunction((t) => document.title === t, titleFor(target, def), { timeout: 15_000 }).catch(() => {});
    expect(new URL(page.url()).pathname).toBe(target);
    expect(await page.title()).toBe(titleFor(target, def));
    if ((target === '/app/auth/login' || target === '/admin/auth/login') && target !== concrete(def.path)) {
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(concrete(def.path));
    }
  });
});

it('an unknown address shows the not-found page', async () => {
  const page = await suite.page();
  await page.goto('/no/such/page');
  await expect.poll(() => page.title()).toBe('Page not found | Coachwell');
  expect(titleOf('/pricing')).toBe('Pricing');
});
