// The reports on a big district (issue 11, Performance): 1 000 000 interactions over about three school
// years (Aug 2023 – Dec 2026) of 80 coaches with 4 000 educators in 40 schools, one to three participants
// each, a few groups, coaching cycles with their stage history, the coaches' activities and skill
// ratings. The district is built FAST: the accounts through the app's own functions, everything else
// with raw better-sqlite3 prepared statements in large transactions (no per-row Kysely).
//
// Then each report's API (GET /api/report/{kind}) is measured through HTTP with the default filters
// (this school year to date), with a school and with a coach filter: p50 and p99 of requests made one at
// a time (with the CPU time per request), and of 4 concurrent connections (scripts/loadgen.mjs in its own
// process). Beside each, the same figures for the floor: the single raw SQL aggregate every report needs
// (the counted interactions in the range joined to their participants: count, minutes, distinct educators;
// the cycles report needs it too for its targets), served by a bare Express route from a prepared
// statement. Goal: every report ≤ 150 ms p99 and ≤ 1.5× the floor.
// BENCH_MS bounds each run (default 5000); the machine's load average is printed with each row.
import { execFile } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import express from 'express';
import { sql } from 'kysely';
import { type DB, nowIso, openDatabase } from '../db/connection';
import { refreshPlannerStatistics, settleBulkLoad } from '../db/dialect';
import { createApp } from '../server/app';
import { prepareDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { createDistrict, createUser } from '../server/identity/accounts';
import { RateLimiter } from '../server/http/rateLimit';
import { createMemoryMailer } from '../server/lib/mailer';
import { startOfLocalDay, todayIn } from '../server/lib/zone';
import { DURATION_MS, type LoadResult, listen, request, signIn, benchDatabase, benchPostgres } from './benchLib';

const INTERACTIONS = Number(process.env.BENCH_REPORT_INTERACTIONS ?? 1_000_000);
const COACHES = 80;
const BUILDINGS = 40;
const EDUCATORS = 4_000;
const GROUPS = 6;
const CYCLES = 6_000;
const PASSWORD = 'bench-password-123';
const TIMEZONE = 'America/Chicago';
/** Aug 2023 – Dec 2026: three school years and this one so far, plus a few weeks scheduled ahead. */
const FIRST_DAY = Date.parse('2023-08-14T00:00:00.000Z');
const LAST_DAY = Date.parse('2026-12-18T00:00:00.000Z');
const CONCURRENT = 4;

/** School days (weekdays, not July) of the span, as epoch ms of UTC midnight. */
function schoolDays(): number[] {
  const out: number[] = [];
  for (let t = FIRST_DAY; t <= LAST_DAY; t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6 || d.getUTCMonth() === 6) continue;
    out.push(t);
  }
  return out;
}

/** A tiny deterministic generator, so every run builds the same district. */
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

export interface ReportsDistrict {
  districtId: number;
  buildingIds: number[];
  coachIds: number[];
  counts: Record<string, number>;
}

/** The accounts through the app (hashes, roles, schools), then the rest raw. */
async function seedAccounts(db: DB) {
  return db.transaction().execute(async (trx) => {
    const districtId = await createDistrict(trx, { name: 'Bench Reports District', state: 'IL', planKey: 'enterprise', status: 'active', timezone: TIMEZONE });
    const now = nowIso();
    const buildingIds = (await trx.insertInto('buildings').values(Array.from({ length: BUILDINGS }, (_, i) => ({
      district_id: districtId, name: `School ${String(i + 1).padStart(2, '0')}`, code: `S${i + 1}`, grade_band: 'K-8', created_at: now, updated_at: now,
    }))).returning('id').execute()).map((b) => b.id);
    await createUser(trx, { districtId, email: 'admin@bench.example', name: 'Bench Admin', roles: ['district-admin'], password: PASSWORD });
    const coachIds: number[] = [];
    for (let c = 0; c < COACHES; c++) {
      coachIds.push((await createUser(trx, {
        districtId, email: `coach${c}@bench.example`, name: `Coach ${String(c).padStart(2, '0')}`, roles: ['coach'], password: c === 0 ? PASSWORD : undefined,
        buildingIds: [buildingIds[c % BUILDINGS]!],
      })).id);
    }
    await trx.updateTable('districts').set({ settings: JSON.stringify({ coaching_targets: { interactions_per_educator_per_month: 2, cycles_per_new_teacher_per_semester: 1 } }) })
      .where('id', '=', districtId).execute();
    return { districtId, buildingIds, coachIds };
  });
}

