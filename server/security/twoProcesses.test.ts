// Two app processes on one database behave as one (issue 15): a session and its XSRF token made on one
// work on the other, what one writes the other answers, and a rate limit counts across both. Two real
// servers (server/main.ts under tsx, as child processes) share one DATABASE_FILE and SESSION_SECRET;
// under `npm run test:pg` the same file name stands for one PostgreSQL database in both children and
// in this test, so nothing here knows which database it talks to.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/freePort';
import { spawnForTest, stopTestChildren, type TestChild } from '../../scripts/testChildren';
import { BAD_CREDENTIALS, LOGIN_FAILURES_PER_ADDRESS_AND_EMAIL } from '../features/auth/routes';
import { prepareDatabase } from '../bootstrap';
import { TEST_PASSWORD } from '../testing/app';
import { buildUser } from '../testing/factories';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SESSION_SECRET = 'two-processes-share-this-secret';
const EMAIL = 'two.processes@example.org';

interface Server {
  name: string;
  url: string;
  child: TestChild;
}

let dir = '';
let a: Server;
let b: Server;

/** One app process on the shared database: node with tsx's loader running server/main.ts. */
async function startServer(name: string, databaseFile: string): Promise<Server> {
  const port = await freePort();
  // Node itself with tsx's loader, in its own process group that ends with this file.
  const child = spawnForTest(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dir, DATABASE_FILE: databaseFile, SESSION_SECRET,
      APP_URL: `http://127.0.0.1:${port}`, PUBLIC_DIR: path.join(dir, 'no-public'), RATE_LIMITS: 'on', SMTP_URL: '', SENTRY_DSN: '',
    },
  });
  const log = child.output;
  const server = { name, url: `http://127.0.0.1:${port}`, child };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!child.running()) throw new Error(`server ${name} exited early:\n${log()}`);
    // Only our own process's answer counts: another test file's server may have taken the port meanwhile.
    if (log().includes('Coachwell is listening on')) {
      try {
        if ((await fetch(`${server.url}/api/health`)).ok) return server;
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) throw new Error(`server ${name} did not become healthy:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A browser's cookies for 127.0.0.1 (any port: cookies do not depend on the port). */
class Browser {
  private readonly cookies = new Map<string, string>();

  async call(server: Server, method: string, url: string, body?: unknown, opts: { xsrf?: boolean } = {}) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (opts.xsrf !== false && method !== 'GET') {
      headers['X-Requested-With'] = 'XMLHttpRequest';
      headers['X-XSRF-TOKEN'] = this.xsrf();
    }
    const res = await fetch(`${server.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) as Record<string, unknown> : {} };
  }

  xsrf(): string {
    return decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-two-'));
  const databaseFile = path.join(dir, 'coachwell.sqlite');
  // Migrated and given a user once, before either process starts.
  const { db } = await prepareDatabase({ databaseFile });
  try {
    await buildUser(db, { role: 'district-admin', email: EMAIL, name: 'Dana Two' });
  } finally {
    await db.destroy();
  }
  // One after the other: each start also runs the (idempotent) migrations and reference data.
  a = await startServer('A', databaseFile);
  b = await startServer('B', databaseFile);
}, 180_000);

afterAll(async () => {
  // The two servers (each one's process group), also when a test failed or timed out.
  await stopTestChildren();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('two app processes on one database', () => {
  it('a session and XSRF token from process A work on process B; what B writes, A answers', async () => {
    const browser = new Browser();
    expect((await browser.call(a, 'GET', '/api/auth/user')).status).toBe(401);
    const login = await browser.call(a, 'POST', '/api/auth/login', { email: EMAIL, password: TEST_PASSWORD, area: 'app' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ email: EMAIL, name: 'Dana Two' });
    expect(browser.has('coachwell_session')).toBe(true);

    const me = await browser.call(b, 'GET', '/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: EMAIL, name: 'Dana Two' });

    // B checks the token the session got on A: without it 419 and nothing changes, with it 200.
    const profile = { name: 'Dana Both', date_locale: 'es', timezone: 'America/New_York' };
    const refused = await browser.call(b, 'PUT', '/api/account/profile', profile, { xsrf: false });
    expect(refused.status).toBe(419);
    expect((await browser.call(a, 'GET', '/api/auth/user')).body).toMatchObject({ name: 'Dana Two' });
    const saved = await browser.call(b, 'PUT', '/api/account/profile', profile);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ email: EMAIL, name: 'Dana Both' });
    expect((await browser.call(a, 'GET', '/api/auth/user')).body).toMatchObject({ email: EMAIL, name: 'Dana Both' });

    // Signing out on B ends the session on A too.
    expect((await browser.call(b, 'POST', '/api/auth/logout')).status).toBe(204);
    expect((await browser.call(a, 'GET', '/api/auth/user')).status).toBe(401);
  });

  it('failed sign-ins count across both processes: some on A, the rest on B, then 429 on both', async () => {
    const browser = new Browser();
    await browser.call(a, 'GET', '/api/auth/user');
    const wrong = { email: EMAIL, password: 'not-the-password', area: 'app' };
    const half = Math.floor(LOGIN_FAILURES_PER_ADDRESS_AND_EMAIL / 2);
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS_AND_EMAIL; i++) {
      // A guest's XSRF token from A is accepted by B: both sign it with the same secret.
      const res = await browser.call(i < half ? a : b, 'POST', '/api/auth/login', wrong);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ errors: { email: [BAD_CREDENTIALS] } });
    }
    const blocked = await browser.call(b, 'POST', '/api/auth/login', wrong);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ message: 'Too many attempts. Please wait a minute and try again.' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Refused before the password is checked, on either process, even with the right one.
    const right = await browser.call(a, 'POST', '/api/auth/login', { ...wrong, password: TEST_PASSWORD });
    expect(right.status).toBe(429);
  });
});
