// Observations (issue 28, "Speed"): saving an observation and the walkthrough report.
// - observation save: 16 connections POST /api/observation back to back (a completed walkthrough of 10 items,
//   the educator and the time varying from one request to the next) for BENCH_MS, from the load generator's
//   own process (scripts/loadgen.mjs), against the HTTP app on a district of OBSERVATIONS observations:
//   p50, p99, saves per second and failures (any answer but 201). Goal: p99 ≤ 20 ms.
// - walkthrough report: a district of 200 000 completed walkthroughs × 10 answers (2 000 000 answers) of 2 000
//   educators in 20 schools by 40 observers over two school years (Aug 2025 – Nov 2026), each with the
//   interaction it writes and its participant, inserted FAST (scripts/benchReports.ts's row sinks: raw
//   better-sqlite3 statements, or set-based `json_populate_recordset` inserts on PostgreSQL, with every
//   trigger in place), then GET /api/report/walkthroughs with varied filters: computed afresh (a write in the
//   district before each read, so the kept answer is gone) p50/p99, and kept (the same request again) p50/p99.
//   Goal: fresh p99 ≤ 150 ms, kept p99 ≤ 5 ms.
//   npx tsx scripts/benchObservations.ts [--db=pg|sqlite]   (npm run bench runs it as the `observations` section)
// BENCH_OBSERVATIONS sets the number of observations (default 200 000); BENCH_KEEP keeps the database and
// BENCH_OBSERVATIONS_REUSE=<its SQLite file or PostgreSQL URL> measures it again without the setup;
// BENCH_OBSERVATIONS_ONLY=save or =report runs one half; BENCH_OBSERVATIONS_BLOATED=1 leaves the PostgreSQL
// rollup tables as the bulk load leaves them (compactRollups).
import { execFile } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { checkpointInBackground, type DB, nowIso, openDatabase } from '../db/connection';
import { refreshPlannerStatistics, settleBulkLoad } from '../db/dialect';
import { createApp } from '../server/app';
import { prepareDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { createDistrict, createUser } from '../server/identity/accounts';
import { RateLimiter } from '../server/http/rateLimit';
import { createMemoryMailer } from '../server/lib/mailer';
import { startOfLocalDay, todayIn } from '../server/lib/zone';
import { TEST_PASSWORD } from '../server/testing/app';
import { benchDatabase, benchDbLabel, benchPostgres, DURATION_MS, type LoadResult, listen, parseDbOption, profiled, request } from './benchLib';
import { oneAtATime, postgresSink, type RowSink, sqliteSink } from './benchReports';
import { signIn } from './benchWriters';
import { startThrowawayPostgres } from './postgresServer';

const OBSERVATIONS = Number(process.env.BENCH_OBSERVATIONS ?? 200_000);
const OBSERVERS = 40;
const BUILDINGS = 20;
const EDUCATORS = 2_000;
const SAVERS = 16;
/** How long each paced save run lasts (one save every 2 s, every 0.5 s per observer): enough saves for a p99. */
const PACED_MS = Number(process.env.BENCH_PACED_MS ?? 30_000);
const PACES_MS = [2_000, 500];
const TIMEZONE = 'America/Chicago';
const FIRST_DAY = Date.parse('2025-08-18T00:00:00.000Z');
const LOOK_FORS = [
  'Students can say what they are learning and why', 'Students explain their thinking', 'Students talk with each other about the content',
  'Most students are on task', 'The teacher checks for understanding', 'Feedback is specific and timely', 'The task asks for grade-level thinking',
  'Routines run with little lost time',
];

/** A tiny deterministic generator (scripts/benchReports.ts's), so every run builds the same district. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** School days (weekdays, not July) from FIRST_DAY to the day before `todayAt`. */
function schoolDays(todayAt: number): number[] {
  const out: number[] = [];
  for (let t = FIRST_DAY; t < todayAt - 86_400_000; t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6 || d.getUTCMonth() === 6) continue;
    out.push(t);
  }
  return out;
}