export async function seedReportsDistrict(db: DB, file: string): Promise<ReportsDistrict> {
  const { districtId, buildingIds, coachIds } = await seedAccounts(db);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -200000');
  const now = nowIso();
  const rand = random(11);
  const counts: Record<string, number> = {};
  const types = sqlite.prepare('select id, default_minutes from interaction_types where district_id = ? order by sort_order').all(districtId) as { id: number; default_minutes: number }[];
  const stages = sqlite.prepare('select id, expected_days from cycle_stages where district_id = ? and archived_at is null order by sort_order').all(districtId) as { id: number; expected_days: number }[];
  const skills = sqlite.prepare(`select k.id from skills k join skill_frameworks f on f.id = k.framework_id
    where k.district_id = ? and f.active = 1 order by k.domain_id, k.sort_order`).all(districtId) as { id: number }[];
  const adminId = (sqlite.prepare("select id from users where district_id = ? and email = 'admin@bench.example'").get(districtId) as { id: number }).id;

  // Educators: school k % 40, caseload of one of the school's two coaches; grades and subjects vary.
  const staffIds: number[] = [];
  sqlite.transaction(() => {
    const insertStaff = sqlite.prepare(`insert into staff (district_id, first_name, last_name, email, employee_id, position, grade_levels, subjects, hire_date, status, user_id, created_at, updated_at)
      values (?, ?, ?, ?, ?, 'Classroom Teacher', ?, ?, ?, ?, null, ?, ?)`);
    const insertSchool = sqlite.prepare('insert into staff_buildings (district_id, staff_id, building_id, start_date, end_date, created_at) values (?, ?, ?, ?, null, ?)');
    const insertCaseload = sqlite.prepare(`insert into coach_assignments (district_id, coach_id, staff_id, start_date, end_date, created_at, updated_at)
      values (?, ?, ?, '2023-08-01', null, ?, ?)`);
    const SUBJECTS = ['Mathematics', 'English', 'Science', 'Social Studies', 'Art'];
    for (let k = 0; k < EDUCATORS; k++) {
      const hired = k % 10 === 0 ? '2026-08-10' : `${2005 + (k % 18)}-08-15`;
      const { lastInsertRowid } = insertStaff.run(districtId, `First${k}`, `Last${(k * 7919) % EDUCATORS}`, `educator${k}@bench.example`, `B${k}`,
        JSON.stringify([String(1 + (k % 8))]), JSON.stringify([SUBJECTS[k % SUBJECTS.length]]), hired, k % 50 === 49 ? 'inactive' : 'active', now, now);
      const id = Number(lastInsertRowid);
      staffIds.push(id);
      insertSchool.run(districtId, id, buildingIds[k % BUILDINGS], '2015-08-15', now);
      insertCaseload.run(districtId, coachIds[(k % BUILDINGS) + BUILDINGS * (Math.floor(k / BUILDINGS) % 2)], id, now, now);
    }
  })();
  counts.educators = EDUCATORS;
  /** Educator j (0–49) of coach c's caseload. */
  const caseload = (c: number, j: number) => staffIds[(c % BUILDINGS) + BUILDINGS * (2 * j + Math.floor(c / BUILDINGS))]!;

  // A few groups (PLCs), 40–60 members each, memberships from the start of a school year (local midnight instants).
  const groupIds: number[] = [];
  sqlite.transaction(() => {
    const insertGroup = sqlite.prepare("insert into groups (district_id, name, description, group_of, created_at, updated_at, deleted_at) values (?, ?, null, 'staff', ?, ?, null)");
    const insertItem = sqlite.prepare('insert into group_items (group_id, item_id, start_date, end_date) values (?, ?, ?, ?)');
    for (let g = 0; g < GROUPS; g++) {
      const id = Number(insertGroup.run(districtId, `PLC ${g + 1}`, now, now).lastInsertRowid);
      groupIds.push(id);
      for (let m = 0; m < 40 + g * 4; m++) {
        insertItem.run(id, staffIds[(g * 617 + m * 67) % EDUCATORS], startOfLocalDay(g % 2 ? '2025-08-01' : '2024-08-01', TIMEZONE), m % 9 === 8 ? startOfLocalDay('2026-10-01', TIMEZONE) : null);
      }
    }
  })();
  counts.groups = GROUPS;

  // Interactions, spread over the school days; participants from the coach's caseload (1–3), a group now and then.
  const days = schoolDays();
  const today = todayIn(TIMEZONE);
  const todayAt = Date.parse(startOfLocalDay(today, TIMEZONE));
  const BATCH = 50_000;
  const insertInteraction = sqlite.prepare(`insert into interactions (id, district_id, interaction_type_id, coach_id, starts_at, duration_minutes, status, building_id,
    notes, private_notes, next_steps, sequence, import_uid, created_by, updated_by, created_at, updated_at, deleted_at, coaching_cycle_id)
    values (?, ?, ?, ?, ?, ?, ?, ?, 'Observed the lesson; strong routines.', null, 'Try a written exit ticket.', 0, null, ?, ?, ?, ?, ?, null)`);
  const insertParticipant = sqlite.prepare('insert into interaction_participants (district_id, interaction_id, staff_id, group_id) values (?, ?, ?, ?)');
  const insertInteractionGroup = sqlite.prepare('insert into interaction_groups (district_id, interaction_id, group_id) values (?, ?, ?)');
  const firstId = Number((sqlite.prepare('select coalesce(max(id), 0) + 1 as n from interactions').get() as { n: number }).n);
  let participants = 0;
  for (let start = 0; start < INTERACTIONS; start += BATCH) {
    sqlite.transaction(() => {
      for (let i = start; i < Math.min(INTERACTIONS, start + BATCH); i++) {
        const c = Math.floor(rand() * COACHES);
        const type = types[Math.floor(rand() * types.length)]!;
        const at = days[Math.floor((i / INTERACTIONS) * days.length)]! + (13 + Math.floor(rand() * 9)) * 3_600_000 + Math.floor(rand() * 4) * 900_000;
        const r = rand();
        const status = at >= todayAt ? 'scheduled' : r < 0.04 ? 'cancelled' : r < 0.06 ? 'no-show' : r < 0.08 ? 'scheduled' : 'completed';
        const id = firstId + i;
        insertInteraction.run(id, districtId, type.id, coachIds[c], new Date(at).toISOString(), type.default_minutes, status,
          rand() < 0.03 ? null : buildingIds[c % BUILDINGS], coachIds[c], coachIds[c], now, now, rand() < 0.01 ? now : null);
        const withGroup = rand() < 0.05 ? groupIds[c % GROUPS]! : null;
        if (withGroup) insertInteractionGroup.run(districtId, id, withGroup);
        const n = 1 + Math.floor(rand() * 3);
        const first = Math.floor(rand() * 50);
        for (let p = 0; p < n; p++) {
          insertParticipant.run(districtId, id, caseload(c, (first + p * 17) % 50), withGroup);
          participants++;
        }
      }
    })();
  }
  counts.interactions = INTERACTIONS;
  counts.participants = participants;

  // The coaches' other logged time: about three activities a school week each.
  let activities = 0;
  sqlite.transaction(() => {
    const insert = sqlite.prepare(`insert into activities (district_id, user_id, category, starts_at, minutes, notes, sequence, import_uid, created_at, updated_at, deleted_at)
      values (?, ?, ?, ?, ?, null, 0, null, ?, ?, null)`);
    const CATEGORIES = ['planning', 'meeting', 'pd-attended', 'data-review', 'travel'];
    for (const day of days) {
      if (day >= todayAt) break;
      for (let c = 0; c < COACHES; c++) {
        if (rand() < 0.6) {
          insert.run(districtId, coachIds[c], CATEGORIES[Math.floor(rand() * CATEGORIES.length)], new Date(day + 20 * 3_600_000).toISOString(), 30 + 15 * Math.floor(rand() * 4), now, now);
          activities++;
        }
      }
    }
  })();
  counts.activities = activities;

  // Coaching cycles: one or two educators of the coach's caseload, through the stages with their history.
  let history = 0;
  sqlite.transaction(() => {
    const insertCycle = sqlite.prepare(`insert into coaching_cycles (district_id, coach_id, title, goal, start_date, target_end_date, status, stage_id, stage_entered_on,
      outcome, reflection, completed_on, created_by, updated_by, created_at, updated_at, deleted_at)
      values (?, ?, ?, 'Raise the share of students explaining their reasoning.', ?, ?, ?, ?, ?, ?, null, ?, ?, ?, ?, ?, ?)`);
    const insertStaff = sqlite.prepare('insert into coaching_cycle_staff (district_id, cycle_id, staff_id) values (?, ?, ?)');
    const insertHistory = sqlite.prepare('insert into coaching_cycle_stage_history (district_id, cycle_id, stage_id, entered_on, left_on, moved_by) values (?, ?, ?, ?, ?, ?)');
    const day = (t: number) => new Date(t).toISOString().slice(0, 10);
    const pastDays = days.filter((d) => d < todayAt);
    for (let k = 0; k < CYCLES; k++) {
      const c = k % COACHES;
      const startAt = pastDays[Math.floor((k / CYCLES) * pastDays.length)]!;
      const r = rand();
      const old = todayAt - startAt > 120 * 86_400_000;
      const status = old ? (r < 0.8 ? 'completed' : r < 0.9 ? 'cancelled' : 'active') : (r < 0.1 ? 'planned' : r < 0.75 ? 'active' : r < 0.92 ? 'completed' : 'cancelled');
      // Stage history: each stage for about its expected days (±), the open row in the current stage.
      let t = startAt;
      let stageIndex = 0;
      const rows: [number, string, string | null][] = [];
      const endAt = status === 'completed' || status === 'cancelled' ? Math.min(todayAt, startAt + (40 + Math.floor(rand() * 80)) * 86_400_000) : todayAt;
      for (;;) {
        const stage = stages[stageIndex]!;
        const leave = t + Math.round(stage.expected_days * (0.6 + rand() * 0.9)) * 86_400_000;
        if (leave >= endAt || stageIndex === stages.length - 1) {
          rows.push([stage.id, day(t), status === 'completed' && leave < endAt ? day(endAt) : null]);
          break;
        }
        rows.push([stage.id, day(t), day(leave)]);
        t = leave;
        stageIndex++;
      }
      const current = rows[rows.length - 1]!;
      const updatedAt = status === 'cancelled' ? new Date(endAt + 15 * 3_600_000).toISOString() : now;
      const id = Number(insertCycle.run(districtId, coachIds[c], `Cycle ${k + 1}`, day(startAt), day(startAt + 90 * 86_400_000), status, current[0], current[1],
        status === 'completed' ? (['met', 'partly-met', 'not-met', null] as const)[Math.floor(rand() * 4)] : null,
        status === 'completed' ? day(endAt) : null, coachIds[c], coachIds[c], now, updatedAt, k % 97 === 96 ? now : null).lastInsertRowid);
      const first = Math.floor(rand() * 50);
      insertStaff.run(districtId, id, caseload(c, first));
      if (rand() < 0.3) insertStaff.run(districtId, id, caseload(c, (first + 7) % 50));
      for (const [stageId, entered, left] of rows) {
        insertHistory.run(districtId, id, stageId, entered, left, coachIds[c]);
        history++;
      }
    }
  })();
  counts.cycles = CYCLES;
  counts.stage_history = history;

  // Skill ratings for growth: six skills per educator rated four times over the last two years.
  let ratings = 0;
  sqlite.transaction(() => {
    const insert = sqlite.prepare(`insert into skill_ratings (district_id, staff_id, skill_id, level, rated_on, rated_by, note, interaction_id, created_at)
      values (?, ?, ?, ?, ?, ?, null, null, ?)`);
    const RATED_ON = ['2025-01-15', '2025-09-20', '2026-02-10', '2026-10-05'];
    for (let k = 0; k < EDUCATORS; k++) {
      for (let s = 0; s < 6; s++) {
        const skill = skills[(k + s * 4) % skills.length]!;
        let level = 1 + Math.floor(rand() * 2);
        for (const on of RATED_ON) {
          insert.run(districtId, staffIds[k], skill.id, level, on, adminId, now);
          level = Math.min(4, level + (rand() < 0.5 ? 1 : 0));
          ratings++;
        }
      }
    }
  })();
  counts.skill_ratings = ratings;
  sqlite.close();
  return { districtId, buildingIds, coachIds, counts };
}

