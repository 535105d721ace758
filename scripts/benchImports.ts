// The staff import on a file database: a 10 000-row CSV uploaded (parsed and recorded), previewed and
// run (wall and CPU time), beside raw inserts of the same rows (better-sqlite3 prepared statements in
// one transaction), the search index fed by its per-row triggers or, as the import does, in one
// statement (the floor); then a 50 000-row import and the raw insert each in a compiled child process
// of its own, for their peak memory (max RSS). Run by `npm run bench` (BENCH_SKIP=imports skips it) or
// alone: `npx tsx scripts/benchImports.ts` (`… timing [rows]` for the timings only).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { nowIso } from '../db/connection';
import { STAFF_BULK_TRIGGERS, STAFF_SEARCH_ROW } from '../db/dialect';
import { prepareDatabase } from '../server/bootstrap';
import { findImport } from '../server/features/imports/queries';
import { createImport, previewStaffImport, runStaffImport, saveMapping } from '../server/features/imports/service';
import { readTable } from '../server/features/imports/sources';
import { createDistrict, createUser } from '../server/identity/accounts';
import { type BenchDatabase, benchDatabase, benchPostgres } from './benchLib';

const SCHOOLS = ['Lincoln Elementary', 'Washington Middle', 'Roosevelt High', 'Jefferson Elementary', 'Madison Middle'];
const HEADER = 'Employee ID,First name,Last name,Email,School,Position,Grades,Subjects,Hire date';

