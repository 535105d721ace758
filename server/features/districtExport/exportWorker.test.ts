// The district export written in a worker thread (issue 32: its memory capped whatever V8 decides). On a database file
// (PostgreSQL under `npm run test:pg`) the job's zip is written by a worker with a connection of its own, and everything
// around it is as in the server's own thread (districtExport.test.ts, on in-memory databases): progress on the row, ready,
// the email, the download and its audit row. A worker that dies mid-export (out of its heap, or ended) fails the export
// with the usual message and email, and leaves neither the half zip nor a staging file. The worker's SQLite connection is
// small and read-only.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DISTRICT_EXPORT_MESSAGES } from '../../../common/schemas/districtExport';
import { bodyAsBytes, createFileTestApp, type FileTestApp, loginAs, postAs, type TestApp } from '../../testing/app';
import { buildBuilding, buildDistrict, buildStaff, buildUser } from '../../testing/factories';
import { insertInteraction } from '../../testing/interactions.fixture';
import { buildType } from '../../testing/interactionTypes.fixture';
import { TaskStopped, workerTasksRunning } from '../../lib/workerTask';
import { openSqlite } from '../../../db/connection';
import { asSmallReader } from '../../../db/dialect';
import { sql } from 'kysely';
import { districtExportsSettled, EXPORT_WORKER_LIMITS, runExport, writesInWorker } from './job';
import { openWorkerReader } from './writer';
import { EXPORT_KINDS } from './kinds';

let f: FileTestApp;

beforeEach(async () => {
  f = await createFileTestApp();
});
afterEach(async () => {
  delete process.env.COACHWELL_TEST_EXPORT_CRASH;
  await districtExportsSettled(f.db);
  await f.close();
});

/** Maple with a school, an administrator, a coach, an educator and three interactions; Cedar beside it. */
async function world() {
  const maple = await buildDistrict(f.db, { name: 'Maple Grove Schools' });
  const school = await buildBuilding(f.db, maple.id, { name: 'Lincoln Middle' });
  const admin = await buildUser(f.db, { role: 'district-admin', districtId: maple.id, name: 'Ada Admin' });
  const coach = await buildUser(f.db, { role: 'coach', districtId: maple.id, name: 'Casey Coach', buildingIds: [school.id] });
  const jordan = await buildStaff(f.db, { districtId: maple.id, buildingId: school.id, firstName: 'Jordan', lastName: 'Mapleton' });
  const type = await buildType({ db: f.db } as TestApp, maple.id, { name: 'Coaching conversation' });
  const interactions = [];
  for (const notes of ['First visit', 'Second visit', 'Third visit']) {
    interactions.push(await insertInteraction(f.db, { districtId: maple.id, typeId: type.id, coachId: coach.id, staff: [{ id: jordan.id }], notes }));
  }
  const cedar = await buildDistrict(f.db, { name: 'Cedar Falls District' });
  await buildUser(f.db, { role: 'district-admin', districtId: cedar.id, name: 'Cedric Cedaradmin' });
  return { maple, admin, interactions };
}

const exportsFolder = () => join(f.config.dataDir, 'exports');

/** Worker threads still running once the one that ended has been reaped (its 'exit' comes a moment after its error). */
async function workersLeft() {
  for (let i = 0; i < 200 && workerTasksRunning() > 0; i++) await new Promise((r) => setTimeout(r, 25));
  return workerTasksRunning();
}

describe('where the zip is written', () => {
  it('in a worker on the server\'s database (a file, or PostgreSQL); in the server\'s thread on an in-memory SQLite database, which no other thread can open', () => {
    expect(writesInWorker({ databaseUrl: null, databaseFile: f.config.databaseFile })).toBe(true);
    expect(writesInWorker({ databaseUrl: 'postgres://db.example/coachwell', databaseFile: ':memory:' })).toBe(true);
    expect(writesInWorker({ databaseUrl: null, databaseFile: ':memory:' })).toBe(false);
    expect(writesInWorker(undefined)).toBe(false);
  });

  it('the worker\'s SQLite connection reads with a 2 MB page cache and cannot write (db/dialect.ts asSmallReader)', async () => {
    // An SQLite file of its own (under test:pg too: the pragmas are SQLite's), with one table and one row.
    const reader = openSqlite(join(f.config.dataDir, 'reader.sqlite'));
    try {
      await sql`create table notes (id integer primary key, body text)`.execute(reader);
      await sql`insert into notes (body) values ('kept')`.execute(reader);
      await asSmallReader(reader, 2);
      expect((await sql<{ cache_size: number }>`pragma cache_size`.execute(reader)).rows).toEqual([{ cache_size: -2048 }]);
      expect((await sql<{ body: string }>`select body from notes`.execute(reader)).rows).toEqual([{ body: 'kept' }]);
      await expect(sql`insert into notes (body) values ('refused')`.execute(reader)).rejects.toThrow('attempt to write a readonly database');
    } finally {
      await reader.destroy();
    }
  });
  it("the worker's own connection to the server's database reads it and cannot write it (SQLite: query_only; PostgreSQL: read-only transactions)", async () => {
    const w = await world();
    const reader = await openWorkerReader({ databaseUrl: null, databaseFile: f.config.databaseFile });
    try {
      const seen = await reader.selectFrom('districts').select('name').where('id', '=', w.maple.id).executeTakeFirstOrThrow();
      expect(seen.name).toBe('Maple Grove Schools');
      await expect(reader.updateTable('districts').set({ name: 'Renamed by the reader' }).where('id', '=', w.maple.id).execute())
        .rejects.toThrow(/readonly database|read-only transaction/);
    } finally {
      await reader.destroy();
    }
    expect((await f.db.selectFrom('districts').select('name').where('id', '=', w.maple.id).executeTakeFirstOrThrow()).name).toBe('Maple Grove Schools');
  });
});