// ---- The floors ----------------------------------------------------------------------------------------

/**
 * The single raw aggregate behind each report, as one prepared statement: the counted interactions in the
 * range (completed, not deleted) joined to their participants, counting rows, minutes and distinct
 * educators (interactions, teacher level, coaching team, comparison); the cycles overlapping the range
 * with their educators (coaching cycles). `?building` / `?coach` narrow them as the report's filter does.
 */
function floorApp(file: string, districtId: number) {
  const sqlite = new SQLite(file, { readonly: true });
  const interactionsSql = (extra: string) => `select count(*) as rows_read, sum(i.duration_minutes) as minutes, count(distinct p.staff_id) as educators
    from interactions i join interaction_participants p on p.interaction_id = i.id
    where i.district_id = ? and i.starts_at >= ? and i.starts_at < ? and i.status = 'completed' and i.deleted_at is null ${extra}`;
  const cyclesSql = (extra: string) => `select count(*) as rows_read, count(distinct s.staff_id) as educators, sum(c.status = 'completed') as completed
    from coaching_cycles c join coaching_cycle_staff s on s.cycle_id = c.id
    where c.district_id = ? and c.deleted_at is null and c.start_date <= ?
      and (c.status in ('planned', 'active') or (c.status = 'completed' and c.completed_on >= ?) or (c.status = 'cancelled' and c.updated_at >= ?)) ${extra}`;
  const statements = {
    interactions: { none: sqlite.prepare(interactionsSql('')), building: sqlite.prepare(interactionsSql('and i.building_id = ?')), coach: sqlite.prepare(interactionsSql('and i.coach_id = ?')) },
    cycles: {
      none: sqlite.prepare(cyclesSql('')),
      building: sqlite.prepare(cyclesSql('and s.staff_id in (select staff_id from staff_buildings where district_id = c.district_id and building_id = ? and end_date is null)')),
      coach: sqlite.prepare(cyclesSql('and c.coach_id = ?')),
    },
  };
  const app = express();
  app.get('/floor/:which', (req, res) => {
    const from = String(req.query.from);
    const to = String(req.query.to);
    const fromAt = startOfLocalDay(from, TIMEZONE);
    const toAt = startOfLocalDay(new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), TIMEZONE);
    const by = req.query.building ? 'building' : req.query.coach ? 'coach' : 'none';
    const extra = by === 'none' ? [] : [Number(req.query.building ?? req.query.coach)];
    const row = req.params.which === 'cycles'
      ? statements.cycles[by].get(districtId, to, from, fromAt, ...extra)
      : statements.interactions[by].get(districtId, fromAt, toAt, ...extra);
    res.json(row);
  });
  return { app, close: () => sqlite.close() };
}

