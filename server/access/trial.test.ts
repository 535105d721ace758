// The read-only trial (access/trial.ts, mounted once by app.ts): every write of a district whose trial
// has ended answers 402 with TRIAL_ENDED_MESSAGE and changes nothing, but the writes that let a district
// buy and its people sign in and out; reading and exports keep working; provider staff extend the trial
// and writes work again at once.
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { TRIAL_ENDED_MESSAGE } from '../../common/schemas/billing';
import type { DB } from '../../db/connection';
import { createTestApp, csrfHeaders, loginAs, type TestAgent, type TestApp } from '../testing/app';
import { buildBuilding, buildDistrict, buildStaff, buildUser } from '../testing/factories';
import { trialHasEnded, writableAfterTrial } from './trial';

const DAY = 24 * 3600_000;
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

async function trialDistrict(endsInMs: number, status: 'trial' | 'active' = 'trial') {
  const district = await buildDistrict(t.db, { planKey: 'enterprise' });
  await t.db.updateTable('districts').set({ status, trial_ends_at: new Date(Date.now() + endsInMs).toISOString() }).where('id', '=', district.id).execute();
  const building = await buildBuilding(t.db, district.id, { name: 'Lincoln Middle' });
  const admin = await buildUser(t.db, { role: 'district-admin', districtId: district.id, name: 'Avery Admin' });
  const coach = await buildUser(t.db, { role: 'coach', districtId: district.id, buildingIds: [building.id] });
  const staff = await buildStaff(t.db, { districtId: district.id, buildingId: building.id });
  return { district, building, admin, coach, staff };
}

/** Every registered route of the app (method, full path), from the Express router stack. */
function registeredRoutes(app: TestApp['app']): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] }; rawPath?: unknown };
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) out.push({ method: method === '_all' ? 'POST' : method.toUpperCase(), path: prefix + layer.route.path });
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, prefix + (typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : ''));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return out;
}

/**
 * What must keep working after a trial ends (written here independently of the middleware's list):
 * signing in and out, one's own login, buying (billing, quotes), error reports, dismissing an alert.
 */
const EXEMPT = [/^\/api\/auth\//, /^\/api\/account\//, /^\/api\/account-migration\/:token$/, /^\/api\/billing$/, /^\/api\/quote(\/|$)/, /^\/api\/client-error$/, /^\/api\/alert\/:id\/dismiss$/, /^\/api\/support-request$/, /^\/api\/district\/export$/];
/** Token links mounted before the session is read (app.ts): no signed-in user, so no district to check. */
const BEFORE_SESSION = [/^\/api\/report-subscription\/unsubscribe\/:token$/];

/** A plausible body per route: what its form would send (the middleware answers before validation). */
function bodyFor(path: string, ids: { building: number; staff: number; user: number }): object {
  if (path === '/api/building') return { name: 'New School', code: 'NS', grade_band: 'K-5' };
  if (path === '/api/district') return { name: 'Renamed District', timezone: 'America/Chicago', school_year_start_month: 8 };
  if (path === '/api/staff') return { staff: [{ first_name: 'Ana', last_name: 'Ruiz', email: 'ana@example.org', building_id: ids.building }] };
  if (path === '/api/group') return { name: 'Grade 3 team', items: [{ item_id: ids.staff }] };
  if (path === '/api/user') return { name: 'New Person', email: 'new.person@example.org', roles: ['coach'], building_ids: [ids.building] };
  if (path === '/api/interaction') return { type_id: 1, staff_ids: [ids.staff], starts_at: new Date().toISOString(), duration_minutes: 30 };
  if (path === '/api/activity') return { category: 'planning', starts_at: new Date().toISOString(), duration_minutes: 30 };
  if (path.endsWith('/deactivate') || path.endsWith('/archive') || path.endsWith('/cancel')) return { reason: 'No longer needed' };
  return { name: 'Sweep', title: 'Sweep', reason: 'Sweep' };
}

/** Fills route parameters with the ids of real records of the district where there is one. */
function concretePath(path: string, ids: { building: number; staff: number; user: number }): string {
  return path
    .replace(/^\/api\/building\/:id/, `/api/building/${ids.building}`)
    .replace(/^\/api\/staff\/:id/, `/api/staff/${ids.staff}`)
    .replace(/^\/api\/user\/:id/, `/api/user/${ids.user}`)
    .replace(/:[A-Za-z]+/g, '1');
}

/** Every row of every table (sessions aside: signing in writes those), in a stable order. */
async function dump(db: DB): Promise<Record<string, string[]>> {
  const tables = (await db.introspection.getTables()).map((t) => t.name).filter((name) => name !== 'sessions').sort();
  const out: Record<string, string[]> = {};
  for (const name of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    out[name] = rows.rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v))).sort();
  }
  return out;
}

