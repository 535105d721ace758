// Admin operations: the audit feed, the logs, their retention and the dashboard (issue 13).
import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_OPS_MESSAGES } from '../../../common/schemas/adminOps';
import { nowIso } from '../../../db/connection';
import type { User } from '../../../db/types';
import { createTestApp, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRejectsQueries, itRequiresLogin, PAGE_QUERY_ROWS } from '../../testing/checks';
import { pruneOpsLogs } from '../../lib/opsLog';
import { buildDistrict, buildStaff, buildUser } from '../../testing/factories';

let t: TestApp;
/** The rows a request wrote after answering (logging never holds up the answer), once there are `n`. */
const written = <T>(read: () => Promise<T[]>, n = 1) => vi.waitFor(async () => {
  const rows = await read();
  expect(rows).toHaveLength(n);
  return rows;
});
let providerAdmin: User;
let support: User;
let districtAdmin: User;
beforeEach(async () => {
  t = await createTestApp();
  providerAdmin = await buildUser(t.db, { role: 'provider-admin', name: 'Sam Ortega', email: 'sam@coachwell.example' });
  support = await buildUser(t.db, { role: 'provider-support', name: 'Pat Help', email: 'pat@coachwell.example' });
  districtAdmin = await buildUser(t.db, { role: 'district-admin', name: 'Ana Ruiz', email: 'ana@maple.example' });
});

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const DAY = 24 * 60 * 60 * 1000;

async function audit(values: { action: string; district_id?: number | null; actor_id?: number | null; impersonator_id?: number | null; subject_type?: string | null; subject_id?: number | null; at?: string; ip?: string | null }) {
  return t.db.insertInto('audit_log').values({
    action: values.action, district_id: values.district_id ?? null, actor_id: values.actor_id ?? null, impersonator_id: values.impersonator_id ?? null,
    subject_type: values.subject_type ?? null, subject_id: values.subject_id ?? null, ip: values.ip ?? '203.0.113.9', user_agent: 'Firefox',
    details: null, at: values.at ?? nowIso(),
  }).returning('id').executeTakeFirstOrThrow();
}

describe('who may read admin operations', () => {
  const READS = ['/api/admin/dashboard', '/api/admin/audit', '/api/admin/log?kind=server', '/api/admin/log/server/1', '/api/admin/log-settings'];

  it.each(READS)('401 without login: GET %s', async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(401);
  });

  it.each(READS)('403 for a district user: GET %s', async (path) => {
    const agent = await loginAs(t.app, districtAdmin);
    const res = await agent.get(path);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ADMIN_OPS_MESSAGES.providerOnly);
  });

  it('403 for provider staff while impersonating a district user', async () => {
    const agent = await loginAs(t.app, providerAdmin);
    await agent.post('/api/auth/impersonate').set(csrfHeaders(agent)).send({ user_id: districtAdmin.id }).expect(200);
    expect((await agent.get('/api/admin/audit')).status).toBe(403);
  });

  it('provider-support reads every one of them', async () => {
    const agent = await loginAs(t.app, support);
    for (const path of READS.filter((p) => !p.includes('/log/server/1'))) expect((await agent.get(path)).status).toBe(200);
  });
});