// ---- Measuring ---------------------------------------------------------------------------------------

const loadAverage = () => os.loadavg()[0]!.toFixed(0);

/** Requests one at a time for BENCH_MS (at least 5): p50 and p99 of their times, and the CPU time of this process (server and client) per request. */
async function oneAtATime(port: number, url: string, headers: Record<string, string>): Promise<{ p50: number; p99: number; n: number; cpu: number }> {
  const agent = new http.Agent({ keepAlive: true });
  const times: number[] = [];
  const cpu = process.cpuUsage();
  const end = Date.now() + DURATION_MS;
  while (times.length < 5 || (Date.now() < end && times.length < 400)) {
    const t = process.hrtime.bigint();
    const res = await request(agent, port, url, headers);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.body.slice(0, 300)}`);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const used = process.cpuUsage(cpu);
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!;
  return { p50: at(0.5), p99: at(0.99), n: times.length, cpu: (used.user + used.system) / 1000 / times.length };
}

/** CONCURRENT keep-alive connections for BENCH_MS, from the load generator's own process. */
function concurrent(port: number, url: string, headers: Record<string, string>): Promise<LoadResult> {
  const args = JSON.stringify({ port, path: url, headers, durationMs: DURATION_MS, concurrency: CONCURRENT, warmupMs: 0 });
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(import.meta.dirname, 'loadgen.mjs'), args], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`load generator failed: ${stderr || error.message}`));
      resolve(JSON.parse(stdout) as LoadResult);
    });
  });
}

const ms = (n: number) => n.toFixed(1);

export async function benchReports(): Promise<string[]> {
  if (benchPostgres()) {
    // Not ported yet: the district is seeded and the floor served with better-sqlite3 on the file. On
    // PostgreSQL both must be set-based SQL (insert … select from generate_series) and a pg floor.
    return ['| reports on PostgreSQL | not measured yet: this section seeds its 1 000 000 interactions and serves its floor with better-sqlite3 (SQLite only); see README "Benchmarks" |'];
  }
  const target = await benchDatabase('reports');
  const config = { ...loadConfig({ NODE_ENV: 'test', ...target.env }), publicDir: '/nonexistent' };
  const prepared = await prepareDatabase(config);
  const loadBefore = loadAverage();
  const seedStarted = Date.now();
  const { districtId, buildingIds, coachIds, counts } = await seedReportsDistrict(prepared.db, config.databaseFile);
  const seedMs = Date.now() - seedStarted;
  await settleBulkLoad(prepared.db);
  const statsStarted = Date.now();
  await sql`analyze`.execute(prepared.db);
  await refreshPlannerStatistics(prepared.db);
  const statsMs = Date.now() - statsStarted;
  // The server opens the database as `npm start` does on an existing one (statistics read at open).
  await prepared.db.destroy();
  const db = openDatabase(config.databaseFile);

  const app = createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: console.error });
  const server = await listen(app);
  const floor = floorApp(config.databaseFile, districtId);
  const floorServer = await listen(floor.app);
  const asAdmin = { cookie: await signIn(server.port, 'admin@bench.example', PASSWORD), accept: 'application/json' };
  const school = buildingIds[3]!;
  const coach = coachIds[5]!;
  // The default range: this school year (from August) up to today, as the reports resolve it.
  const today = todayIn(TIMEZONE);
  const yearFrom = `${Number(today.slice(5, 7)) >= 8 ? today.slice(0, 4) : Number(today.slice(0, 4)) - 1}-08-01`;
  const floorOf = (which: 'interactions' | 'cycles', extra: string) => `/floor/${which}?from=${yearFrom}&to=${today}${extra}`;
  const variants: [string, string, string][] = [
    ['default filters (this school year)', '', ''],
    ['one school', `filter[building_id][]=${school}`, `&building=${school}`],
    ['one coach', `filter[coach_id][]=${coach}`, `&coach=${coach}`],
  ];
  const reports: [string, (q: string) => string, 'interactions' | 'cycles'][] = [
    ['interactions', (q) => `/api/report/interactions?${q}`, 'interactions'],
    ['coaching-cycles', (q) => `/api/report/coaching-cycles?${q}`, 'interactions'],
    ['teacher-level', (q) => `/api/report/teacher-level?${q}`, 'interactions'],
    ['coaching-team', (q) => `/api/report/coaching-team?${q}`, 'interactions'],
    ['comparison (two schools)', (q) => `/api/report/comparison?compare=building&a=${buildingIds[0]}&b=${buildingIds[1]}&${q}`, 'interactions'],
  ];
  const out = [
    `| reports setup: ${Object.entries(counts).map(([k, v]) => `${v.toLocaleString('en-US')} ${k.replace('_', ' ')}`).join(', ')} inserted (raw prepared statements; load ${loadBefore}) | ${seedMs} ms, then ANALYZE ${statsMs} ms |`,
    '',
    `| report (GET /api/report/…) | filter | one at a time p50 / p99 ms (requests) | CPU ms/request | floor: p50 / p99 ms | floor CPU ms | ratio p99 | ratio CPU | ${CONCURRENT} concurrent p50 / p99 ms | floor ${CONCURRENT} concurrent p50 / p99 ms | load |`,
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const probe = new http.Agent({ keepAlive: false });
  for (const [name, urlOf, floorKind] of reports) {
    for (const [label, query, floorQuery] of variants) {
      const url = urlOf(query);
      const floorUrl = floorOf(floorKind, floorQuery);
      const check = await request(probe, server.port, url, asAdmin);
      if (check.status !== 200) throw new Error(`${url} answered ${check.status}: ${check.body.slice(0, 300)}`);
      const single = await oneAtATime(server.port, url, asAdmin);
      const floorSingle = await oneAtATime(floorServer.port, floorUrl, {});
      const loaded = await concurrent(server.port, url, asAdmin);
      const floorLoaded = await concurrent(floorServer.port, floorUrl, {});
      out.push(`| ${name} | ${label} | ${ms(single.p50)} / ${ms(single.p99)} (${single.n}) | ${ms(single.cpu)} | ${ms(floorSingle.p50)} / ${ms(floorSingle.p99)} | ${ms(floorSingle.cpu)} | ${(single.p99 / floorSingle.p99).toFixed(2)} | ${(single.cpu / floorSingle.cpu).toFixed(2)} | ${ms(loaded.p50)} / ${ms(loaded.p99)} (${loaded.errors} errors) | ${ms(floorLoaded.p50)} / ${ms(floorLoaded.p99)} | ${loadAverage()} |`);
      if (process.env.BENCH_VERBOSE) console.error(out.at(-1));
    }
  }
  probe.destroy();
  server.close();
  floorServer.close();
  floor.close();
  await db.destroy();
  if (!process.env.BENCH_KEEP) await target.drop();
  else console.error(`kept ${config.databaseFile}`);
  return out;
}

// `npx tsx scripts/benchReports.ts`: the reports alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  for (const row of await benchReports()) console.log(row);
}
