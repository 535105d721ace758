import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_IDLE_TIMEOUT_MS } from '../../common/constants';
import { DatabaseSessionStore, MAX_SESSIONS_PER_USER } from '../identity/sessions';
import { createTestApp, csrfHeaders, guestAgent, loginAs, TEST_PASSWORD, type TestApp } from '../testing/app';
import { buildUser } from '../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const sessionCount = async () => (await t.db.selectFrom('sessions').select('sid').execute()).length;

function cookieValue(res: request.Response, name: string): string | undefined {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const found = cookies.find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1).split(';')[0]) : undefined;
}

describe('finding 9: guests do not fill the session table', () => {
  it('50 cookieless requests store no session, yet each gets an XSRF token', async () => {
    for (let i = 0; i < 50; i++) {
      const res = await request(t.app).get(i % 2 ? '/api/plan' : '/api/auth/user');
      expect(cookieValue(res, 'XSRF-TOKEN')).toBeTruthy();
    }
    expect(await sessionCount()).toBe(0);
  });

  it('guest calls that pass the CSRF check store no session either (reset, failed login, logout)', async () => {
    const guest = await guestAgent(t.app);
    expect((await guest.post('/api/auth/password-reset').set(csrfHeaders(guest)).send({ email: 'ghost@example.org' })).status).toBe(200);
    expect((await guest.post('/api/auth/login').set(csrfHeaders(guest)).send({ email: 'ghost@example.org', password: 'wrong-password' })).status).toBe(422);
    expect((await guest.post('/api/auth/logout').set(csrfHeaders(guest))).status).toBe(204);
    expect(await sessionCount()).toBe(0);
  });

  it('signing in still works and stores exactly one session; signing out removes it', async () => {
    const user = await buildUser(t.db);
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/login').set(csrfHeaders(agent)).send({ email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(await sessionCount()).toBe(1);
    expect((await agent.get('/api/auth/user')).body.email).toBe(user.email);
    expect((await agent.post('/api/auth/logout').set(csrfHeaders(agent))).status).toBe(204);
    expect(await sessionCount()).toBe(0);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });

  it('a guest token the attacker made up (same value in cookie and header) is 419', async () => {
    const res = await request(t.app).post('/api/auth/password-reset')
      .set('Cookie', 'XSRF-TOKEN=g.attacker.made-this-up')
      .set({ 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': 'g.attacker.made-this-up' })
      .send({ email: 'ghost@example.org' });
    expect(res.status).toBe(419);
    expect(res.body.code).toBe('csrf_token_mismatch');
  });

  it('a valid guest token in the header without the same cookie is 419', async () => {
    const issued = cookieValue(await request(t.app).get('/api/plan'), 'XSRF-TOKEN')!;
    const res = await request(t.app).post('/api/auth/password-reset')
      .set({ 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': issued })
      .send({ email: 'ghost@example.org' });
    expect(res.status).toBe(419);
  });

  it('a guest token with a tampered signature is 419', async () => {
    const issued = cookieValue(await request(t.app).get('/api/plan'), 'XSRF-TOKEN')!;
    const [prefix, nonce, sig] = issued.split('.');
    const forged = `${prefix}.${nonce}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    const res = await request(t.app).post('/api/auth/password-reset')
      .set('Cookie', `XSRF-TOKEN=${forged}`)
      .set({ 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': forged })
      .send({ email: 'ghost@example.org' });
    expect(res.status).toBe(419);
  });

  it('a guest token cannot stand in for a signed-in session\'s token', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    const guestToken = cookieValue(await request(t.app).get('/api/plan'), 'XSRF-TOKEN')!;
    const res = await agent.post('/api/auth/logout').set('Cookie', `XSRF-TOKEN=${guestToken}`)
      .set({ 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': guestToken });
    expect(res.status).toBe(419);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
  });

  it('the table is bounded: expired rows are pruned as sessions are written, and one person keeps a capped number', async () => {
    const user = await buildUser(t.db);
    await t.db.insertInto('sessions').values(Array.from({ length: 30 }, (_, i) => ({
      sid: `expired-${i}`, user_id: null, data: '{}', expires_at: Date.now() - 1000, created_at: new Date().toISOString(),
    }))).execute();
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 3; i++) await loginAs(t.app, user);
    const rows = await t.db.selectFrom('sessions').select(['sid', 'user_id']).execute();
    expect(rows.filter((r) => r.sid.startsWith('expired-'))).toHaveLength(0);
    expect(rows.filter((r) => r.user_id === user.id)).toHaveLength(MAX_SESSIONS_PER_USER);
  });
});

describe('session touch (issue 8): the expiry moves at most once a minute', () => {
  it('two quick requests after sign-in write the session row no more', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    const set = vi.spyOn(DatabaseSessionStore.prototype, 'set');
    const touch = DatabaseSessionStore.prototype.touch ? vi.spyOn(DatabaseSessionStore.prototype, 'touch') : null;
    const before = await t.db.selectFrom('sessions').select(['expires_at', 'data']).executeTakeFirstOrThrow();
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    expect((await agent.get('/api/plan')).status).toBe(200);
    expect(set).not.toHaveBeenCalled();
    expect(touch?.mock.calls.length ?? 0).toBe(0);
    expect(await t.db.selectFrom('sessions').select(['expires_at', 'data']).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('a request more than a minute after the last touch writes the row once and pushes the idle expiry', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    const row = await t.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    const data = JSON.parse(row.data);
    const aMinuteAgo = Date.now() - 61_000;
    data.startedAt = aMinuteAgo;
    data.touchedAt = aMinuteAgo;
    data.cookie.expires = new Date(aMinuteAgo + SESSION_IDLE_TIMEOUT_MS).toISOString();
    await t.db.updateTable('sessions').set({ data: JSON.stringify(data), expires_at: aMinuteAgo + SESSION_IDLE_TIMEOUT_MS }).execute();

    const set = vi.spyOn(DatabaseSessionStore.prototype, 'set');
    const first = await agent.get('/api/auth/user');
    expect(first.status).toBe(200);
    expect(cookieValue(first, 'coachwell_session')).toBeTruthy(); // the browser cookie's expiry moves too
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    expect(set).toHaveBeenCalledTimes(1);
    const after = await t.db.selectFrom('sessions').select('expires_at').executeTakeFirstOrThrow();
    expect(after.expires_at).toBeGreaterThan(aMinuteAgo + SESSION_IDLE_TIMEOUT_MS + 60_000 - 1);
    expect(after.expires_at).toBeLessThanOrEqual(Date.now() + SESSION_IDLE_TIMEOUT_MS);
  });

  it('the idle timeout still ends a session nobody used for two hours', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    await t.db.updateTable('sessions').set({ expires_at: Date.now() - 1 }).execute();
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });
});