async function nextId(db: DB, table: 'staff' | 'interactions' | 'observations'): Promise<number> {
  const { rows } = await sql<{ n: number }>`select coalesce(max(id), 0) + 1 as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.n);
}

interface ObservationsDistrict {
  districtId: number;
  buildingIds: number[];
  observerIds: number[];
  staffIds: number[];
  formId: number;
  itemIds: number[];
}

/** The accounts through the app (hashes, roles, schools); educators raw. */
async function seedAccounts(db: DB, sink: RowSink): Promise<Omit<ObservationsDistrict, 'formId' | 'itemIds'>> {
  const made = await db.transaction().execute(async (trx) => {
    const districtId = await createDistrict(trx, { name: 'Bench Observations District', state: 'IL', planKey: 'enterprise', status: 'active', timezone: TIMEZONE });
    const now = nowIso();
    const buildingIds = (await trx.insertInto('buildings').values(Array.from({ length: BUILDINGS }, (_, i) => ({
      district_id: districtId, name: `School ${String(i + 1).padStart(2, '0')}`, code: `S${i + 1}`, grade_band: 'K-8', created_at: now, updated_at: now,
    }))).returning('id').execute()).map((b) => b.id);
    await createUser(trx, { districtId, email: 'admin@observations.bench', name: 'Bench Admin', roles: ['district-admin'], password: TEST_PASSWORD });
    const observerIds: number[] = [];
    for (let c = 0; c < OBSERVERS; c++) {
      observerIds.push((await createUser(trx, {
        districtId, email: `observer${c}@observations.bench`, name: `Observer ${String(c).padStart(2, '0')}`, roles: ['coach'], buildingIds: [buildingIds[c % BUILDINGS]!],
      })).id);
    }
    return { districtId, buildingIds, observerIds };
  });
  const { districtId, buildingIds, observerIds } = made;
  const now = nowIso();
  let next = await nextId(db, 'staff');
  const staffIds: number[] = [];
  await sink.batch(() => {
    for (let k = 0; k < EDUCATORS; k++) {
      const id = next++;
      staffIds.push(id);
      sink.insert('staff', {
        id, district_id: districtId, first_name: `First${k}`, last_name: `Last${k}`, email: `educator${k}@observations.bench`, employee_id: `O${k}`,
        position: 'Classroom Teacher', grade_levels: JSON.stringify([String(1 + (k % 8))]), subjects: JSON.stringify(['Mathematics']), hire_date: '2015-08-15',
        status: 'active', user_id: null, created_at: now, updated_at: now,
      });
      sink.insert('staff_buildings', { district_id: districtId, staff_id: id, building_id: buildingIds[k % BUILDINGS]!, start_date: '2015-08-15', end_date: null, created_at: now });
      sink.insert('coach_assignments', {
        district_id: districtId, coach_id: observerIds[(k % BUILDINGS) + BUILDINGS * (Math.floor(k / BUILDINGS) % 2)]!, staff_id: id, start_date: '2023-08-01', end_date: null,
        created_at: now, updated_at: now,
      });
    }
  });
  return { districtId, buildingIds, observerIds, staffIds };
}

/** The 10-item walkthrough form, made through the API (8 look-fors, a rating, a note). */
async function makeForm(port: number, session: { cookie: string; xsrf: string }): Promise<{ formId: number; itemIds: number[] }> {
  const agent = new http.Agent({ keepAlive: false });
  const res = await request(agent, port, '/api/observation-form', headers(session), 'POST', JSON.stringify({
    name: 'Ten-minute walkthrough',
    items: [
      ...LOOK_FORS.map((label) => ({ label, kind: 'look_for' })),
      { label: 'Depth of student discourse', kind: 'rating' },
      { label: 'What stood out', kind: 'text' },
    ],
  }));
  agent.destroy();
  if (res.status !== 201) throw new Error(`form: ${res.status} ${res.body}`);
  const form = JSON.parse(res.body) as { id: number; items: { id: number }[] };
  return { formId: form.id, itemIds: form.items.map((i) => i.id) };
}

const headers = (s: { cookie: string; xsrf: string }) => ({ cookie: s.cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': s.xsrf });

/**
 * OBSERVATIONS completed walkthroughs on the school days, each with its interaction (the form's type, the
 * observer as coach, the educator's school) and participant, and 10 answers. Look-for rates differ by school
 * and grow over the months; one in 20 look-fors is not applicable.
 */
async function seedObservations(db: DB, sink: RowSink, d: ObservationsDistrict): Promise<{ answers: number }> {
  const rand = random(28);
  const now = nowIso();
  const typeId = (await db.selectFrom('observation_forms').select('interaction_type_id').where('id', '=', d.formId).executeTakeFirstOrThrow()).interaction_type_id;
  const versionId = (await db.selectFrom('observation_forms').select('current_version_id').where('id', '=', d.formId).executeTakeFirstOrThrow()).current_version_id!;
  const todayAt = Date.parse(startOfLocalDay(todayIn(TIMEZONE), TIMEZONE));
  const days = schoolDays(todayAt);
  const firstInteraction = await nextId(db, 'interactions');
  const firstObservation = await nextId(db, 'observations');
  const BATCH = 20_000;
  let answers = 0;
  for (let start = 0; start < OBSERVATIONS; start += BATCH) {
    await sink.batch(() => {
      for (let i = start; i < Math.min(OBSERVATIONS, start + BATCH); i++) {
        const k = Math.floor(rand() * EDUCATORS);
        const staffId = d.staffIds[k]!;
        const school = k % BUILDINGS;
        const observer = d.observerIds[school + BUILDINGS * Math.floor(rand() * 2)]!;
        const dayIndex = Math.floor((i / OBSERVATIONS) * days.length);
        const at = new Date(days[dayIndex]! + (14 + Math.floor(rand() * 7)) * 3_600_000 + Math.floor(rand() * 4) * 900_000).toISOString();
        const interactionId = firstInteraction + i;
        const observationId = firstObservation + i;
        sink.insert('interactions', {
          id: interactionId, district_id: d.districtId, interaction_type_id: typeId, coach_id: observer, starts_at: at, duration_minutes: 15, status: 'completed',
          building_id: d.buildingIds[school]!, notes: null, private_notes: null, next_steps: null, sequence: 0, import_uid: null,
          created_by: observer, updated_by: observer, created_at: now, updated_at: now, deleted_at: null, coaching_cycle_id: null,
        });
        sink.insert('interaction_participants', { district_id: d.districtId, interaction_id: interactionId, staff_id: staffId, group_id: null });
        const shared = rand() < 0.4;
        sink.insert('observations', {
          id: observationId, district_id: d.districtId, form_id: d.formId, version_id: versionId, staff_id: staffId, observer_id: observer, interaction_id: interactionId,
          building_id: d.buildingIds[school]!, status: 'completed', observed_at: at, duration_minutes: 15, notes: null, private_notes: null, next_steps: null,
          calibration_id: null, share_answers: shared ? 1 : 0, share_notes: shared ? 1 : 0, shared_at: shared ? at : null, shared_by: shared ? observer : null,
          acknowledged_at: null, reflection: null, created_at: at, updated_at: at, deleted_at: null,
        });
        // Rates from 35–65 % by school, growing 25 points over the span.
        const p = 0.35 + (school / BUILDINGS) * 0.3 + 0.25 * (dayIndex / days.length);
        for (let n = 0; n < LOOK_FORS.length; n++) {
          const r = rand();
          sink.insert('observation_answers', {
            observation_id: observationId, item_id: d.itemIds[n]!, district_id: d.districtId, value: r < 0.05 ? '"na"' : rand() < p ? '"yes"' : '"no"', evidence: null,
          });
        }
        sink.insert('observation_answers', { observation_id: observationId, item_id: d.itemIds[8]!, district_id: d.districtId, value: String(1 + Math.min(3, Math.floor(rand() * 4 * p + 0.5))), evidence: null });
        sink.insert('observation_answers', { observation_id: observationId, item_id: d.itemIds[9]!, district_id: d.districtId, value: rand() < 0.5 ? '"Pairs explained their strategies to each other."' : 'null', evidence: null });
        answers += 10;
      }
    });
  }
  return { answers };
}

/**
 * SAVERS connections POSTing walkthroughs for BENCH_MS from the load generator's process: back to back, or each one
 * save every `intervalMs` (observers saving at a pace, for PACED_MS).
 */
function saveLoad(port: number, session: { cookie: string; xsrf: string }, bodies: string[], intervalMs = 0): Promise<LoadResult & { late?: number }> {
  const durationMs = intervalMs ? PACED_MS : DURATION_MS;
  const args = JSON.stringify({ port, path: '/api/observation', headers: headers(session), durationMs, concurrency: SAVERS, method: 'POST', bodies, okStatus: 201, intervalMs });
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(import.meta.dirname, 'loadgen.mjs'), args], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`load generator failed: ${stderr || error.message}`));
      resolve(JSON.parse(stdout) as LoadResult);
    });
  });
}

function getLoad(port: number, url: string, h: Record<string, string>): Promise<LoadResult> {
  const args = JSON.stringify({ port, path: url, headers: h, durationMs: DURATION_MS, concurrency: SAVERS });
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(import.meta.dirname, 'loadgen.mjs'), args], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`load generator failed: ${stderr || error.message}`));
      resolve(JSON.parse(stdout) as LoadResult);
    });
  });
}

/** Saves one after another for BENCH_MS (at most 400): p50, p99 and the server's CPU (this process) per save. */
async function saveOneAtATime(port: number, session: { cookie: string; xsrf: string }, bodies: string[]): Promise<{ p50: number; p99: number; n: number; cpu: number }> {
  const agent = new http.Agent({ keepAlive: true });
  const times: number[] = [];
  const cpu = process.cpuUsage();
  const end = Date.now() + DURATION_MS;
  while (times.length < 5 || (Date.now() < end && times.length < 400)) {
    const t = process.hrtime.bigint();
    const res = await request(agent, port, '/api/observation', headers(session), 'POST', bodies[times.length % bodies.length]);
    if (res.status !== 201) throw new Error(`save answered ${res.status}: ${res.body.slice(0, 300)}`);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const used = process.cpuUsage(cpu);
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!;
  return { p50: at(0.5), p99: at(0.99), n: times.length, cpu: (used.user + used.system) / 1000 / times.length };
}

const ms = (n: number) => n.toFixed(1);
const load1 = () => os.loadavg()[0]!.toFixed(2);

/** A district of a kept bench database (BENCH_KEEP): its schools, observers, educators and the 10-item form, read back. */
async function keptDistrict(db: DB): Promise<ObservationsDistrict> {
  const district = await db.selectFrom('districts').select('id').where('name', '=', 'Bench Observations District').executeTakeFirstOrThrow();
  const form = await db.selectFrom('observation_forms as f').innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
    .select(['f.id', 'f.current_version_id']).where('f.district_id', '=', district.id).where('v.name', '=', 'Ten-minute walkthrough').executeTakeFirstOrThrow();
  const ids = async (q: Promise<{ id: number }[]>) => (await q).map((r) => r.id);
  return {
    districtId: district.id,
    buildingIds: await ids(db.selectFrom('buildings').select('id').where('district_id', '=', district.id).orderBy('id').execute()),
    observerIds: await ids(db.selectFrom('users').select('id').where('district_id', '=', district.id).where('email', 'like', 'observer%').orderBy('id').execute()),
    staffIds: await ids(db.selectFrom('staff').select('id').where('district_id', '=', district.id).where('email', 'like', 'educator%').orderBy('id').execute()),
    formId: form.id,
    itemIds: await ids(db.selectFrom('observation_form_items').select('id').where('version_id', '=', form.current_version_id!).orderBy('position').execute()),
  };
}

/**
 * PostgreSQL: the walkthrough rollup tables rewritten compactly after the bulk load. The load inserts 20 000
 * observations (200 000 answers) a statement, so each rollup row is updated about a hundred times in one
 * transaction, where no version can be pruned: report_observation_answer_months ends at 44 MB of heap (5 576
 * pages) for 18 031 rows, and a plain VACUUM frees the space without giving it back, so every read scans it.
 * A district that grows by saves (each its own transaction, HOT updates and autovacuum reusing the space)
 * never gets there. BENCH_OBSERVATIONS_BLOATED=1 keeps the tables as the load leaves them.
 */
async function compactRollups(db: DB): Promise<string> {
  if (!benchPostgres()) return '';
  const tables = ['report_observation_months', 'report_observation_answer_months', 'report_observation_keys'];
  const pages = async () => (await sql<{ relname: string; relpages: number }>`select relname, pg_relation_size(oid) / 8192 as relpages from pg_class where relname in (${sql.join(tables)}) order by relname`.execute(db)).rows
    .map((r) => `${r.relname} ${Number(r.relpages)}`).join(', ');
  const before = await pages();
  if (process.env.BENCH_OBSERVATIONS_BLOATED) return `; rollup tables as loaded (pages: ${before})`;
  const started = Date.now();
  await sql`vacuum full analyze report_observation_months, report_observation_answer_months, report_observation_keys`.execute(db);
  return `; rollup tables compacted in ${Date.now() - started} ms (pages: ${before} → ${await pages()})`;
}

export async function benchObservations(): Promise<string[]> {
  // BENCH_OBSERVATIONS_REUSE: a database kept by an earlier run (BENCH_KEEP printed it: a SQLite file, or a
  // PostgreSQL URL) measured again without its setup.
  const reuse = process.env.BENCH_OBSERVATIONS_REUSE;
  const target = reuse
    ? { env: /^postgres(ql)?:/.test(reuse) ? { DATABASE_URL: reuse, DATA_DIR: os.tmpdir() } : { DATA_DIR: path.dirname(reuse), DATABASE_FILE: reuse }, drop: async () => undefined }
    : await benchDatabase('observations');
  const config = { ...loadConfig({ NODE_ENV: 'test', ...target.env }), publicDir: '/nonexistent' };
  const prepared = await prepareDatabase(config);
  let district: ObservationsDistrict;
  let setupRow: string;
  if (reuse) {
    district = await keptDistrict(prepared.db);
    setupRow = `| observations setup: reused ${benchPostgres() ? 'the kept PostgreSQL database' : reuse} (${OBSERVATIONS.toLocaleString('en-US')} walkthroughs asked for: the kept district's size counts) | 0 ms${await compactRollups(prepared.db)} |`;
  } else {
    const sink = benchPostgres() ? postgresSink(prepared.db) : sqliteSink(config.databaseFile);
    const seedStarted = Date.now();
    const accounts = await seedAccounts(prepared.db, sink);
    // The form through the API on a first app (the seed's database handle).
    const setupApp = createApp({ db: prepared.db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(prepared.db, false), log: console.error });
    const setupServer = await listen(setupApp);
    const setupAgent = new http.Agent({ keepAlive: true });
    const { formId, itemIds } = await makeForm(setupServer.port, await signIn(setupAgent, setupServer.port, 'admin@observations.bench'));
    setupAgent.destroy();
    setupServer.close();
    district = { ...accounts, formId, itemIds };
    const { answers } = await seedObservations(prepared.db, sink, district);
    await sink.close();
    const seedMs = Date.now() - seedStarted;
    await settleBulkLoad(prepared.db);
    const statsStarted = Date.now();
    await sql`analyze`.execute(prepared.db);
    await refreshPlannerStatistics(prepared.db);
    const statsMs = Date.now() - statsStarted;
    const compacted = await compactRollups(prepared.db);
    setupRow = `| observations setup: ${OBSERVATIONS.toLocaleString('en-US')} completed walkthroughs with their interactions and participants, ${answers.toLocaleString('en-US')} answers, ${EDUCATORS.toLocaleString('en-US')} educators, ${BUILDINGS} schools, ${OBSERVERS} observers (${benchPostgres() ? 'set-based inserts of 20 000 rows' : 'raw prepared statements'}, every trigger in place) | ${seedMs} ms, then ANALYZE ${statsMs} ms${compacted} |`;
  }
  await prepared.db.destroy();
  const db = openDatabase({ databaseUrl: config.databaseUrl, databaseFile: config.databaseFile, pool: { max: config.pgPoolSize } });
  // As the server runs (server/main.ts): SQLite's checkpoints on a worker thread.
  const checkpoints = checkpointInBackground(db);
  const app = createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: console.error });
  const server = await listen(app);
  const agent = new http.Agent({ keepAlive: true });
  const admin = await signIn(agent, server.port, 'admin@observations.bench');
  agent.destroy();
  const { formId, itemIds } = district;
  const out = [setupRow];

  // The walkthrough report: fresh (a write in the district before each read) and kept.
  const today = todayIn(TIMEZONE);
  const saveOnly = process.env.BENCH_OBSERVATIONS_ONLY === 'save';
  const lastMonth = new Date(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 7);
  const base = `/api/report/walkthroughs?form_id=${formId}`;
  const variants: [string, string][] = [
    ['this school year (default range)', base],
    [`both school years (all ${OBSERVATIONS.toLocaleString('en-US')})`, `${base}&filter[from]=2025-08-01&filter[to]=${today}`],
    ['this school year, one school', `${base}&filter[building_id][]=${district.buildingIds[3]}`],
    ['this school year, one observer', `${base}&filter[coach_id][]=${district.observerIds[5]}`],
    [`one month (${lastMonth})`, `${base}&filter[from]=${lastMonth}-01&filter[to]=${lastMonth}-28`],
  ];
  const asAdmin = { cookie: admin.cookie, accept: 'application/json' };
  const probe = new http.Agent({ keepAlive: false });
  const touched = await db.selectFrom('observations').select('id').where('district_id', '=', district.districtId).orderBy('id').executeTakeFirstOrThrow();
  const write = (k: number) => db.updateTable('observations').set({ next_steps: `Bench write ${k}` }).where('id', '=', touched.id).execute();
  out.push('', `| walkthrough report (GET /api/report/walkthroughs) | fresh: p50 / p99 ms (requests) | kept: p50 / p99 ms (requests) | kept, ${SAVERS} concurrent: p50 / p99 ms, req/s | load |`, '|---|---|---|---|---|');
  const freshP99: number[] = [];
  const keptP99: number[] = [];
  // A server that has run for a while: every variant read afresh and kept a few times before any is measured,
  // so the first one measured (the default range) does not alone pay for the request path's first runs
  // (JIT, caches, the pool's connections).
  if (!saveOnly) {
    for (let round = 0; round < 3; round++) {
      for (const [, url] of variants) {
        await write(-1 - round);
        for (let k = 0; k < 20; k++) await request(probe, server.port, url, asAdmin);
      }
    }
  }
  for (const [label, url] of saveOnly ? [] : variants) {
    const check = await request(probe, server.port, url, asAdmin);
    if (check.status !== 200) throw new Error(`${url} answered ${check.status}: ${check.body.slice(0, 300)}`);
    const fresh = await oneAtATime(server.port, url, asAdmin, write);
    // The first read after the last write computes the answer; the kept run starts from there.
    await request(probe, server.port, url, asAdmin);
    const kept = await oneAtATime(server.port, url, asAdmin);
    const keptLoad = await getLoad(server.port, url, asAdmin);
    freshP99.push(fresh.p99);
    keptP99.push(kept.p99);
    out.push(`| ${label} | ${ms(fresh.p50)} / ${ms(fresh.p99)} (${fresh.n}) | ${kept.p50.toFixed(2)} / ${kept.p99.toFixed(2)} (${kept.n}) | ${ms(keptLoad.p50)} / ${ms(keptLoad.p99)}, ${keptLoad.rps} (${keptLoad.errors} errors) | ${load1()} |`);
    if (process.env.BENCH_VERBOSE) console.error(out.at(-1));
  }
  if (!saveOnly) {
    // The floor of a kept answer: a signed-in request that reads nothing (helmet, the session, the user), one at a time.
    const floor = await oneAtATime(server.port, '/api/auth/user', asAdmin);
    out.push(`| for comparison: GET /api/auth/user (signed in, reads nothing) | | ${floor.p50.toFixed(2)} / ${floor.p99.toFixed(2)} (${floor.n}) | | ${load1()} |`);
  }
  if (!saveOnly) out.push(`| goal: fresh p99 ≤ 150 ms, kept p99 ≤ 5 ms | fresh p99 at most ${ms(Math.max(...freshP99))} ms${Math.max(...freshP99) > 150 ? ' — NOT MET' : ' — met'} | kept p99 at most ${Math.max(...keptP99).toFixed(2)} ms${Math.max(...keptP99) > 5 ? ' — NOT MET' : ' — met'} | | |`);

  if (process.env.BENCH_OBSERVATIONS_ONLY === 'report') return finish();

  // Saving: a completed 10-item walkthrough, the educator and the minute varying, 16 at a time.
  const todayAt = Date.parse(startOfLocalDay(today, TIMEZONE));
  const bodies = Array.from({ length: 64 }, (_, k) => JSON.stringify({
    form_id: formId, staff_id: district.staffIds[(k * 37) % EDUCATORS], observed_at: new Date(todayAt - 86_400_000 + 14 * 3_600_000 + k * 60_000).toISOString(),
    duration_minutes: 15, status: 'completed',
    answers: [
      ...LOOK_FORS.map((_, n) => ({ item_id: itemIds[n], value: (k + n) % 3 === 0 ? 'no' : 'yes' })),
      { item_id: itemIds[8], value: 1 + (k % 4) },
      { item_id: itemIds[9], value: 'Students explained their strategies in pairs.' },
    ],
    notes: 'Strong routines; ask for more student talk.',
  }));
  const before = Number((await db.selectFrom('observations').select((eb) => eb.fn.countAll<number>().as('n')).where('district_id', '=', district.districtId).executeTakeFirstOrThrow()).n);
  // One at a time first (what one save costs end to end, and the server's CPU for it), then 16 at a time.
  const single = await saveOneAtATime(server.port, admin, bodies);
  const saved = await profiled('observation-save', () => saveLoad(server.port, admin, bodies));
  // The same 16 observers at a pace (an autosave every few seconds is the capture screen's): the latency one save
  // meets when the saves arrive at that rate, where back to back it is the queue of 16 always in flight.
  const paced: [number, LoadResult & { late?: number }][] = [];
  for (const interval of PACES_MS) paced.push([interval, await saveLoad(server.port, admin, bodies, interval)]);
  const after = Number((await db.selectFrom('observations').select((eb) => eb.fn.countAll<number>().as('n')).where('district_id', '=', district.districtId).executeTakeFirstOrThrow()).n);
  out.push('', `| observation save (POST /api/observation, completed, 10 answers), ${SAVERS} concurrent, district admin | result |`, '|---|---|',
    `| one at a time | p50 ${single.p50.toFixed(2)} ms, p99 ${single.p99.toFixed(2)} ms (${single.n} saves); server CPU ${single.cpu.toFixed(2)} ms a save |`,
    `| saves | ${saved.rps} per second, p50 ${ms(saved.p50)} ms, p99 ${ms(saved.p99)} ms; ${saved.errors} failures (not 201) of ${saved.requests}; ${after - before} observations written (warm-up included: ${saved.all}) |`,
    `| goal: p99 ≤ 20 ms | ${saved.p99 > 20 ? 'NOT MET' : 'met'} back to back (load ${load1()}) |`,
    ...paced.map(([interval, r]) => `| ${SAVERS} observers, each a save every ${interval / 1000} s (${(SAVERS * 1000 / interval).toFixed(0)} saves/s arriving) | p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (${r.requests} saves, ${r.late ?? 0} started late, ${r.errors} failures)${r.p99 > 20 ? ' — over 20 ms' : ' — within 20 ms'}; load ${load1()} |`));

  return finish();

  async function finish(): Promise<string[]> {
    probe.destroy();
    server.close();
    await checkpoints.stop();
    await db.destroy();
    if (!process.env.BENCH_KEEP) await target.drop();
    else console.error(`kept ${config.databaseUrl ?? config.databaseFile}`);
    return out;
  }
}

// `npx tsx scripts/benchObservations.ts [--db=pg]`: this section alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const kind = parseDbOption(process.argv.slice(2));
  const pgServer = kind === 'pg' && !process.env.BENCH_POSTGRES ? await startThrowawayPostgres() : undefined;
  if (kind === 'pg') process.env.BENCH_POSTGRES ??= process.env.DATABASE_URL || pgServer!.url;
  try {
    console.log(`\n| observations (${benchDbLabel()}; load ${load1()}; ${os.cpus().length} cores) | result |\n|---|---|`);
    for (const row of await benchObservations()) console.log(row);
  } finally {
    pgServer?.stop();
  }
}
