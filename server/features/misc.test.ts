import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, guestAgent, loginAs, type TestApp } from '../testing/app';
import { expectFieldError } from '../testing/checks';
import { buildUser } from '../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('GET /api/health', () => {
  it('answers ok while the database is reachable', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers 503 when it is not', async () => {
    await t.db.destroy();
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(503);
  });
});

describe('GET /api/plan', () => {
  it('lists the three plans with USD cent prices and features, for guests', async () => {
    const res = await request(t.app).get('/api/plan');
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { key: string }) => p.key)).toEqual(['essentials', 'professional', 'enterprise']);
    expect(res.body.data[1]).toMatchObject({ name: 'Professional', price_per_seat_cents: 95000 });
    expect(res.body.data[2].features).toContainEqual({ key: 'sso', label: 'Single sign-on' });
  });
});

describe('POST /api/client-error', () => {
  it('419 without the CSRF token', async () => {
    expect((await request(t.app).post('/api/client-error').send({ message: 'x' })).status).toBe(419);
  });

  it('422 without a message', async () => {
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/client-error').set(csrfHeaders(agent)).send({ message: '' });
    expectFieldError(res, 'message', 'Message is required.');
  });

  it('413 for a body over the size limit, nothing stored', async () => {
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/client-error').set(csrfHeaders(agent)).send({ message: 'x', stack: 'y'.repeat(20_000) });
    expect(res.status).toBe(413);
    expect(await t.db.selectFrom('client_errors').selectAll().execute()).toHaveLength(0);
  });

  it('stores the error with the user and district', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    const res = await agent.post('/api/client-error').set(csrfHeaders(agent)).send({ message: 'TypeError: boom', stack: 'at x', url: 'http://localhost/app' });
    expect(res.status).toBe(201);
    const rows = await t.db.selectFrom('client_errors').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: 'TypeError: boom', stack: 'at x', user_id: user.id, district_id: user.district_id });
  });

  it('429 past the rate limit', async () => {
    const limited = await createTestApp({ rateLimits: true });
    const agent = await guestAgent(limited.app);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await agent.post('/api/client-error').set(csrfHeaders(agent)).send({ message: `e${i}` })).status);
    expect(statuses.at(-1)).toBe(429);
    expect(await limited.db.selectFrom('client_errors').selectAll().execute()).toHaveLength(20);
  });
});

describe('the HTTP shell', () => {
  it('answers unknown API paths with 404 JSON', async () => {
    const res = await request(t.app).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No API endpoint GET /api/nope.', code: 'not_found' });
  });

  it('answers malformed JSON with 400', async () => {
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/login').set(csrfHeaders(agent)).set('Content-Type', 'application/json').send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bad_request');
  });

  it('sends a strict Content-Security-Policy without inline scripts', async () => {
    const res = await request(t.app).get('/api/health');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('marks the session cookie HttpOnly and SameSite=Lax, the XSRF cookie readable', async () => {
    const user = await buildUser(t.db);
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/login').set(csrfHeaders(agent)).send({ email: user.email, password: 'correct-horse-battery' });
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = cookies.find((c) => c.startsWith('coachwell_session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(xsrf).not.toMatch(/HttpOnly/);
  });
});

describe('TRUST_PROXY', () => {
  it('a whole number is a hop count, true trusts every hop, anything else is an address list', async () => {
    const { trustProxySetting } = await import('../app');
    expect(trustProxySetting('1')).toBe(1);
    expect(trustProxySetting(' 2 ')).toBe(2);
    expect(trustProxySetting('true')).toBe(true);
    expect(trustProxySetting('loopback, uniquelocal')).toBe('loopback, uniquelocal');
  });
});
