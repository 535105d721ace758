// The read log's cost on a read (issue 29, "The read log adds ≤ 1 ms p50 to a read"): a district of 2 000
// educators with two years of read log behind it (1 000 000 rows in record_reads), then
// - recordRead itself, in this process: a repeat read the same day (the memo: no query) and a first read of the
//   day (one INSERT … SELECT … ON CONFLICT DO NOTHING into the 1 000 000-row table), p50 and p99 over thousands;
// - one read over HTTP, GET /api/staff/{id}/skill-rating, one request at a time, on educators whose data is warm:
//   each coach's first read of an educator today (a row written) paired with the same request again at once (a
//   repeat read, the memo): the difference is what the log adds when it writes.
// `npx tsx scripts/benchReadLog.ts` (SQLite), or with BENCH_POSTGRES=<server url> (a role that may create databases) on
// PostgreSQL, as scripts/benchLib.ts benchDatabase makes them; BENCH_READ_LOG_ROWS sets the table's size.
import http from 'node:http';
import os from 'node:os';
import type { Request } from 'express';
import { sql } from 'kysely';
import { type DB, nowIso } from '../db/connection';
import { dayPlusDays } from '../db/dialect';
import { createDistrict, createUser } from '../server/identity/accounts';
import { recordRead } from '../server/lib/readLog';
import { chunked, insertSchools, printWhenRunAlone, startBenchApp } from './benchApp';
import { benchDbLabel, request, signIn } from './benchLib';

const EDUCATORS = 2_000;
const READERS = 60;
const LOG_ROWS = Number(process.env.BENCH_READ_LOG_ROWS ?? 1_000_000);
const PASSWORD = 'bench-password-123';
const TIMEZONE = 'America/Chicago';