function csvOf(rows: number): string {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    lines.push(`E${100000 + i},First${i},Last${i},person${i}@bench.example,${SCHOOLS[i % SCHOOLS.length]},Classroom Teacher,"${(i % 12) + 1}",Mathematics,2020-08-${String((i % 28) + 1).padStart(2, '0')}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Resident memory once the world is set up, before the measured work: what the process holds anyway. */
let readyRssMb = 0;

async function world(target: BenchDatabase) {
  const { db } = await prepareDatabase({ databaseFile: target.databaseFile, databaseUrl: target.databaseUrl });
  const districtId = await createDistrict(db, { name: 'Bench Imports District', state: 'TX', planKey: 'enterprise', status: 'active' });
  const now = nowIso();
  for (const name of SCHOOLS) await db.insertInto('buildings').values({ district_id: districtId, name, code: null, grade_band: null, created_at: now, updated_at: now, deleted_at: null }).execute();
  const admin = await createUser(db, { districtId, email: 'bench-admin@bench.example', name: 'Bench Admin', roles: ['district-admin'], password: 'bench-password-123' });
  readyRssMb = Math.round(process.memoryUsage().rss / 2 ** 20);
  return { db, districtId, actor: { districtId, userId: admin.id, impersonatorId: null, ip: null, userAgent: null } };
}

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
/** Wall and CPU time (user + system, this process) since `start()`: on a shared machine the wall time is mostly waiting for a core. */
function start() {
  const wall = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return { wall: ms(wall), cpu: (used.user + used.system) / 1000 };
  };
}
type Took = ReturnType<ReturnType<typeof start>>;
const OPTIONS = { full_sync: false, skip_invalid: false, create_missing_schools: false, send_invites: false };

/** Upload, preview and run of `rows` rows; times in ms. */
async function importOnce(target: BenchDatabase, rows: number, csvFile?: string) {
  const { db, districtId, actor } = await world(target);
  // The file's bytes, as an upload hands them over (the memory child reads the file its parent wrote).
  const bytes = csvFile ? fs.readFileSync(csvFile) : new TextEncoder().encode(csvOf(rows));
  let t = start();
  const id = await createImport(db, actor, 'staff', await readTable([{ name: 'bench.csv', bytes }], 'bench.csv'));
  const upload = t();
  if (process.env.BENCH_PHASES) console.error('after upload', Math.round(process.resourceUsage().maxRSS / 1024), 'MB', Math.round(process.memoryUsage().heapUsed / 1e6));
  const pending = (await findImport(db, districtId, id))!;
  await saveMapping(db, districtId, pending, JSON.parse(pending.mapping) as Record<string, string>, OPTIONS);
  t = start();
  const preview = await previewStaffImport(db, districtId, (await findImport(db, districtId, id))!);
  const previewTook = t();
  if (process.env.BENCH_PHASES) console.error('after preview', Math.round(process.resourceUsage().maxRSS / 1024), 'MB', Math.round(process.memoryUsage().heapUsed / 1e6));
  if (preview.counts.new !== rows) throw new Error(`preview planned ${preview.counts.new} new of ${rows}`);
  t = start();
  await runStaffImport(db, actor, (await findImport(db, districtId, id))!, undefined, process.env.BENCH_PHASES ? {
    afterRow: (i) => {
      if (i % 5000 === 0) { const m = process.memoryUsage(); console.error('run row', i, 'rss', Math.round(m.rss / 2 ** 20), 'heap', Math.round(m.heapUsed / 2 ** 20), '/', Math.round(m.heapTotal / 2 ** 20), 'ext', Math.round(m.external / 2 ** 20), 'max', Math.round(process.resourceUsage().maxRSS / 1024)); }
    },
  } : {});
  const run = t();
  const done = (await findImport(db, districtId, id))!;
  if (done.created_count !== rows) throw new Error(`imported ${done.created_count} of ${rows}`);
  await db.destroy();
  await target.drop();
  return { upload, preview: previewTook, run };
}

/**
 * The floor: the same educators and their school rows with prepared statements in one transaction, the
 * search index and change version fed by their per-row triggers (`triggers`), or, as the import does it,
 * with those triggers set aside and the index fed by one INSERT … SELECT (`bulk`).
 */
async function rawInsert(target: BenchDatabase, rows: number, mode: 'triggers' | 'bulk'): Promise<Took> {
  const { db, districtId } = await world(target);
  await db.destroy();
  const sqlite = new SQLite(target.databaseFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  const schoolIds = (sqlite.prepare('select id from buildings where district_id = ? order by id').all(districtId) as { id: number }[]).map((r) => r.id);
  const insertStaff = sqlite.prepare(`insert into staff (district_id, first_name, last_name, email, employee_id, position, grade_levels, subjects, hire_date, status, user_id, created_at, updated_at)
    values (?, ?, ?, ?, ?, 'Classroom Teacher', ?, '["Mathematics"]', '2020-08-15', 'active', null, ?, ?)`);
  const insertRow = sqlite.prepare('insert into staff_buildings (district_id, staff_id, building_id, start_date, end_date, created_at) values (?, ?, ?, ?, null, ?)');
  const triggers = mode === 'bulk'
    ? sqlite.prepare(`select name, sql from sqlite_master where type = 'trigger' and name in (${STAFF_BULK_TRIGGERS.map(() => '?').join(', ')})`).all(...STAFF_BULK_TRIGGERS) as { name: string; sql: string }[]
    : [];
  const t = start();
  const now = nowIso();
  sqlite.transaction(() => {
    for (const trigger of triggers) sqlite.exec(`drop trigger ${trigger.name}`);
    const ids: number[] = [];
    for (let i = 0; i < rows; i++) {
      const { lastInsertRowid } = insertStaff.run(districtId, `First${i}`, `Last${i}`, `person${i}@bench.example`, `E${100000 + i}`, `["${(i % 12) + 1}"]`, now, now);
      insertRow.run(districtId, lastInsertRowid, schoolIds[i % schoolIds.length], '2026-08-15', now);
      ids.push(Number(lastInsertRowid));
    }
    if (mode === 'bulk') {
      for (const trigger of triggers) sqlite.exec(trigger.sql);
      sqlite.prepare(`insert into staff_search (rowid, name, email, employee_id, starts) select ${STAFF_SEARCH_ROW} from staff where id in (select value from json_each(?))`).run(JSON.stringify(ids));
      sqlite.exec(`update change_versions set version = version + 1 where scope = 'staff'`);
    }
  })();
  const took = t();
  sqlite.close();
  await target.drop();
  return took;
}

/** A fresh database (an SQLite file, or under BENCH_POSTGRES a PostgreSQL database: scripts/benchLib.ts). */
const tmp = () => benchDatabase('imports');

/**
 * Runs this script in a child process in one mode; answers its JSON line. The child runs compiled, as
 * the server does (`npm start` runs dist/server.js, bundled by esbuild): under tsx the same process
 * starts at ~150 MB instead of ~60 MB (the loader and its compiled sources), which says nothing about
 * the import. The bundle goes to dist/bench/ (packages resolve from node_modules).
 */
async function child(mode: 'memory-import' | 'memory-raw', rows: number): Promise<{ maxRssMb: number; readyRssMb: number; ms: number }> {
  // Loaded here only: the child itself never needs it.
  const esbuild = await import('esbuild');
  const root = path.resolve(import.meta.dirname, '..');
  const outfile = path.join(root, 'dist/bench/benchImports.mjs');
  esbuild.buildSync({
    absWorkingDir: root, entryPoints: [path.join(import.meta.dirname, 'benchImports.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20',
    external: ['better-sqlite3', 'pg', 'pg-native', '@sentry/node', 'esbuild'], logLevel: 'warning',
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  const csvFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-bench-imports-csv-')), 'bench.csv');
  fs.writeFileSync(csvFile, csvOf(rows));
  const out = spawnSync(process.execPath, [outfile, mode, String(rows), csvFile], {
    cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'test', SCRYPT_N: '1024' },
  });
  if (out.status !== 0) throw new Error(`bench child failed: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split('\n').at(-1)!) as { maxRssMb: number; readyRssMb: number; ms: number };
}

