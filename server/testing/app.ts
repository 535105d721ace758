import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Agent, Test } from 'supertest';
import { openSqlite, type DB } from '../../db/connection';
import { createApp } from '../app';
import { prepareDatabase } from '../bootstrap';
import { loadConfig } from '../config';
import { RateLimiter } from '../http/rateLimit';
import { createMemoryMailer } from '../lib/mailer';
import type { User } from '../../db/types';
import { migratedImage } from './databaseImage';

export const TEST_PASSWORD = 'correct-horse-battery';

/**
 * A new migrated database of its own, as `prepareDatabase` makes it: on SQLite an in-memory copy of the one
 * migrated image (server/testing/databaseImage.ts), on PostgreSQL (`npm run test:pg`) a copy of the test
 * server's template database (db/postgres.ts).
 */
async function freshDatabase(config: Parameters<typeof prepareDatabase>[0]): Promise<DB> {
  if (config.databaseUrl || process.env.COACHWELL_TEST_POSTGRES) return (await prepareDatabase(config)).db;
  const db = openSqlite(await migratedImage());
  // Kysely starts its driver on the first query, and destroy() before that closes nothing: a database
  // prepareDatabase made has answered queries already, so this one has too (a test that destroys it then
  // sees a closed database).
  await db.connection().execute(async () => undefined);
  return db;
}

/** A fresh in-memory database and app per call: tests never share state. */
export async function createTestApp(opts: { rateLimits?: boolean; dataDir?: string; env?: NodeJS.ProcessEnv } = {}) {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', ...opts.env }), databaseFile: ':memory:', publicDir: '/nonexistent', appUrl: 'http://coachwell.test',
    // A test writing files (the district export's zips) gives a temporary folder of its own.
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
  };
  const db = await freshDatabase(config);
  const mailer = createMemoryMailer();
  const logged: unknown[] = [];
  const app = createApp({ db, config, mailer, limiter: new RateLimiter(db, opts.rateLimits ?? false), log: (...a) => { logged.push(a); if (process.env.TEST_LOG_ERRORS) console.error(...a); } });
  return { app, db, mailer, logged };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A fresh app and the world a test file starts from, built on it: a file keeps `let t` and `let w` and
 * assigns both before each test, `beforeEach(async () => { ({ t, w } = await appWith(staffWorld)); })`
 * (a world built on the database alone: `appWith((app) => buildGroupsWorld(app.db))`).
 */
export async function appWith<W>(build: (t: TestApp) => Promise<W>, opts: { rateLimits?: boolean } = {}) {
  const t = await createTestApp(opts);
  return { t, w: await build(t) };
}

/**
 * An app on a database file in a new temporary folder, for tests where a second connection (the CLI,
 * another app process) writes to the same database: open it with `openDatabase(config.databaseFile)`.
 * `close()` closes the database and removes the folder (call it in afterEach, so a failed test cleans up too).
 */
export async function createFileTestApp() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-file-test-'));
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), publicDir: '/nonexistent' };
  // The migrated image as the file's first content: prepareDatabase then finds nothing to migrate or seed.
  if (!config.databaseUrl && !process.env.COACHWELL_TEST_POSTGRES) fs.writeFileSync(config.databaseFile, await migratedImage());
  const { db } = await prepareDatabase(config);
  const mailer = createMemoryMailer();
  const app = createApp({ db, config, mailer, limiter: new RateLimiter(db, false), log: () => undefined });
  return {
    app, db, config, mailer,
    close: async () => {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type FileTestApp = Awaited<ReturnType<typeof createFileTestApp>>;

/** A cookie-keeping agent that has fetched its CSRF token, so state-changing calls pass. */
export async function guestAgent(app: TestApp['app']): Promise<Agent & { xsrf: () => string }> {
  const agent = request.agent(app);
  const res = await agent.get('/api/health');
  await agent.get('/api/auth/user');
  void res;
  const withToken = agent as Agent & { xsrf: () => string };
  withToken.xsrf = () => xsrfFrom(agent);
  return withToken;
}

function xsrfFrom(agent: Agent): string {
  // supertest's agent keeps a cookie jar; read XSRF-TOKEN back from it.
  const jar = (agent as unknown as { jar: { getCookie: (name: string, opts: unknown) => { value: string } | undefined } }).jar;
  const cookie = jar.getCookie('XSRF-TOKEN', { domain: '127.0.0.1', path: '/', secure: false, script: true });
  return cookie ? decodeURIComponent(cookie.value) : '';
}

/** Headers every state-changing call of the SPA sends. */
export function csrfHeaders(agent: { xsrf: () => string }) {
  return { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': agent.xsrf() };
}

/**
 * A guest's state-changing call that carries a valid CSRF token, so what answers is the sign-in check (401),
 * not the CSRF one. Without a body nothing is sent.
 */
export async function asGuest(app: TestApp['app'], method: 'post' | 'put' | 'patch' | 'delete', url: string, body?: object) {
  const agent = await guestAgent(app);
  const call = agent[method](url).set(csrfHeaders(agent));
  return body === undefined ? call : call.send(body);
}

export async function loginAs(app: TestApp['app'], user: Pick<User, 'email' | 'district_id'>, password = TEST_PASSWORD) {
  const agent = await guestAgent(app);
  const res = await agent.post('/api/auth/login').set(csrfHeaders(agent))
    .send({ email: user.email, password, area: user.district_id === null ? 'admin' : 'app' });
  if (res.status !== 200) throw new Error(`login as ${user.email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}

/** A signed-in agent, as `loginAs` gives it (it keeps the session cookie and the CSRF token). */
export type TestAgent = Awaited<ReturnType<typeof loginAs>>;

/** The agent's JSON POST / PUT with the CSRF headers (the body defaults to none: `{}`). */
export const postAs = (agent: TestAgent, url: string, body: object = {}) => agent.post(url).set(csrfHeaders(agent)).send(body);
export const putAs = (agent: TestAgent, url: string, body: object) => agent.put(url).set(csrfHeaders(agent)).send(body);

function collected(call: Test, decode: (bytes: Buffer) => unknown) {
  return call.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, decode(Buffer.concat(chunks))));
  });
}

/** The call with its answer's body as the bytes sent (supertest parses only JSON and text itself): PDF, iCalendar, CSV bytes. */
export const bodyAsBytes = (call: Test) => collected(call, (bytes) => bytes);

/** The call with its answer's body as UTF-8 text, whatever its content type (a CSV download). */
export const bodyAsText = (call: Test) => collected(call, (bytes) => bytes.toString('utf8'));

/**
 * Waits for a request while asking `/api/health` every `everyMs` until it answers: the answer, the health
 * statuses that came before it (a server whose event loop is held answers none) and the time taken.
 */
export async function whileHealthAsked<T>(app: TestApp['app'], pending: PromiseLike<T>, everyMs = 100) {
  let answered = false;
  const started = Date.now();
  const answer = Promise.resolve(pending).then((res) => {
    answered = true;
    return res;
  });
  const healthy: number[] = [];
  while (!answered) {
    const health = await request(app).get('/api/health');
    if (!answered) healthy.push(health.status);
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return { res: await answer, healthy, ms: Date.now() - started };
}