function send(agent: TestAgent, method: string, path: string, body: object) {
  const m = method.toLowerCase() as 'post' | 'put' | 'delete' | 'patch';
  return agent[m](path).set(csrfHeaders(agent)).send(body);
}

describe('trialHasEnded and the exempt list', () => {
  it('only a trial whose end has passed is read-only', () => {
    const now = Date.parse('2026-11-20T12:00:00.000Z');
    expect(trialHasEnded({ status: 'trial', trial_ends_at: '2026-11-20T11:59:59.000Z' }, now)).toBe(true);
    expect(trialHasEnded({ status: 'trial', trial_ends_at: '2026-11-20T12:00:01.000Z' }, now)).toBe(false);
    expect(trialHasEnded({ status: 'active', trial_ends_at: '2026-01-01T00:00:00.000Z' }, now)).toBe(false);
    expect(trialHasEnded({ status: 'trial', trial_ends_at: null }, now)).toBe(false);
    expect(trialHasEnded({ status: 'trial', trial_ends_at: 'not a date' }, now)).toBe(false);
  });

  it.each([
    ['/auth/logout', true], ['/auth/impersonate', true], ['/account/password', true], ['/billing', true], ['/billing/', true],
    ['/quote', true], ['/quote/5/accept', true], ['/client-error', true], ['/alert/12/dismiss', true], ['/AUTH/login', true],
    ['/billings', false], ['/quotes', false], ['/alert/12', false], ['/authority', false], ['/accounts', false], ['/staff', false], ['/account-migration/x', true], ['/account-migration', false],
    ['/support-request', true], ['/support-requests', false],
    ['/district/export', true], ['/district/export/', true], ['/district/exports', false], ['/district', false],
  ])('%s writable after the trial: %s', (path, writable) => {
    expect(writableAfterTrial(path)).toBe(writable);
  });
});

