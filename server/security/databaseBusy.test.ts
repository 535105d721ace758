import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DB } from '../../db/connection';
import { migrateToLatest } from '../../db/migrator';
import { seedReference } from '../../db/seeds/reference';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { RateLimiter } from '../http/rateLimit';
import { createMemoryMailer } from '../lib/mailer';
import { csrfHeaders, loginAs } from '../testing/app';
import { buildUser } from '../testing/factories';

const dirs: string[] = [];
const open: { db: DB; locker: SQLite.Database }[] = [];
afterEach(async () => {
  for (const { db, locker } of open.splice(0)) {
    if (locker.inTransaction) locker.exec('ROLLBACK');
    locker.close();
    await db.destroy();
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** An app on a file database (WAL), plus a second connection — another process, the CLI, a backup — to hold the write lock. */
async function fileApp(retryForMs: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-busy-'));
  dirs.push(dir);
  const file = path.join(dir, 'coachwell.sqlite');
  let busy = 0;
  const db = openDatabase(file, { retryForMs, onBusy: () => { busy += 1; } });
  await migrateToLatest(db);
  await seedReference(db);
  const config = { ...loadConfig({ NODE_ENV: 'test' }), databaseFile: file, publicDir: '/nonexistent', appUrl: 'http://coachwell.test' };
  const app = createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: () => {} });
  const locker = new SQLite(file);
  open.push({ db, locker });
  return { app, db, locker, busyCount: () => busy };
}

const profile = { name: 'Renamed While Locked', date_locale: 'en-US', timezone: 'America/Chicago' };

describe('finding 15: another writer does not freeze the server [SQLite]', () => {
  it('while another connection holds the write lock, health answers and a write waits off the event loop, then succeeds', async () => {
    const t = await fileApp(60_000);
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);

    t.locker.exec('BEGIN IMMEDIATE');
    let writeDone = false;
    const write = agent.put('/api/account/profile').set(csrfHeaders(agent)).send(profile)
      .then((res) => { writeDone = true; return res; });
    // The write has met the lock and is retrying on timers: the event loop keeps turning.
    let ticks = 0;
    const ticker = setInterval(() => { ticks += 1; }, 1);
    try {
      await vi.waitFor(() => expect(t.busyCount()).toBeGreaterThanOrEqual(3), { timeout: 15_000, interval: 5 });
      expect(ticks).toBeGreaterThan(0);
      const health = await request(t.app).get('/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: 'ok' });
      // Reads do not wait for the writer either.
      expect((await agent.get('/api/auth/user')).status).toBe(200);
      expect(writeDone).toBe(false);
    } finally {
      clearInterval(ticker);
      t.locker.exec('COMMIT');
    }
    const res = await write;
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(profile.name);
    const row = await t.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe(profile.name);
  });

  it('a write that cannot get the lock within the retry bound answers 503 with Retry-After', async () => {
    const t = await fileApp(150);
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    t.locker.exec('BEGIN IMMEDIATE');
    try {
      const res = await agent.put('/api/account/profile').set(csrfHeaders(agent)).send(profile);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: 'Coachwell is busy right now. Please try again in a moment.', code: 'busy' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect((await request(t.app).get('/api/health')).status).toBe(200);
    } finally {
      t.locker.exec('COMMIT');
    }
    expect((await agent.put('/api/account/profile').set(csrfHeaders(agent)).send(profile)).status).toBe(200);
  });

  it('a transaction takes the write lock up front and waits for it the same way', async () => {
    const t = await fileApp(60_000);
    t.locker.exec('BEGIN IMMEDIATE');
    const done = t.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('plans').select('id').execute();
      await trx.updateTable('plans').set({ name: 'Essentials' }).where('key', '=', 'essentials').execute();
      return before.length;
    });
    await vi.waitFor(() => expect(t.busyCount()).toBeGreaterThanOrEqual(2), { timeout: 15_000, interval: 5 });
    // Meanwhile, other queries on the same connection still run.
    expect((await t.db.selectFrom('plans').select('id').execute()).length).toBe(3);
    t.locker.exec('COMMIT');
    expect(await done).toBe(3);
  });
});