describe('GET /api/admin/audit', () => {
  itRejectsQueries('/api/admin/audit', () => loginAs(t.app, support), [
    ['filter[district_id]=abc', 'filter.district_id', 'District must be an ID.'],
    ['filter[from]=2026-13-01', 'filter.from', 'From must be a date (YYYY-MM-DD).'],
    ['filter[to]=yesterday', 'filter.to', 'To must be a date (YYYY-MM-DD).'],
    ['filter[from]=2026-09-04&filter[to]=2026-09-03', 'filter.to', 'To must be on or after From.'],
    [`filter[actor]=${'x'.repeat(201)}`, 'filter.actor', 'Person must be at most 200 characters.'],
    ['cursor=not!a!cursor', 'cursor', ADMIN_OPS_MESSAGES.cursor],
    ['cursor=bm9wZQ', 'cursor', ADMIN_OPS_MESSAGES.cursor],
    ['per_page=1e9', 'per_page', 'Per page must be a whole number.'],
    ['per_page=101', 'per_page', 'Per page must be at most 100.'],
  ]);

  it('422 for an unknown filter', async () => {
    const agent = await loginAs(t.app, support);
    const res = await agent.get('/api/admin/audit?filter[who]=x');
    expect(res.status).toBe(422);
    expect(res.body.errors.filter[0]).toMatch(/^Unknown filter: who\./);
  });

  it('answers who, what, which record, which district, when and from where; impersonated actions show both people', async () => {
    const district = await t.db.selectFrom('districts').select(['id', 'name']).where('id', '=', districtAdmin.district_id!).executeTakeFirstOrThrow();
    const staff = await buildStaff(t.db, { districtId: district.id, firstName: 'Jordan', lastName: 'Ellis' });
    await t.db.deleteFrom('audit_log').execute();
    await audit({ action: 'staff_updated', district_id: district.id, actor_id: districtAdmin.id, impersonator_id: providerAdmin.id, subject_type: 'staff', subject_id: staff.id, at: '2026-09-01T10:00:00.000Z' });
    const agent = await loginAs(t.app, support);
    const res = await agent.get('/api/admin/audit?filter[action]=staff_updated');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [{
        id: expect.any(Number),
        action: 'staff_updated',
        actor: { id: districtAdmin.id, name: 'Ana Ruiz', email: 'ana@maple.example' },
        impersonator: { id: providerAdmin.id, name: 'Sam Ortega', email: 'sam@coachwell.example' },
        district: { id: district.id, name: district.name },
        subject: { type: 'staff', id: staff.id, label: 'Jordan Ellis' },
        details: null,
        ip: '203.0.113.9',
        user_agent: 'Firefox',
        at: '2026-09-01T10:00:00.000Z',
        sentence: `Sam Ortega (impersonating Ana Ruiz) updated the educator Jordan Ellis in ${district.name}`,
        request: null,
        reads: null,
      }],
      meta: { per_page: 50, next_cursor: null },
    });
  });

  it('filters by district, person (id or part of an email, as actor or impersonator), action and dates', async () => {
    const other = await buildDistrict(t.db);
    const agent = await loginAs(t.app, support);
    await t.db.deleteFrom('audit_log').execute();
    const a = await audit({ action: 'user_invited', district_id: districtAdmin.district_id, actor_id: districtAdmin.id, at: '2026-09-01T10:00:00.000Z' });
    const b = await audit({ action: 'user_invited', district_id: other.id, actor_id: null, at: '2026-09-02T10:00:00.000Z' });
    const c = await audit({ action: 'district_updated', district_id: districtAdmin.district_id, actor_id: districtAdmin.id, impersonator_id: providerAdmin.id, at: '2026-09-03T23:59:59.000Z' });
    const ids = async (qs: string) => (await agent.get(`/api/admin/audit?${qs}`)).body.data.map((e: { id: number }) => e.id);
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    expect(await ids(`filter[district_id]=${other.id}`)).toEqual([b.id]);
    expect(await ids('filter[action]=user_invited')).toEqual([b.id, a.id]);
    expect(await ids(`filter[actor]=${districtAdmin.id}`)).toEqual([c.id, a.id]);
    expect(await ids('filter[actor]=SAM@coachwell')).toEqual([c.id]);
    expect(await ids('filter[actor]=nobody-like-this')).toEqual([]);
    expect(await ids('filter[from]=2026-09-02&filter[to]=2026-09-03')).toEqual([c.id, b.id]);
    expect(await ids('filter[from]=2026-09-04')).toEqual([]);
    expect(await ids('filter[district_id]=999999999')).toEqual([]);
  });

  it('pages newest first by cursor, rows of the same instant included once', async () => {
    await t.db.deleteFrom('audit_log').execute();
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await audit({ action: 'login', at: i < 3 ? '2026-09-01T10:00:00.000Z' : `2026-09-0${i}T10:00:00.000Z` })).id);
    const agent = await loginAs(t.app, support);
    await t.db.deleteFrom('audit_log').where('action', '=', 'login').where('id', 'not in', made).execute();
    const seen: number[] = [];
    let cursor = '';
    for (let guard = 0; guard < 10; guard++) {
      const res = await agent.get(`/api/admin/audit?per_page=2&filter[action]=login${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((e: { id: number }) => e.id));
      if (!res.body.meta.next_cursor) break;
      cursor = res.body.meta.next_cursor;
    }
    expect(seen).toEqual([made[4], made[3], made[2], made[1], made[0]]);
  });
});

describe('recording server errors and security events', () => {
  it('a 500 writes a server_errors row (method, path, status, request id, user agent) and answers X-Request-Id', async () => {
    await t.db.schema.alterTable('plans').renameTo('plans_gone').execute();
    const res = await request(t.app).get('/api/plan?x=1').set('User-Agent', 'TestAgent/1.0');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'server_error' });
    const rows = await written(() => t.db.selectFrom('server_errors').selectAll().execute());
    expect(rows[0]).toMatchObject({ method: 'GET', path: '/api/plan', status: 500, user_agent: 'TestAgent/1.0', request_id: res.headers['x-request-id'] });
    // SQLite's words, or PostgreSQL's.
    expect(rows[0]!.message).toMatch(/no such table: plans|relation "plans" does not exist/);
    expect(rows[0]!.stack).toMatch(/SqliteError|error: relation/);
  });

  it('a failed sign-in writes a security event with the email tried, the user and district', async () => {
    const attempt = await guestAgent(t.app);
    const res = await attempt.post('/api/auth/login').set(csrfHeaders(attempt)).send({ email: 'Ana@Maple.example', password: 'wrong-password', area: 'app' });
    expect(res.status).toBe(422);
    const events = await written(() => t.db.selectFrom('security_events').selectAll().where('kind', '=', 'failed-sign-in').execute());
    expect(events[0]).toMatchObject({ email: 'ana@maple.example', user_id: districtAdmin.id, district_id: districtAdmin.district_id, path: '/api/auth/login', method: 'POST' });
    expect(JSON.parse(events[0]!.details!)).toEqual({ area: 'app', reason: 'wrong_password' });
  });

  it('a rate-limit refusal writes a security event', async () => {
    const limited = await createTestApp({ rateLimits: true });
    const agent = await guestAgent(limited.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await agent.post('/api/auth/password-reset').set(csrfHeaders(agent)).send({ email: 'who@example.org', area: 'app' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const events = await written(() => limited.db.selectFrom('security_events').selectAll().execute());
    expect(events[0]).toMatchObject({ kind: 'rate-limited', email: 'who@example.org', path: '/api/auth/password-reset' });
  });

  it('a CSRF refusal writes a security event', async () => {
    const agent = await loginAs(t.app, districtAdmin);
    const res = await agent.post('/api/auth/logout');
    expect(res.status).toBe(419);
    const events = await written(() => t.db.selectFrom('security_events').selectAll().execute());
    expect(events[0]).toMatchObject({ kind: 'csrf-refused', user_id: districtAdmin.id, path: '/api/auth/logout', method: 'POST' });
  });
});

describe('GET /api/admin/log and /api/admin/log/{kind}/{id}', () => {
  async function seedLogs() {
    const districtId = districtAdmin.district_id!;
    await t.db.insertInto('client_errors').values([
      { user_id: districtAdmin.id, district_id: districtId, message: 'TypeError: x is undefined', stack: 'at Staff (staff.js:1)', url: 'https://app/app/staff', user_agent: 'Chrome', at: '2026-09-01T10:00:00.000Z' },
      { user_id: null, district_id: null, message: 'ChunkLoadError', stack: null, url: null, user_agent: 'Safari', at: '2026-09-02T10:00:00.000Z' },
    ]).execute();
    await t.db.insertInto('server_errors').values({
      message: 'Error: boom', stack: 'Error: boom\n    at handler', method: 'POST', path: '/api/staff', status: 500, user_id: districtAdmin.id,
      impersonator_id: null, district_id: districtId, request_id: 'req-1', ip: '198.51.100.4', user_agent: 'Chrome', at: '2026-09-03T10:00:00.000Z',
    }).execute();
    await t.db.insertInto('security_events').values([
      { kind: 'failed-sign-in', ip: '198.51.100.7', user_agent: 'curl', email: 'ana@maple.example', user_id: districtAdmin.id, district_id: districtId, method: 'POST', path: '/api/auth/login', details: '{"reason":"wrong_password"}', at: '2026-09-04T10:00:00.000Z' },
      { kind: 'csrf-refused', ip: '198.51.100.8', user_agent: 'curl', email: null, user_id: null, district_id: null, method: 'POST', path: '/api/staff', details: null, at: '2026-09-05T10:00:00.000Z' },
    ]).execute();
  }

  itRejectsQueries('/api/admin/log', () => loginAs(t.app, support), [
    ['kind=audit', 'kind', 'Kind must be client, server or security.'],
    ['kind[]=client', 'kind', 'Kind must be client, server or security.'],
    ['filter[security_kind]=burglary', 'filter.security_kind', 'Security kind must be one of failed-sign-in, rate-limited, csrf-refused, database-busy.'],
    ['filter[from]=2026-02-30', 'filter.from', 'From must be a date (YYYY-MM-DD).'],
    ['filter[from]=2026-09-04&filter[to]=2026-09-03', 'filter.to', 'To must be on or after From.'],
    ['filter[district_id]=-1', 'filter.district_id', 'District must be an ID.'],
    ['filter[search][a]=1', 'filter.search', 'Search must be text.'],
    ...PAGE_QUERY_ROWS,
    ['page=0x10', 'page', 'Page must be a whole number.'],
  ]);

  it('lists each kind newest first with user and district, and filters', async () => {
    await seedLogs();
    const agent = await loginAs(t.app, support);
    const client = await agent.get('/api/admin/log?kind=client');
    expect(client.status).toBe(200);
    expect(client.body.meta).toEqual({ page: 1, per_page: 50, total: 2, last_page: 1 });
    expect(client.body.data.map((e: { message: string }) => e.message)).toEqual(['ChunkLoadError', 'TypeError: x is undefined']);
    expect(client.body.data[1]).toMatchObject({ kind: 'client', url: 'https://app/app/staff', user: { id: districtAdmin.id, name: 'Ana Ruiz' }, district: { id: districtAdmin.district_id } });
    const count = async (qs: string) => (await agent.get(`/api/admin/log?${qs}`)).body.meta.total;
    expect(await count('kind=client&filter[search]=typeerror')).toBe(1);
    expect(await count(`kind=client&filter[district_id]=${districtAdmin.district_id}`)).toBe(1);
    expect(await count('kind=client&filter[user]=ana@')).toBe(1);
    expect(await count('kind=client&filter[from]=2026-09-02&filter[to]=2026-09-02')).toBe(1);
    expect(await count('kind=server')).toBe(1);
    expect(await count('kind=server&filter[search]=boom')).toBe(1);
    expect(await count('kind=security')).toBe(2);
    expect(await count('kind=security&filter[security_kind]=csrf-refused')).toBe(1);
    expect(await count('kind=security&filter[search]=ana@maple')).toBe(1);
    expect(await count('kind=client&filter[security_kind]=csrf-refused')).toBe(0);
    const security = await agent.get('/api/admin/log?kind=security');
    expect(security.body.data[1]).toMatchObject({ kind: 'security', security_kind: 'failed-sign-in', message: 'Failed sign-in for ana@maple.example on /api/auth/login', email: 'ana@maple.example', ip: '198.51.100.7' });
  });

  it('404 for an unknown kind, a bad id and a missing row', async () => {
    await seedLogs();
    const agent = await loginAs(t.app, support);
    for (const path of ['/api/admin/log/audit/1', '/api/admin/log/server/abc', '/api/admin/log/server/0', '/api/admin/log/server/999', '/api/admin/log/client/1e3']) {
      const res = await agent.get(path);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(ADMIN_OPS_MESSAGES.logNotFound);
    }
  });

  it('answers the detail: message, stack, user agent, user, district, URL or path, status', async () => {
    await seedLogs();
    const agent = await loginAs(t.app, support);
    const server = await t.db.selectFrom('server_errors').select('id').executeTakeFirstOrThrow();
    const res = await agent.get(`/api/admin/log/server/${server.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: server.id, kind: 'server', message: 'Error: boom', security_kind: null, status: 500, method: 'POST', url: '/api/staff',
      user: { id: districtAdmin.id, name: 'Ana Ruiz', email: 'ana@maple.example' },
      district: { id: districtAdmin.district_id, name: expect.any(String) }, email: null, ip: '198.51.100.4', at: '2026-09-03T10:00:00.000Z',
      stack: 'Error: boom\n    at handler', user_agent: 'Chrome', request_id: 'req-1', details: null,
    });
    const client = await t.db.selectFrom('client_errors').select('id').where('message', 'like', 'TypeError%').executeTakeFirstOrThrow();
    expect((await agent.get(`/api/admin/log/client/${client.id}`)).body).toMatchObject({ stack: 'at Staff (staff.js:1)', user_agent: 'Chrome', url: 'https://app/app/staff' });
    const event = await t.db.selectFrom('security_events').select('id').where('kind', '=', 'failed-sign-in').executeTakeFirstOrThrow();
    expect((await agent.get(`/api/admin/log/security/${event.id}`)).body).toMatchObject({ user_agent: 'curl', details: { reason: 'wrong_password' }, url: '/api/auth/login' });
  });
});

