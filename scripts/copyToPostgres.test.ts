// npm run cli -- copy-to-postgres (issue 15), on the demo data. Needs a PostgreSQL server on both suites:
// under `npm run test:pg` a fresh database on COACHWELL_TEST_POSTGRES, under `npm test` a throwaway server
// of its own (scripts/postgresServer.ts, Debian's postgresql package).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../db/connection';
import { migrateToLatest } from '../db/migrator';
import { openPostgres, withDatabase } from '../db/postgres';
import { DEMO_PASSWORD } from '../db/seeds/demo';
import { seedReference } from '../db/seeds/reference';
import type { Database } from '../db/types';
import { createApp } from '../server/app';
import { prepareDatabase, runDemoSeed } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { RateLimiter } from '../server/http/rateLimit';
import { createDistrict } from '../server/identity/accounts';
import { createMemoryMailer } from '../server/lib/mailer';
import { loginAs } from '../server/testing/app';
import { startThrowawayPostgres, type ThrowawayServer } from './postgresServer';
import { runCli } from './cli';
import { appTables } from './copyToPostgres';

let server: ThrowawayServer | undefined;
let serverUrl: string;
let admin: pg.Client;
let dataDir: string;
let sourceFile: string;
const databases: string[] = [];
const opened: Kysely<Database>[] = [];
let lines: string[] = [];

const run = async (...args: string[]) => {
  lines = [];
  return runCli(args, (line) => lines.push(line));
};
const output = () => lines.join('\n');

async function freshDatabase(): Promise<string> {
  const name = `copy_${process.pid}_${databases.length + 1}`;
  await admin.query(`create database ${name}`);
  databases.push(name);
  return withDatabase(serverUrl, name);
}

function target(url: string): Kysely<Database> {
  const db = openPostgres(url, { max: 2 });
  opened.push(db);
  return db;
}

/** The app on the copy, as `npm start` with DATABASE_URL would open it. */
async function appOn(url: string) {
  const config = { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: url, publicDir: '/nonexistent', appUrl: 'http://coachwell.test' };
  const { db } = await prepareDatabase(config);
  opened.push(db);
  return createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: () => {} });
}

function sqliteCounts(): Record<string, number> {
  const source = new SQLite(sourceFile, { readonly: true });
  try {
    return Object.fromEntries(appTables(source).map(({ name }) => [name, (source.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]));
  } finally {
    source.close();
  }
}

async function postgresCounts(db: Kysely<Database>, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = rows[0]!.n;
  }
  return counts;
}

function sqliteRows(query: string, ...params: unknown[]): Record<string, unknown>[] {
  const source = new SQLite(sourceFile, { readonly: true });
  try {
    return source.prepare(query).all(...params) as Record<string, unknown>[];
  } finally {
    source.close();
  }
}

beforeAll(async () => {
  if (!process.env.COACHWELL_TEST_POSTGRES) server = await startThrowawayPostgres();
  serverUrl = process.env.COACHWELL_TEST_POSTGRES ?? server!.url;
  admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-copy-'));
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_FILE;
  // The demo district in an SQLite file (openSqlite: under test:pg too, the source is SQLite).
  sourceFile = path.join(dataDir, 'coachwell.sqlite');
  const db = openSqlite(sourceFile);
  await migrateToLatest(db);
  await seedReference(db);
  await runDemoSeed(db);
  await db.destroy();
});

afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy().catch(() => {})));
  // A pool's end() resolves before its connections have closed: wait for them rather than have
  // `with (force)` kill one mid-goodbye (an unhandled error in the pool's client).
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = any($1)', [databases]);
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
  await admin?.end();
  server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  delete process.env.DATA_DIR;
});