describe('a district whose trial has ended is read-only', () => {
  it('every registered non-GET route answers 402 with TRIAL_ENDED_MESSAGE (but the exempt ones), and no table changes', async () => {
    const w = await trialDistrict(-DAY);
    const agent = await loginAs(t.app, w.admin);
    const ids = { building: w.building.id, staff: w.staff.id, user: w.coach.id };
    const writes = registeredRoutes(t.app).filter((r) => r.method !== 'GET' && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    const swept = writes.filter((r) => !EXEMPT.some((p) => p.test(r.path)) && !BEFORE_SESSION.some((p) => p.test(r.path)));
    // The sweep really walks the app: the routers' writes are there, from people to reports.
    expect(swept.length).toBeGreaterThan(100);
    for (const path of ['/api/staff', '/api/building/:id', '/api/interaction', '/api/coaching-cycle', '/api/staff/:id/skill-rating', '/api/report-subscription']) {
      expect(swept.map((r) => r.path)).toContain(path);
    }

    const before = await dump(t.db);
    const answers: string[] = [];
    for (const route of swept) {
      const res = await send(agent, route.method, concretePath(route.path, ids), bodyFor(route.path, ids));
      if (res.status !== 402 || res.body.message !== TRIAL_ENDED_MESSAGE || res.body.code !== 'trial_ended') answers.push(`${route.method} ${route.path} → ${res.status} ${res.body.message}`);
    }
    expect(answers).toEqual([]);
    expect(await dump(t.db)).toEqual(before);
  });

  it('the exempt writes are not refused: signing out, the account, error reports, dismissing an alert', async () => {
    const w = await trialDistrict(-DAY);
    const agent = await loginAs(t.app, w.admin);
    const exempt = registeredRoutes(t.app).filter((r) => r.method !== 'GET' && EXEMPT.some((p) => p.test(r.path)));
    expect(exempt.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining([
      'POST /api/auth/login', 'POST /api/auth/logout', 'PUT /api/account/profile', 'POST /api/client-error', 'POST /api/alert/:id/dismiss',
      'PUT /api/billing', 'POST /api/quote', 'POST /api/quote/:id/accept', 'POST /api/account-migration/:token',
      'POST /api/support-request', 'POST /api/district/export',
    ]));
    const statuses: string[] = [];
    // Sign-out last: it ends the session the others use.
    for (const route of [...exempt.filter((r) => r.path !== '/api/auth/logout'), { method: 'POST', path: '/api/auth/logout' }]) {
      const res = await send(agent, route.method, concretePath(route.path, { building: w.building.id, staff: w.staff.id, user: w.coach.id }), { message: 'x', name: 'Avery Admin' });
      if (res.status === 402) statuses.push(`${route.method} ${route.path}`);
    }
    expect(statuses).toEqual([]);
    // A person's own profile is theirs, not the district's.
    const again = await loginAs(t.app, w.admin);
    expect((await send(again, 'PUT', '/api/account/profile', { name: 'Avery B. Admin' })).status).not.toBe(402);
  });

  it('reading and exports keep working', async () => {
    const w = await trialDistrict(-DAY);
    const agent = await loginAs(t.app, w.admin);
    for (const path of ['/api/auth/user', '/api/staff', '/api/building', `/api/staff/${w.staff.id}`, '/api/export/staff.csv', '/api/report/interactions', '/api/export/users.csv', '/api/skill-map.csv']) {
      const res = await agent.get(path);
      expect(`${path} ${res.status}`).toBe(`${path} 200`);
    }
    expect((await agent.head('/api/staff')).status).toBe(200);
    // The district's full export (issue 32) is a write that starts a job: still the district's to take.
    expect((await send(agent, 'POST', '/api/district/export', {})).status).toBe(202);
  });

  it('signing in and out still work', async () => {
    const w = await trialDistrict(-DAY);
    const agent = await loginAs(t.app, w.coach);
    expect((await agent.post('/api/auth/logout').set(csrfHeaders(agent))).status).toBe(204);
  });

  it('a trial not yet ended, and an active district, write as usual', async () => {
    const running = await trialDistrict(DAY);
    const res = await send(await loginAs(t.app, running.admin), 'POST', '/api/building', { name: 'New School' });
    expect(res.status).toBe(201);
    const active = await trialDistrict(-DAY, 'active');
    expect((await send(await loginAs(t.app, active.admin), 'POST', '/api/building', { name: 'New School' })).status).toBe(201);
  });

  it('provider staff are never affected; impersonating a read-only district, the writes are refused too', async () => {
    const w = await trialDistrict(-DAY);
    const staff = await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }));
    expect((await send(staff, 'POST', '/api/admin/alert', { title: 'Hello', body: '', level: 'info', audience: 'everyone', audience_values: ['*'], starts_at: new Date().toISOString(), ends_at: null })).status).not.toBe(402);
    expect((await send(staff, 'POST', '/api/auth/impersonate', { user_id: w.admin.id })).status).toBe(200);
    const refused = await send(staff, 'POST', '/api/building', { name: 'New School' });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ message: TRIAL_ENDED_MESSAGE, code: 'trial_ended' });
    expect((await send(staff, 'POST', '/api/auth/unimpersonate', {})).status).toBe(200);
  });

  it('provider staff extend the trial and writes work again at once', async () => {
    const w = await trialDistrict(-DAY);
    const agent = await loginAs(t.app, w.admin);
    expect((await send(agent, 'POST', '/api/building', { name: 'New School' })).status).toBe(402);
    const staff = await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }));
    expect((await send(staff, 'POST', `/api/admin/district/${w.district.id}/extend-trial`, { days: 14, reason: 'Board meets next week' })).status).toBe(200);
    const res = await send(agent, 'POST', '/api/building', { name: 'New School' });
    expect(res.status).toBe(201);
    expect(await t.db.selectFrom('buildings').select('name').where('district_id', '=', w.district.id).where('name', '=', 'New School').execute()).toHaveLength(1);
  });
});