describe('GET/PUT /api/admin/log-settings', () => {
  itRequiresLogin(() => t.app, 'put', '/api/admin/log-settings', () => ({ retention_days: 30 }));

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, providerAdmin);
    expect((await agent.put('/api/admin/log-settings').send({ retention_days: 30 })).status).toBe(419);
  });

  it.each([[6], [731], [30.5], ['30'], [null]])('422 for retention_days %s', async (value) => {
    const agent = await loginAs(t.app, providerAdmin);
    const res = await agent.put('/api/admin/log-settings').set(csrfHeaders(agent)).send({ retention_days: value });
    expectFieldError(res, 'retention_days', ADMIN_OPS_MESSAGES.retentionRange);
  });

  it('403 for a district user and for provider-support', async () => {
    const district = await loginAs(t.app, districtAdmin);
    expect((await district.put('/api/admin/log-settings').set(csrfHeaders(district)).send({ retention_days: 30 })).status).toBe(403);
    const agent = await loginAs(t.app, support);
    const res = await agent.put('/api/admin/log-settings').set(csrfHeaders(agent)).send({ retention_days: 30 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ADMIN_OPS_MESSAGES.providerAdminOnly);
    expect((await agent.get('/api/admin/log-settings')).body).toEqual({ retention_days: 90, can_change: false, updated_at: null });
  });

  it('a provider-admin changes it; it is stored and audited', async () => {
    const agent = await loginAs(t.app, providerAdmin);
    expect((await agent.get('/api/admin/log-settings')).body).toEqual({ retention_days: 90, can_change: true, updated_at: null });
    const res = await agent.put('/api/admin/log-settings').set(csrfHeaders(agent)).send({ retention_days: 30 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ retention_days: 30, can_change: true, updated_at: expect.any(String) });
    const row = await t.db.selectFrom('provider_settings').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key: 'log_retention_days', value: '30', updated_by: providerAdmin.id });
    const audits = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'log_settings_updated').execute();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.details!)).toEqual({ retention_days: { from: 90, to: 30 } });
  });
});

