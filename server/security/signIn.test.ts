import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
const LOGIN_FAILURES_PER_ADDRESS = 50, LOGIN_FAILURES_PER_ADDRESS_AND_EMAIL = 10;
import { HashQueue, passwordHashQueue } from '../identity/passwords';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/app';
import { buildUser } from '../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ rateLimits: true });
  t.app.set('trust proxy', true); // so each test can speak from several client addresses
});

/** A guest at a given client address: fetches its XSRF token, then signs in. */
async function from(address: string) {
  const agent = request.agent(t.app);
  await agent.get('/api/auth/user').set('X-Forwarded-For', address);
  const jar = (agent as unknown as { jar: { getCookie: (name: string, opts: unknown) => { value: string } | undefined } }).jar;
  const token = () => decodeURIComponent(jar.getCookie('XSRF-TOKEN', { domain: '127.0.0.1', path: '/', secure: false, script: true })?.value ?? '');
  return {
    login: (email: string, password: string) => agent.post('/api/auth/login')
      .set({ 'X-Forwarded-For': address, 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token() })
      .send({ email, password, area: 'app' }),
  };
}

describe('finding 14: failures lock out the failing address, not the owner', () => {
  it('after 10+ wrong passwords from an attacker, the owner signs in from another address', async () => {
    const owner = await buildUser(t.db);
    const attacker = await from('203.0.113.5');
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS_AND_EMAIL + 3; i++) statuses.push((await attacker.login(owner.email, `guess-number-${i}`)).status);
    expect(statuses.slice(0, LOGIN_FAILURES_PER_ADDRESS_AND_EMAIL).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(LOGIN_FAILURES_PER_ADDRESS_AND_EMAIL)).toEqual([429, 429, 429]);
    // Even the right password is slowed from the failing address…
    const blocked = await attacker.login(owner.email, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // …but the owner, elsewhere, is not locked out.
    const res = await (await from('198.51.100.7')).login(owner.email, TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(owner.email);
  });

  it('successful sign-ins do not count as failures', async () => {
    const owner = await buildUser(t.db);
    const office = await from('198.51.100.8');
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS_AND_EMAIL + 2; i++) expect((await office.login(owner.email, TEST_PASSWORD)).status).toBe(200);
  });
});

describe('finding 13: sign-in cannot be turned against everyone', () => {
  it('limits failed sign-ins per client address across all emails', async () => {
    const attacker = await from('203.0.113.9');
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS + 2; i++) statuses.push((await attacker.login(`nobody${i}@example.org`, 'wrong-password')).status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(LOGIN_FAILURES_PER_ADDRESS);
    expect(statuses.slice(LOGIN_FAILURES_PER_ADDRESS)).toEqual([429, 429]);
    // Refused attempts cost no password hash: only the allowed failures were audited.
    const failures = await t.db.selectFrom('audit_log').select('id').where('action', '=', 'login_failed').execute();
    expect(failures).toHaveLength(LOGIN_FAILURES_PER_ADDRESS);
    // Someone at another address is unaffected.
    const user = await buildUser(t.db);
    expect((await (await from('198.51.100.20')).login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('bounds how many password hashes run at once: excess sign-ins answer 503 with Retry-After', async () => {
    const user = await buildUser(t.db);
    const guest = await from('198.51.100.30');
    // Hold every running slot and every queue place of the shared hash queue.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const held = Array.from({ length: passwordHashQueue.concurrency + passwordHashQueue.maxWaiting }, () => passwordHashQueue.run(() => gate));
    try {
      const res = await guest.login(user.email, TEST_PASSWORD);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: 'Coachwell is busy right now. Please try again in a moment.', code: 'busy' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await t.db.selectFrom('sessions').select('sid').execute()).toHaveLength(0);
    } finally {
      release();
      await Promise.all(held);
    }
    expect((await guest.login(user.email, TEST_PASSWORD)).status).toBe(200);
  });
});

describe('finding 13: the hash queue', () => {
  it('runs at most `concurrency` tasks, queues `maxWaiting`, refuses the rest, and drains in order', async () => {
    const queue = new HashQueue(2, 3);
    const gates: (() => void)[] = [];
    const started: number[] = [];
    const task = (n: number) => () => new Promise<number>((resolve) => { started.push(n); gates[n] = () => resolve(n); });
    const results = [0, 1, 2, 3, 4].map((n) => queue.run(task(n)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.waiting).toBe(3);
    await expect(queue.run(task(5))).rejects.toMatchObject({ status: 503, code: 'busy', headers: { 'Retry-After': expect.any(String) } });
    gates[0]();
    await results[0];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    gates[1](); gates[2]();
    await new Promise((r) => setImmediate(r));
    gates[3](); await new Promise((r) => setImmediate(r)); gates[4]();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(queue.running).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it('a failing task frees its slot', async () => {
    const queue = new HashQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'ok')).toBe('ok');
  });
});