export async function benchImports(): Promise<string[]> {
  const rows = 10_000;
  const timed = await importOnce(await tmp(), rows);
  const f = (n: number) => `${Math.round(n)} ms`;
  const both = (took: Took) => `${f(took.wall)} (CPU ${f(took.cpu)})`;
  if (benchPostgres()) {
    // The floors are better-sqlite3 prepared statements on the file: SQLite only. The CPU times are this
    // process's (the app's side); PostgreSQL's own work runs in its server processes.
    const big = await child('memory-import', 50_000);
    return [
      `| staff CSV of ${rows.toLocaleString('en-US')} rows: upload (decode, parse, record every row) | ${both(timed.upload)} |`,
      `| … preview (match against the roster, every row's errors written) (goal ≤ 1 s) | ${both(timed.preview)} |`,
      `| … run (one transaction: educators, school rows, outcomes, audit) (goal ≤ 2 s) | ${both(timed.run)} |`,
      `| staff CSV of 50,000 rows: upload + preview + run, peak memory of the compiled process (goal < 200 MB) | ${big.maxRssMb} MB max RSS, ${big.readyRssMb} MB before the upload (${f(big.ms)} in all) |`,
    ];
  }
  const floor = await rawInsert(await tmp(), rows, 'triggers');
  const bulkFloor = await rawInsert(await tmp(), rows, 'bulk');
  const big = await child('memory-import', 50_000);
  const bigFloor = await child('memory-raw', 50_000);
  return [
    `| staff CSV of ${rows.toLocaleString('en-US')} rows: upload (decode, parse, record every row) | ${both(timed.upload)} |`,
    `| … preview (match against the roster, every row's errors written) (goal ≤ 1 s) | ${both(timed.preview)} |`,
    `| … run (one transaction: educators, school rows, outcomes, audit) (goal ≤ 2 s) | ${both(timed.run)} |`,
    `| … raw insert of the same educators and school rows (prepared statements, one transaction), the index fed row by row by its triggers | ${both(floor)} |`,
    `| … the same raw insert with the triggers set aside and the index fed in one statement, as the import does (the floor) | ${both(bulkFloor)} |`,
    `| staff CSV of 50,000 rows: upload + preview + run, peak memory of the compiled process (goal < 200 MB) | ${big.maxRssMb} MB max RSS, ${big.readyRssMb} MB before the upload (${f(big.ms)} in all) |`,
    `| … raw insert of the same 50,000 rows, triggers set aside, peak memory (the floor) | ${bigFloor.maxRssMb} MB max RSS, ${bigFloor.readyRssMb} MB before the insert (${f(bigFloor.ms)}) |`,
  ];
}

const [mode, count, csvFile] = process.argv.slice(2);
if (mode === 'memory-import' || mode === 'memory-raw') {
  const t = process.hrtime.bigint();
  if (mode === 'memory-import') await importOnce(await tmp(), Number(count), csvFile);
  else await rawInsert(await tmp(), Number(count), 'bulk');
  console.log(JSON.stringify({ maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), readyRssMb, ms: ms(t) }));
} else if (mode === 'timing') {
  // Only the 10 000-row timings (no 50 000-row children), for trying changes.
  const rows = Number(count ?? 10_000);
  const timed = await importOnce(await tmp(), rows);
  if (benchPostgres()) console.log(JSON.stringify(timed, (_k, v) => (typeof v === 'number' ? Math.round(v) : v)));
  else console.log(JSON.stringify({ ...timed, floor: await rawInsert(await tmp(), rows, 'triggers'), bulkFloor: await rawInsert(await tmp(), rows, 'bulk') }, (_k, v) => (typeof v === 'number' ? Math.round(v) : v)));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('| staff import | result |\n|---|---|');
  for (const line of await benchImports()) console.log(line);
}