describe('the export written in a worker thread', () => {
  it('202, then ready as before: every kind, its rows counted on the row, 7 days, the email, the zip with its README, the download audited; no staging file left', async () => {
    const w = await world();
    const agent = await loginAs(f.app, w.admin);
    const res = await postAs(agent, '/api/district/export');
    expect(res.status).toBe(202);
    await districtExportsSettled(f.db);
    const status = await agent.get(`/api/district/export/${res.body.id}`);
    expect(status.body).toMatchObject({
      id: res.body.id, status: 'ready', kinds_done: EXPORT_KINDS.length, kinds_total: EXPORT_KINDS.length, error: null,
      download_url: `/api/district/export/${res.body.id}/download`,
    });
    expect(Date.parse(status.body.expires_at) - Date.parse(status.body.finished_at)).toBe(7 * 24 * 60 * 60_000);
    expect(f.mailer.sent.map((m) => [m.to, m.subject])).toEqual([[w.admin.email, 'Your district export is ready']]);
    const row = await f.db.selectFrom('district_exports').select('file_path').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(await readdir(exportsFolder())).toEqual([row.file_path!.slice('exports/'.length)]);

    const download = await bodyAsBytes(agent.get(`/api/district/export/${res.body.id}/download`));
    expect(download.status).toBe(200);
    expect(Number(download.headers['content-length'])).toBe(status.body.size_bytes);
    const files = unzipSync(new Uint8Array(download.body));
    const text = (name: string) => Buffer.from(files[name]!).toString('utf8');
    expect(Object.keys(files).sort()).toEqual(['README.md', ...EXPORT_KINDS.flatMap((k) => [`${k.file}.csv`, `${k.file}.json`])].sort());
    // The row's count is the zip's: every kind's JSON rows added up.
    const rows = EXPORT_KINDS.reduce((sum, k) => sum + (JSON.parse(text(`${k.file}.json`)) as unknown[]).length, 0);
    expect(status.body.rows_done).toBe(rows);
    expect((JSON.parse(text('interactions.json')) as { id: number; notes: string }[]).map((r) => [r.id, r.notes]))
      .toEqual(w.interactions.map((i, n) => [i.id, ['First visit', 'Second visit', 'Third visit'][n]]));
    expect(text('README.md')).toMatch(/^# Maple Grove Schools: all district data\n/);
    expect(text('README.md')).toContain('### interactions.csv, interactions.json (3 rows)');
    expect(Object.keys(files).map(text).join('\n')).not.toContain('Cedar');
    const audit = await f.db.selectFrom('audit_log').select(['action', 'actor_id']).where('action', 'like', 'district_export%').orderBy('id').execute();
    expect(audit).toEqual([{ action: 'district_export_requested', actor_id: w.admin.id }, { action: 'district_export_downloaded', actor_id: w.admin.id }]);
    expect(await workersLeft()).toBe(0);
  });

  for (const [crash, logged] of [
    ['memory', (err: unknown) => expect(err).toEqual(new TaskStopped('memory'))],
    ['exit', (err: unknown) => expect((err as Error).message).toBe('Worker task districtExport.testWorker.ts ended (exit code 7) without an answer.')],
  ] as const) {
    it(`a worker that dies mid-export (${crash === 'memory' ? 'out of its heap' : 'ended'}): failed with the usual message and email, neither the half zip nor a staging file left`, async () => {
      const w = await world();
      const queued = await f.db.insertInto('district_exports')
        .values({ district_id: w.maple.id, requested_by: w.admin.id, status: 'queued', created_at: new Date().toISOString() })
        .returning('id').executeTakeFirstOrThrow();
      process.env.COACHWELL_TEST_EXPORT_CRASH = crash;
      const log: unknown[][] = [];
      const written = await runExport({
        db: f.db, dataDir: f.config.dataDir, appUrl: 'http://coachwell.test', mailer: f.mailer, log: (...args) => log.push(args),
        database: f.config,
        worker: {
          entry: join(import.meta.dirname, 'districtExport.testWorker.ts'),
          limits: { ...EXPORT_WORKER_LIMITS, maxOldGenerationSizeMb: 48 },
        },
      }, queued.id);
      expect(written).toBeNull();
      expect(log).toHaveLength(1);
      expect(log[0]![0]).toBe(`District export ${queued.id} failed:`);
      logged(log[0]![1]);
      const row = await f.db.selectFrom('district_exports').select(['status', 'error', 'file_path', 'kinds_done', 'rows_done'])
        .where('id', '=', queued.id).executeTakeFirstOrThrow();
      // The worker had written a kind and reported it (the test worker checked the half zip and a staging file were there).
      expect(row).toMatchObject({ status: 'failed', error: DISTRICT_EXPORT_MESSAGES.failed, file_path: null });
      expect(row.kinds_done).toBeGreaterThanOrEqual(1);
      expect(row.rows_done).toBeGreaterThanOrEqual(1);
      expect(await readdir(exportsFolder())).toEqual([]);
      expect(f.mailer.sent.map((m) => [m.to, m.subject])).toEqual([[w.admin.email, 'Your district export failed']]);
      const status = await (await loginAs(f.app, w.admin)).get(`/api/district/export/${queued.id}`);
      expect(status.body).toMatchObject({ status: 'failed', error: DISTRICT_EXPORT_MESSAGES.failed });
      expect(status.body.download_url).toBeUndefined();
      expect(await workersLeft()).toBe(0);
    });
  }
});