describe('pruning old logs', () => {
  it('deletes only client errors, server errors and security events older than the retention', async () => {
    const agent = await loginAs(t.app, providerAdmin);
    await agent.put('/api/admin/log-settings').set(csrfHeaders(agent)).send({ retention_days: 10 }).expect(200);
    await t.db.deleteFrom('security_events').execute();
    const old = ago(11 * DAY);
    const recent = ago(9 * DAY);
    for (const at of [old, recent]) {
      await t.db.insertInto('client_errors').values({ user_id: null, district_id: null, message: at, stack: null, url: null, user_agent: null, at }).execute();
      await t.db.insertInto('server_errors').values({ message: at, stack: null, method: 'GET', path: '/api/x', status: 500, user_id: null, impersonator_id: null, district_id: null, request_id: 'r', ip: null, user_agent: null, at }).execute();
      await t.db.insertInto('security_events').values({ kind: 'csrf-refused', ip: null, user_agent: null, email: null, user_id: null, district_id: null, method: 'POST', path: '/api/x', details: null, at }).execute();
      await audit({ action: 'login', at });
    }
    expect(await pruneOpsLogs(t.db)).toEqual({ client: 1, server: 1, security: 1 });
    expect(await t.db.selectFrom('client_errors').select('at').execute()).toEqual([{ at: recent }]);
    expect(await t.db.selectFrom('server_errors').select('at').execute()).toEqual([{ at: recent }]);
    expect(await t.db.selectFrom('security_events').select('at').execute()).toEqual([{ at: recent }]);
    expect((await t.db.selectFrom('audit_log').select('at').where('action', '=', 'login').where('at', 'in', [old, recent]).execute()).length).toBe(2);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('answers exact figures on a hand-built data set, each with its link', async () => {
    // Start from nothing but the three users' districts, then build the world by hand.
    const now = Date.now();
    const maple = districtAdmin.district_id!;
    const trialSoon = await buildDistrict(t.db, { name: 'Birch Trial', planKey: 'essentials' });
    const trialLater = await buildDistrict(t.db, { name: 'Cedar Trial', planKey: 'essentials' });
    const suspended = await buildDistrict(t.db, { name: 'Dune Suspended', planKey: 'enterprise' });
    await t.db.updateTable('districts').set({ status: 'trial', trial_ends_at: new Date(now + 3 * DAY).toISOString() }).where('id', '=', trialSoon.id).execute();
    await t.db.updateTable('districts').set({ status: 'trial', trial_ends_at: new Date(now + 20 * DAY).toISOString() }).where('id', '=', trialLater.id).execute();
    await t.db.updateTable('districts').set({ status: 'suspended' }).where('id', '=', suspended.id).execute();
    // Sign-ins: the test logins set last_login_at; set every one by hand.
    await t.db.updateTable('users').set({ last_login_at: null }).execute();
    const coach = await buildUser(t.db, { role: 'coach', districtId: maple });
    const teacher = await buildUser(t.db, { role: 'educator', districtId: maple });
    const gone = await buildUser(t.db, { role: 'educator', districtId: maple, status: 'disabled' });
    await t.db.updateTable('users').set({ last_login_at: ago(2 * DAY) }).where('id', 'in', [coach.id, gone.id]).execute();
    await t.db.updateTable('users').set({ last_login_at: ago(20 * DAY) }).where('id', '=', teacher.id).execute();
    await t.db.updateTable('users').set({ last_login_at: ago(40 * DAY) }).where('id', '=', districtAdmin.id).execute();
    await t.db.insertInto('client_errors').values([
      { user_id: null, district_id: null, message: 'a', stack: null, url: null, user_agent: null, at: ago(60 * 60 * 1000) },
      { user_id: null, district_id: null, message: 'b', stack: null, url: null, user_agent: null, at: ago(2 * DAY) },
    ]).execute();
    await t.db.insertInto('server_errors').values({ message: 'x', stack: null, method: 'GET', path: '/api/x', status: 500, user_id: null, impersonator_id: null, district_id: null, request_id: 'r', ip: null, user_agent: null, at: ago(60_000) }).execute();

    const agent = await loginAs(t.app, support); // sets the support user's last_login_at: provider staff are not counted
    const res = await agent.get('/api/admin/dashboard');
    expect(res.status).toBe(200);
    const districtsTotal = await t.db.selectFrom('districts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const body = res.body;
    expect(body.districts_by_status).toEqual([
      { key: 'trial', label: 'Trial', count: 2, link: '/admin/districts?filter[status]=trial' },
      { key: 'active', label: 'Active', count: Number(districtsTotal.n) - 3, link: '/admin/districts?filter[status]=active' },
      { key: 'suspended', label: 'Suspended', count: 1, link: '/admin/districts?filter[status]=suspended' },
    ]);
    expect(body.districts_by_plan.find((p: { key: string }) => p.key === 'essentials')).toEqual({ key: 'essentials', label: 'Essentials', count: 2, link: '/admin/districts?filter[plan]=essentials' });
    expect(body.districts_by_plan.find((p: { key: string }) => p.key === 'enterprise').count).toBe(1);
    expect(body.trials_ending).toEqual([{ id: trialSoon.id, name: 'Birch Trial', plan: 'Essentials', trial_ends_at: expect.any(String), link: `/admin/districts/${trialSoon.id}` }]);
    expect(body.active_users).toEqual({ last_7_days: 1, last_30_days: 2, link: '/admin/users' });
    expect(body.errors_last_24_hours.client).toMatchObject({ count: 1, link: expect.stringMatching(/^\/admin\/logs\?kind=client&from=\d{4}-\d{2}-\d{2}$/) });
    expect(body.errors_last_24_hours.server).toMatchObject({ count: 1, link: expect.stringMatching(/^\/admin\/logs\?kind=server&from=/) });
    expect(body.interactions_this_week).toEqual({ count: 0, since: expect.stringMatching(/T00:00:00\.000Z$/), link: '/admin/districts?sort=-last_activity' });
    expect(new Date(body.interactions_this_week.since).getUTCDay()).toBe(1);
  });
});

describe('absurd filters never answer 500', () => {
  it.each([
    '/api/admin/audit?filter=abc', '/api/admin/audit?filter[actor][]=x', '/api/admin/audit?cursor[]=x', '/api/admin/audit?filter[action]=%FF',
    '/api/admin/audit?filter[district_id]=99999999999999999999', '/api/admin/audit?per_page=-1&page=abc', '/api/admin/audit?filter[actor]=%25_%5C',
    '/api/admin/log?kind=server&filter[search]=%25', '/api/admin/log?kind=security&filter[user]=__proto__', '/api/admin/log?filter[constructor]=1',
    '/api/admin/log?kind=client&filter[to]=0000-00-00', '/api/admin/log?kind=client&filter[from]=2026-12-31&filter[to]=2026-01-01',
    '/api/admin/log/server/99999999999999999999', '/api/admin/log/%2e%2e/1',
  ])('GET %s', async (path) => {
    const agent = await loginAs(t.app, support);
    const res = await agent.get(path);
    expect([200, 404, 422]).toContain(res.status);
  });
});