describe('npm run cli -- copy-to-postgres (issue 15)', () => {
  describe('into a new, empty database', () => {
    let url: string;
    let code: number;
    let copyOutput: string[];
    beforeAll(async () => {
      url = await freshDatabase();
      code = await run('copy-to-postgres', '--to', url);
      copyOutput = lines;
    });

    it('copies every table with the same number of rows, one line per table and a summary', async () => {
      expect(code, copyOutput.join('\n')).toBe(0);
      const counts = sqliteCounts();
      const tables = Object.keys(counts);
      expect(tables).toContain('interactions');
      expect(tables).toContain('change_versions');
      expect(tables.filter((t) => /_search|^sqlite_|^kysely_/.test(t))).toEqual([]);
      // The demo's four districts at realistic volumes (issue 26): hundreds of interactions, not thousands.
      expect(counts.interactions).toBeGreaterThan(500);
      expect(await postgresCounts(target(url), tables)).toEqual(counts);
      for (const table of tables) expect(copyOutput).toContain(`${table.padEnd(32)} ${String(counts[table]).padStart(9)}`);
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      expect(copyOutput.at(-1)).toMatch(new RegExp(`^Copied ${total} rows in ${tables.length} tables from ${sourceFile.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} to postgres://\\S+ in one transaction \\([\\d.]+ s\\); every table's row count matches\\.$`));
    });

    it('keeps the rows as they were: ids, text, JSON text, counters', async () => {
      const db = target(url);
      expect(await db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(sqliteRows('select * from users order by id'));
      const [interaction] = sqliteRows('select * from interactions where notes is not null order by id desc limit 1');
      expect(await db.selectFrom('interactions').selectAll().where('id', '=', interaction!.id as number).execute()).toEqual([interaction]);
      const quotes = sqliteRows('select * from quotes order by id');
      expect(quotes.length).toBeGreaterThan(0);
      expect(JSON.parse(quotes[0]!.line_items as string)).toBeInstanceOf(Array);
      expect(await db.selectFrom('quotes').selectAll().orderBy('id').execute()).toEqual(quotes);
      expect(await db.selectFrom('change_versions').selectAll().orderBy('scope').execute()).toEqual(sqliteRows('select * from change_versions order by scope'));
    });

    it('moves every identity sequence past the copied ids: a new row gets the next id', async () => {
      const db = target(url);
      const [{ maxId, districtId }] = sqliteRows('select max(id) as maxId, min(district_id) as districtId from staff') as { maxId: number; districtId: number }[];
      const now = new Date().toISOString();
      const row = await db.insertInto('staff').values({
        district_id: districtId, first_name: 'New', last_name: 'Teacher', email: null, employee_id: null, position: null,
        grade_levels: '[]', subjects: '[]', hire_date: null, status: 'active', user_id: null, created_at: now, updated_at: now,
      })
        .returning('id').executeTakeFirstOrThrow();
      expect(row.id).toBe(maxId + 1);
      const [{ maxActivity }] = sqliteRows('select max(id) as maxActivity from activities') as { maxActivity: number }[];
      const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('activities', 'id')) as id`.execute(db);
      expect(rows[0]!.id).toBe(maxActivity + 1);
    });

    it('serves the demo logins from an app started on the copy', async () => {
      const app = await appOn(url);
      const agent = await loginAs(app, { email: 'admin@cedarfalls.example', district_id: 1 }, DEMO_PASSWORD);
      const res = await agent.get('/api/auth/user');
      expect(res.status).toBe(200);
      expect(res.body.email).toBe('admin@cedarfalls.example');
      expect(res.body.security.roles).toEqual(['district-admin']);
      expect(res.body.district.name).toMatch(/^Cedar Falls/);
    });

    it('refuses to copy into it again and changes nothing', async () => {
      const db = target(url);
      const tables = Object.keys(sqliteCounts());
      const before = await postgresCounts(db, tables);
      const staffBefore = await db.selectFrom('staff').select(['id', 'last_name']).orderBy('id').execute();
      expect(await run('copy-to-postgres', '--to', url)).toBe(1);
      expect(output()).toMatch(/^Error: postgres:\/\/\S+ already holds data: [a-z_]+ \(\d+ rows\)/);
      expect(output()).toContain('districts (4 rows)'); // the four demo districts
      expect(output()).toContain('it never merges into or overwrites one. Nothing was changed.');
      expect(await postgresCounts(db, tables)).toEqual(before);
      expect(await db.selectFrom('staff').select(['id', 'last_name']).orderBy('id').execute()).toEqual(staffBefore);
    });
  });

  it('copies into a database the app has already started on (schema and reference data, no district)', async () => {
    const url = await freshDatabase();
    const { db } = await prepareDatabase({ databaseUrl: url, databaseFile: 'unused' });
    opened.push(db);
    expect(await run('copy-to-postgres', '--to', url)).toBe(0);
    const counts = sqliteCounts();
    expect(await postgresCounts(db, Object.keys(counts))).toEqual(counts);
  });

  it('refuses a database where a district was created, naming what it holds, and changes nothing', async () => {
    const url = await freshDatabase();
    const { db } = await prepareDatabase({ databaseUrl: url, databaseFile: 'unused' });
    opened.push(db);
    await createDistrict(db, { name: 'Elm Park Schools', state: 'NY', planKey: 'essentials' });
    const tables = Object.keys(sqliteCounts());
    const before = await postgresCounts(db, tables);
    expect(await run('copy-to-postgres', '--to', url)).toBe(1);
    expect(output()).toContain(`Error: ${url} already holds data: `);
    expect(output()).toContain('districts (1 rows)');
    expect(await postgresCounts(db, tables)).toEqual(before);
    expect(await db.selectFrom('districts').select('name').execute()).toEqual([{ name: 'Elm Park Schools' }]);
  });

  it('rolls the whole copy back when a table\'s row count differs, naming the table', async () => {
    const url = await freshDatabase();
    const { db } = await prepareDatabase({ databaseUrl: url, databaseFile: 'unused' });
    opened.push(db);
    const tables = Object.keys(sqliteCounts());
    const before = await postgresCounts(db, tables);
    // A trigger that silently drops every other activity (nothing references activities).
    await sql`create function drop_odd_activities() returns trigger language plpgsql as $$
      begin if new.id % 2 = 1 then return null; end if; return new; end $$`.execute(db);
    await sql`create trigger drop_odd_activities before insert on activities for each row execute function drop_odd_activities()`.execute(db);
    const activities = sqliteCounts().activities!;
    const kept = (sqliteRows('select count(*) as n from activities where id % 2 = 0')[0] as { n: number }).n;
    expect(await run('copy-to-postgres', '--to', url)).toBe(1);
    expect(output()).toBe(`Error: Row counts differ for activities: ${activities} in SQLite, ${kept} in PostgreSQL. Rolled back: nothing was copied; the target is as the migrations left it.`);
    expect(await postgresCounts(db, tables)).toEqual(before);
    expect(before.users).toBe(0);
  });

  it.each([
    [[], 'Error: Missing --to.'],
    [['--to', ''], 'Error: Missing --to.'],
    [['--to', 'mysql://coachwell@127.0.0.1/coachwell'], 'Error: --to must be a postgres:// address such as postgres://user@host:5432/coachwell, got "mysql://coachwell@127.0.0.1/coachwell".'],
    [['--to', 'postgres://'], 'Error: --to must be a postgres:// address such as postgres://user@host:5432/coachwell, got "postgres://".'],
    [['--to', '/var/lib/coachwell.sqlite'], 'Error: --to must be a postgres:// address such as postgres://user@host:5432/coachwell, got "/var/lib/coachwell.sqlite".'],
  ])('refuses %j before touching either database', async (args, message) => {
    const before = fs.statSync(sourceFile).mtimeMs;
    expect(await run('copy-to-postgres', ...args)).toBe(1);
    expect(output()).toBe(message);
    expect(fs.statSync(sourceFile).mtimeMs).toBe(before);
  });

  it('refuses when there is no SQLite database to copy, and creates none', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-copy-empty-'));
    process.env.DATA_DIR = empty;
    try {
      expect(await run('copy-to-postgres', '--to', `${serverUrl}`)).toBe(1);
      expect(output()).toBe(`Error: No database at ${path.join(empty, 'coachwell.sqlite')}.`);
      expect(fs.readdirSync(empty)).toEqual([]);
    } finally {
      process.env.DATA_DIR = dataDir;
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