async function seed(db: DB) {
  return db.transaction().execute(async (trx) => {
    const districtId = await createDistrict(trx, { name: 'Bench Read Log District', state: 'IL', planKey: 'enterprise', status: 'active', timezone: TIMEZONE });
    const now = nowIso();
    const [school] = await insertSchools(trx, districtId, 1, now);
    const principal = await createUser(trx, { districtId, email: 'principal@bench.example', name: 'Bench Principal', roles: ['building-admin'], password: PASSWORD, buildingIds: [school!] });
    const readers: number[] = [principal.id];
    for (let i = 1; i < READERS; i++) {
      readers.push((await createUser(trx, { districtId, email: `coach${i}@bench.example`, name: `Coach ${i}`, roles: ['coach'], password: PASSWORD, buildingIds: [school!] })).id);
    }
    const staffIds: number[] = [];
    await chunked(Array.from({ length: EDUCATORS }, (_, i) => i), 500, async (chunk) => {
      const rows = await trx.insertInto('staff').values(chunk.map((i) => ({
        district_id: districtId, first_name: `First${i}`, last_name: `Last${i}`, email: `educator${i}@bench.example`, employee_id: `R${i}`,
        position: 'Classroom Teacher', grade_levels: '["3"]', subjects: '["Mathematics"]', hire_date: '2015-08-15', status: 'active' as const,
        user_id: null, created_at: now, updated_at: now,
      }))).returning('id').execute();
      staffIds.push(...rows.map((r) => r.id));
    });
    await chunked(staffIds.map((id) => ({ district_id: districtId, staff_id: id, building_id: school!, start_date: '2015-08-15', end_date: null, created_at: now })),
      500, (chunk) => trx.insertInto('staff_buildings').values(chunk).execute());
    // Two years of reads before today, spread over the educators, readers, kinds and days (set-based).
    const kinds = ['observation', 'interaction', 'skill_rating', 'action_step', 'cycle'];
    await sql`
      WITH RECURSIVE k(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM k WHERE n < ${sql.lit(LOG_ROWS - 1)})
      INSERT INTO record_reads (district_id, staff_id, reader_user_id, reader_role, impersonated_by, kind, day)
      SELECT ${sql.lit(districtId)}, ${sql.lit(staffIds[0]!)} + (k.n % ${sql.lit(EDUCATORS)}),
        ${sql.lit(readers[0]!)} + ((k.n / ${sql.lit(EDUCATORS)}) % ${sql.lit(READERS)}), 'Coach', NULL,
        CASE k.n % 5 ${sql.raw(kinds.map((kind, i) => `WHEN ${i} THEN '${kind}'`).join(' '))} END,
        ${dayPlusDays(trx, sql.lit('2024-11-30'), sql`(k.n / ${sql.lit(EDUCATORS * READERS)}) % 729`)}
      FROM k`.execute(trx);
    return { districtId, staffIds, readers };
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
};

/** A request as loadAuth leaves it, for recordRead: a district user of the bench district. */
function readerRequest(districtId: number, userId: number): Request {
  return {
    auth: {
      user: { id: userId, district_id: districtId }, impersonator: null, roles: ['coach'],
      district: { id: districtId, timezone: TIMEZONE },
    },
  } as unknown as Request;
}

export async function benchReadLog(): Promise<string[]> {
  const app = await startBenchApp('read-log', seed);
  const { db, seeded: { districtId, staffIds, readers } } = app;
  const stored = Number((await db.selectFrom('record_reads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const out = [
    `Read log on ${benchDbLabel()}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores `
      + `(${os.cpus()[0]?.model ?? '?'}), load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}; `
      + `${stored.toLocaleString('en-US')} rows in record_reads, seeded in ${(app.seedMs / 1000).toFixed(1)} s.`,
    '',
    '| measure | p50 | p99 | samples |',
    '|---|---|---|---|',
  ];
  const row = (label: string, s: { p50: number; p99: number; n: number }, unit: 'µs' | 'ms') =>
    out.push(`| ${label} | ${s.p50.toFixed(unit === 'µs' ? 1 : 2)} ${unit} | ${s.p99.toFixed(unit === 'µs' ? 1 : 2)} ${unit} | ${s.n} |`);

  // recordRead in this process: first reads of the day (a new reader × educator pair each: one INSERT), then
  // the same pairs again (the memo).
  const pairs = readers.slice(1).flatMap((reader) => staffIds.slice(0, 100).map((staffId) => ({ reader, staffId })));
  const first: number[] = [];
  for (const { reader, staffId } of pairs) {
    const started = process.hrtime.bigint();
    await recordRead(db, readerRequest(districtId, reader), staffId, 'observation');
    first.push(Number(process.hrtime.bigint() - started) / 1e3);
  }
  const repeat: number[] = [];
  for (const { reader, staffId } of pairs) {
    const started = process.hrtime.bigint();
    await recordRead(db, readerRequest(districtId, reader), staffId, 'observation');
    repeat.push(Number(process.hrtime.bigint() - started) / 1e3);
  }
  row('recordRead, first read of the day (one INSERT)', stats(first), 'µs');
  row('recordRead, repeat read the same day (memo, no query)', stats(repeat), 'µs');

  // Over HTTP, one request at a time: GET /api/staff/{id}/skill-rating by each coach, for educators whose data the
  // principal has just read (so every request finds them warm). Each coach's first request for an educator is a
  // first read of the day (one row written); the same request again at once is a repeat read (the memo). Paired,
  // so the machine's load falls on both alike.
  const agent = new http.Agent({ keepAlive: true });
  const timed = async (cookie: string, staffId: number) => {
    const started = process.hrtime.bigint();
    const res = await request(agent, app.port, `/api/staff/${staffId}/skill-rating`, { cookie });
    if (res.status !== 200) throw new Error(`skill-rating ${staffId}: ${res.status} ${res.body.slice(0, 200)}`);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const educators = staffIds.slice(1000, 1017);
  const principal = await signIn(app.port, 'principal@bench.example', PASSWORD);
  for (let i = 0; i < 3; i++) for (const e of educators) await timed(principal, e);
  const firstReads: number[] = [];
  const repeatReads: number[] = [];
  for (let c = 1; c < READERS; c++) {
    const cookie = await signIn(app.port, `coach${c}@bench.example`, PASSWORD);
    for (const e of educators) {
      firstReads.push(await timed(cookie, e));
      repeatReads.push(await timed(cookie, e));
    }
  }
  agent.destroy();
  const f = stats(firstReads);
  const r = stats(repeatReads);
  row('GET /api/staff/{id}/skill-rating, a coach\'s first read of the educator today (one row written)', f, 'ms');
  row('GET /api/staff/{id}/skill-rating, the same request again (repeat read: the memo)', r, 'ms');
  out.push('', `Added by the log (p50): ${(f.p50 - r.p50).toFixed(2)} ms on a first read of the day over HTTP, `
    + `${(stats(first).p50 / 1000).toFixed(3)} ms of recordRead itself; ${(stats(repeat).p50 / 1000).toFixed(4)} ms on a repeat read.`);
  await app.close();
  return out;
}

await printWhenRunAlone(import.meta.filename, benchReadLog);
