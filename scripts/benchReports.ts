// The reports on a big district (issue 11, Performance): 1 000 000 interactions over about three school
// years (Aug 2023 – Dec 2026) of 80 coaches with 4 000 educators in 40 schools, one to three participants
// each, a few groups, coaching cycles with their stage history, the coaches' activities and skill
// ratings. The district is built FAST: the accounts through the app's own functions, everything else
// with raw better-sqlite3 prepared statements in large transactions (no per-row Kysely); on PostgreSQL
// (`npm run bench -- --db=pg`) the very same rows (one deterministic generator, explicit ids) go in
// set-based, a batch at a time as one `insert … select … from json_populate_recordset($1)` per table.
//
// Then each report's API (GET /api/report/{kind}) is measured through HTTP with the default filters
// (this school year to date), with a school and with a coach filter: p50 and p99 of requests made one at
// a time (with the CPU time per request), and of 4 concurrent connections (scripts/loadgen.mjs in its own
// process). Beside each, the same figures for the floor: the single raw SQL aggregate every report needs
// (the counted interactions in the range joined to their participants: count, minutes, distinct educators;
// the cycles report needs it too for its targets), served by a bare Express route from a prepared
// statement (PostgreSQL: the same SQL as a named prepared statement on a pg pool). Goal: every report
// ≤ 150 ms p99 and ≤ 1.5× the floor.
// BENCH_MS bounds each run (default 5000); the machine's load average is printed with each row.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import express from 'express';
import { sql } from 'kysely';
import pg from 'pg';
import { checkpointInBackground, type DB, nowIso, openDatabase } from '../db/connection';
import { refreshPlannerStatistics, settleBulkLoad } from '../db/dialect';
import { createApp } from '../server/app';
import { prepareDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { createDistrict, createUser } from '../server/identity/accounts';
import { RateLimiter } from '../server/http/rateLimit';
import { createMemoryMailer } from '../server/lib/mailer';
import { startOfLocalDay, todayIn } from '../server/lib/zone';
import { DURATION_MS, type LoadResult, listen, request, signIn, benchDatabase, benchPostgres } from './benchLib';
import { printWhenRunAlone } from './benchApp';

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

type Row = Record<string, string | number | null>;

/**
 * Where the seed's rows go. SQLite: each row through a better-sqlite3 prepared statement, a batch in one
 * transaction. PostgreSQL: a batch's rows kept, then written in one transaction as one set-based insert
 * per table (and 20 000 rows), `insert … select … from json_populate_recordset(null::table, $1)`, tables
 * in the order their first row came. Every row that others point to carries its id, so the generator
 * knows it without asking either database.
 */
export interface RowSink {
  insert(table: string, row: Row): void;
  /** Runs `rows` (which calls insert) as one transaction. */
  batch(rows: () => void): Promise<void>;
  close(): Promise<void>;
}

export function sqliteSink(file: string): RowSink {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -200000');
  const statements = new Map<string, SQLite.Statement>();
  return {
    insert(table, row) {
      const columns = Object.keys(row);
      const key = `${table}(${columns.join(',')})`;
      let statement = statements.get(key);
      if (!statement) {
        statement = sqlite.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
        statements.set(key, statement);
      }
      statement.run(...Object.values(row));
    },
    async batch(rows) {
      sqlite.transaction(rows)();
    },
    async close() {
      sqlite.close();
    },
  };
}

const PG_CHUNK = 20_000;

export function postgresSink(db: DB): RowSink {
  let pending = new Map<string, Row[]>();
  const withIds = new Set<string>();
  return {
    insert(table, row) {
      let rows = pending.get(table);
      if (!rows) pending.set(table, (rows = []));
      rows.push(row);
      if ('id' in row) withIds.add(table);
    },
    async batch(rows) {
      rows();
      const tables = pending;
      pending = new Map();
      await db.transaction().execute(async (trx) => {
        for (const [table, all] of tables) {
          const columns = Object.keys(all[0]!);
          for (let i = 0; i < all.length; i += PG_CHUNK) {
            await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
              select ${sql.join(columns.map((c) => sql.ref(`r.${c}`)))}
              from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(all.slice(i, i + PG_CHUNK))}::json) as r`.execute(trx);
          }
        }
      });
    },
    async close() {
      // Ids were given: the identity counters move past them, as the inserts would have moved them.
      for (const table of withIds) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(db);
      }
    },
  };
}

/** The next id of a table (its rows are then given explicitly, the same on both databases). */
async function nextId(db: DB, table: 'staff' | 'groups' | 'interactions' | 'coaching_cycles'): Promise<number> {
  const { rows } = await sql<{ n: number }>`select coalesce(max(id), 0) + 1 as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.n);
}

export async function seedReportsDistrict(db: DB, file: string): Promise<ReportsDistrict> {
  const { districtId, buildingIds, coachIds } = await seedAccounts(db);
  const sink = benchPostgres() ? postgresSink(db) : sqliteSink(file);
  const now = nowIso();
  const rand = random(11);
  const counts: Record<string, number> = {};
  const types = await db.selectFrom('interaction_types').select(['id', 'default_minutes']).where('district_id', '=', districtId).orderBy('sort_order').execute();
  const stages = await db.selectFrom('cycle_stages').select(['id', 'expected_days']).where('district_id', '=', districtId).where('archived_at', 'is', null).orderBy('sort_order').execute();
  const skills = await db.selectFrom('skills as k').innerJoin('skill_frameworks as f', 'f.id', 'k.framework_id').select('k.id')
    .where('k.district_id', '=', districtId).where('f.active', '=', 1).orderBy('k.domain_id').orderBy('k.sort_order').execute();
  const adminId = (await db.selectFrom('users').select('id').where('district_id', '=', districtId).where('email', '=', 'admin@bench.example').executeTakeFirstOrThrow()).id;
  let nextStaff = await nextId(db, 'staff');
  let nextGroup = await nextId(db, 'groups');
  let nextCycle = await nextId(db, 'coaching_cycles');

  // Educators: school k % 40, caseload of one of the school's two coaches; grades and subjects vary.
  const staffIds: number[] = [];
  await sink.batch(() => {
    const SUBJECTS = ['Mathematics', 'English', 'Science', 'Social Studies', 'Art'];
    for (let k = 0; k < EDUCATORS; k++) {
      const hired = k % 10 === 0 ? '2026-08-10' : `${2005 + (k % 18)}-08-15`;
      const id = nextStaff++;
      sink.insert('staff', {
        id, district_id: districtId, first_name: `First${k}`, last_name: `Last${(k * 7919) % EDUCATORS}`, email: `educator${k}@bench.example`, employee_id: `B${k}`,
        position: 'Classroom Teacher', grade_levels: JSON.stringify([String(1 + (k % 8))]), subjects: JSON.stringify([SUBJECTS[k % SUBJECTS.length]]), hire_date: hired,
        status: k % 50 === 49 ? 'inactive' : 'active', user_id: null, created_at: now, updated_at: now,
      });
      staffIds.push(id);
      sink.insert('staff_buildings', { district_id: districtId, staff_id: id, building_id: buildingIds[k % BUILDINGS]!, start_date: '2015-08-15', end_date: null, created_at: now });
      sink.insert('coach_assignments', {
        district_id: districtId, coach_id: coachIds[(k % BUILDINGS) + BUILDINGS * (Math.floor(k / BUILDINGS) % 2)]!, staff_id: id, start_date: '2023-08-01', end_date: null, created_at: now, updated_at: now,
      });
    }
  });
  counts.educators = EDUCATORS;
  /** Educator j (0–49) of coach c's caseload. */
  const caseload = (c: number, j: number) => staffIds[(c % BUILDINGS) + BUILDINGS * (2 * j + Math.floor(c / BUILDINGS))]!;

  // A few groups (PLCs), 40–60 members each, memberships from the start of a school year (local midnight instants).
  const groupIds: number[] = [];
  await sink.batch(() => {
    for (let g = 0; g < GROUPS; g++) {
      const id = nextGroup++;
      sink.insert('groups', { id, district_id: districtId, name: `PLC ${g + 1}`, description: null, group_of: 'staff', created_at: now, updated_at: now, deleted_at: null });
      groupIds.push(id);
      for (let m = 0; m < 40 + g * 4; m++) {
        sink.insert('group_items', {
          group_id: id, item_id: staffIds[(g * 617 + m * 67) % EDUCATORS]!, start_date: startOfLocalDay(g % 2 ? '2025-08-01' : '2024-08-01', TIMEZONE),
          end_date: m % 9 === 8 ? startOfLocalDay('2026-10-01', TIMEZONE) : null,
        });
      }
    }
  });
  counts.groups = GROUPS;

  // Interactions, spread over the school days; participants from the coach's caseload (1–3), a group now and then.
  const days = schoolDays();
  const today = todayIn(TIMEZONE);
  const todayAt = Date.parse(startOfLocalDay(today, TIMEZONE));
  const BATCH = 50_000;
  const firstId = await nextId(db, 'interactions');
  let participants = 0;
  for (let start = 0; start < INTERACTIONS; start += BATCH) {
    await sink.batch(() => {
      for (let i = start; i < Math.min(INTERACTIONS, start + BATCH); i++) {
        const c = Math.floor(rand() * COACHES);
        const type = types[Math.floor(rand() * types.length)]!;
        const at = days[Math.floor((i / INTERACTIONS) * days.length)]! + (13 + Math.floor(rand() * 9)) * 3_600_000 + Math.floor(rand() * 4) * 900_000;
        const r = rand();
        const status = at >= todayAt ? 'scheduled' : r < 0.04 ? 'cancelled' : r < 0.06 ? 'no-show' : r < 0.08 ? 'scheduled' : 'completed';
        const id = firstId + i;
        const buildingId = rand() < 0.03 ? null : buildingIds[c % BUILDINGS]!;
        sink.insert('interactions', {
          id, district_id: districtId, interaction_type_id: type.id, coach_id: coachIds[c]!, starts_at: new Date(at).toISOString(), duration_minutes: type.default_minutes, status,
          building_id: buildingId, notes: 'Observed the lesson; strong routines.', private_notes: null, next_steps: 'Try a written exit ticket.', sequence: 0, import_uid: null,
          created_by: coachIds[c]!, updated_by: coachIds[c]!, created_at: now, updated_at: now, deleted_at: rand() < 0.01 ? now : null, coaching_cycle_id: null,
        });
        const withGroup = rand() < 0.05 ? groupIds[c % GROUPS]! : null;
        if (withGroup) sink.insert('interaction_groups', { district_id: districtId, interaction_id: id, group_id: withGroup });
        const n = 1 + Math.floor(rand() * 3);
        const first = Math.floor(rand() * 50);
        for (let p = 0; p < n; p++) {
          sink.insert('interaction_participants', { district_id: districtId, interaction_id: id, staff_id: caseload(c, (first + p * 17) % 50), group_id: withGroup });
          participants++;
        }
      }
    });
  }
  counts.interactions = INTERACTIONS;
  counts.participants = participants;

  // The coaches' other logged time: about three activities a school week each.
  let activities = 0;
  await sink.batch(() => {
    const CATEGORIES = ['planning', 'meeting', 'pd-attended', 'data-review', 'travel'];
    for (const day of days) {
      if (day >= todayAt) break;
      for (let c = 0; c < COACHES; c++) {
        if (rand() < 0.6) {
          sink.insert('activities', {
            district_id: districtId, user_id: coachIds[c]!, category: CATEGORIES[Math.floor(rand() * CATEGORIES.length)]!, starts_at: new Date(day + 20 * 3_600_000).toISOString(),
            minutes: 30 + 15 * Math.floor(rand() * 4), notes: null, sequence: 0, import_uid: null, created_at: now, updated_at: now, deleted_at: null,
          });
          activities++;
        }
      }
    }
  });
  counts.activities = activities;

  // Coaching cycles: one or two educators of the coach's caseload, through the stages with their history.
  let history = 0;
  await sink.batch(() => {
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
      const id = nextCycle++;
      sink.insert('coaching_cycles', {
        id, district_id: districtId, coach_id: coachIds[c]!, title: `Cycle ${k + 1}`, goal: 'Raise the share of students explaining their reasoning.',
        start_date: day(startAt), target_end_date: day(startAt + 90 * 86_400_000), status, stage_id: current[0], stage_entered_on: current[1],
        outcome: status === 'completed' ? (['met', 'partly-met', 'not-met', null] as const)[Math.floor(rand() * 4)]! : null, reflection: null,
        completed_on: status === 'completed' ? day(endAt) : null, created_by: coachIds[c]!, updated_by: coachIds[c]!, created_at: now, updated_at: updatedAt,
        deleted_at: k % 97 === 96 ? now : null,
      });
      const first = Math.floor(rand() * 50);
      sink.insert('coaching_cycle_staff', { district_id: districtId, cycle_id: id, staff_id: caseload(c, first) });
      if (rand() < 0.3) sink.insert('coaching_cycle_staff', { district_id: districtId, cycle_id: id, staff_id: caseload(c, (first + 7) % 50) });
      for (const [stageId, entered, left] of rows) {
        sink.insert('coaching_cycle_stage_history', { district_id: districtId, cycle_id: id, stage_id: stageId, entered_on: entered, left_on: left, moved_by: coachIds[c]! });
        history++;
      }
    }
  });
  counts.cycles = CYCLES;
  counts.stage_history = history;

  // Skill ratings for growth: six skills per educator rated four times over the last two years.
  let ratings = 0;
  await sink.batch(() => {
    const RATED_ON = ['2025-01-15', '2025-09-20', '2026-02-10', '2026-10-05'];
    for (let k = 0; k < EDUCATORS; k++) {
      for (let s = 0; s < 6; s++) {
        const skill = skills[(k + s * 4) % skills.length]!;
        let level = 1 + Math.floor(rand() * 2);
        for (const on of RATED_ON) {
          sink.insert('skill_ratings', { district_id: districtId, staff_id: staffIds[k]!, skill_id: skill.id, level, rated_on: on, rated_by: adminId, note: null, interaction_id: null, created_at: now });
          level = Math.min(4, level + (rand() < 0.5 ? 1 : 0));
          ratings++;
        }
      }
    }
  });
  counts.skill_ratings = ratings;
  await sink.close();
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
    const { from, to, fromAt, toAt, by, extra } = floorArguments(req.query);
    const row = req.params.which === 'cycles'
      ? statements.cycles[by].get(districtId, to, from, fromAt, ...extra)
      : statements.interactions[by].get(districtId, fromAt, toAt, ...extra);
    res.json(row);
  });
  return { app, close: () => sqlite.close() };
}

/** A floor request's range (district days, as instants from the start of `from` to the end of `to`) and filter. */
function floorArguments(query: express.Request['query']) {
  const from = String(query.from);
  const to = String(query.to);
  const fromAt = startOfLocalDay(from, TIMEZONE);
  const toAt = startOfLocalDay(new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), TIMEZONE);
  const by: 'building' | 'coach' | 'none' = query.building ? 'building' : query.coach ? 'coach' : 'none';
  const extra = by === 'none' ? [] : [Number(query.building ?? query.coach)];
  return { from, to, fromAt, toAt, by, extra };
}

/**
 * The same floor on PostgreSQL: the same aggregates (`sum(case …)` for SQLite's sum of a comparison) as
 * named prepared statements on a pg pool of the app's size.
 */
function postgresFloorApp(url: string, poolSize: number, districtId: number) {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const numbered = (text: string) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  };
  const interactionsSql = (extra: string) => numbered(`select count(*) as rows_read, sum(i.duration_minutes) as minutes, count(distinct p.staff_id) as educators
    from interactions i join interaction_participants p on p.interaction_id = i.id
    where i.district_id = ? and i.starts_at >= ? and i.starts_at < ? and i.status = 'completed' and i.deleted_at is null ${extra}`);
  const cyclesSql = (extra: string) => numbered(`select count(*) as rows_read, count(distinct s.staff_id) as educators, sum(case when c.status = 'completed' then 1 else 0 end) as completed
    from coaching_cycles c join coaching_cycle_staff s on s.cycle_id = c.id
    where c.district_id = ? and c.deleted_at is null and c.start_date <= ?
      and (c.status in ('planned', 'active') or (c.status = 'completed' and c.completed_on >= ?) or (c.status = 'cancelled' and c.updated_at >= ?)) ${extra}`);
  const statements = {
    interactions: { none: interactionsSql(''), building: interactionsSql('and i.building_id = ?'), coach: interactionsSql('and i.coach_id = ?') },
    cycles: {
      none: cyclesSql(''),
      building: cyclesSql('and s.staff_id in (select staff_id from staff_buildings where district_id = c.district_id and building_id = ? and end_date is null)'),
      coach: cyclesSql('and c.coach_id = ?'),
    },
  };
  const app = express();
  app.get('/floor/:which', async (req, res) => {
    const { from, to, fromAt, toAt, by, extra } = floorArguments(req.query);
    const which = req.params.which === 'cycles' ? 'cycles' : 'interactions';
    const values = which === 'cycles' ? [districtId, to, from, fromAt, ...extra] : [districtId, fromAt, toAt, ...extra];
    const { rows } = await pool.query({ name: `floor-${which}-${by}`, text: statements[which][by], values });
    res.json(rows[0]);
  });
  return { app, close: () => void pool.end() };
}

// ---- Measuring ---------------------------------------------------------------------------------------

const loadAverage = () => os.loadavg()[0]!.toFixed(0);

/** Requests one at a time for BENCH_MS (at least 5): p50 and p99 of their times, and the CPU time of this process (server and client) per request. */
export async function oneAtATime(
  port: number, url: string, headers: Record<string, string>, before?: (k: number) => Promise<unknown>,
): Promise<{ p50: number; p99: number; n: number; cpu: number }> {
  const agent = new http.Agent({ keepAlive: true });
  const times: number[] = [];
  const cpu = process.cpuUsage();
  const end = Date.now() + DURATION_MS;
  while (times.length < 5 || (Date.now() < end && times.length < 400)) {
    if (before) await before(times.length);
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

/** CONCURRENT (or `connections`) keep-alive connections for BENCH_MS, from the load generator's own process. */
function concurrent(port: number, url: string, headers: Record<string, string>, connections = CONCURRENT): Promise<LoadResult> {
  const args = JSON.stringify({ port, path: url, headers, durationMs: DURATION_MS, concurrency: connections, warmupMs: 0 });
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(import.meta.dirname, 'loadgen.mjs'), args], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`load generator failed: ${stderr || error.message}`));
      resolve(JSON.parse(stdout) as LoadResult);
    });
  });
}

const ms = (n: number) => n.toFixed(1);

/**
 * The educator's home (GET /api/me/home, issue 29: p99 ≤ 20 ms at 16 concurrent): the educator with the most
 * interactions gets a login, then their home is read kept (one at a time and 16 concurrent) and afresh (a
 * write in the district before each read).
 */
async function educatorHomeRows(db: DB, districtId: number, port: number, write: (k: number) => Promise<void>): Promise<string[]> {
  const busiest = await db.selectFrom('interaction_participants').select(['staff_id', sql<number>`count(*)`.as('n')])
    .where('district_id', '=', districtId).groupBy('staff_id').orderBy(sql`count(*)`, 'desc').limit(1).executeTakeFirstOrThrow();
  const login = await createUser(db, { districtId, email: 'educator@bench.example', name: 'Bench Educator', roles: ['educator'], password: PASSWORD });
  await db.updateTable('staff').set({ user_id: login.id }).where('id', '=', busiest.staff_id).where('district_id', '=', districtId).execute();
  const asEducator = { cookie: await signIn(port, 'educator@bench.example', PASSWORD), accept: 'application/json' };
  const url = '/api/me/home';
  const kept = await oneAtATime(port, url, asEducator);
  const loaded = await concurrent(port, url, asEducator, 16);
  const fresh = await oneAtATime(port, url, asEducator, write);
  return [
    `| educator's home (GET /api/me/home), an educator in ${Number(busiest.n).toLocaleString('en-US')} interactions | p50 / p99 ms (requests) | CPU ms/request |`, '|---|---|---|',
    `| kept, one at a time | ${ms(kept.p50)} / ${ms(kept.p99)} (${kept.n}) | ${ms(kept.cpu)} |`,
    `| kept, 16 concurrent | ${ms(loaded.p50)} / ${ms(loaded.p99)} (${loaded.errors} errors) | |`,
    `| first read after a write | ${ms(fresh.p50)} / ${ms(fresh.p99)} (${fresh.n}) | ${ms(fresh.cpu)} |`,
  ];
}

/**
 * BENCH_REPORTS_CACHE=<file> (SQLite only): the seeded, analysed district is copied there (with what the seed
 * answered beside it, <file>.json), and a later run starts from a copy of it instead of seeding again (about a
 * minute on a quiet machine, many under load); migrations newer than the copy run on it as on any database.
 * BENCH_REPORTS_ONLY=home measures the educator's home alone (issue 29), skipping the reports and the pulse.
 */
const CACHE = benchPostgres() ? undefined : process.env.BENCH_REPORTS_CACHE || undefined;
const HOME_ONLY = process.env.BENCH_REPORTS_ONLY === 'home';

export async function benchReports(): Promise<string[]> {
  const target = await benchDatabase('reports');
  const config = { ...loadConfig({ NODE_ENV: 'test', ...target.env }), publicDir: '/nonexistent' };
  const cached = CACHE && fs.existsSync(CACHE) && fs.existsSync(`${CACHE}.json`);
  if (cached) fs.copyFileSync(CACHE, config.databaseFile);
  const prepared = await prepareDatabase(config);
  const loadBefore = loadAverage();
  const seedStarted = Date.now();
  const seeded: ReportsDistrict = cached
    ? JSON.parse(fs.readFileSync(`${CACHE}.json`, 'utf8')) as ReportsDistrict
    : await seedReportsDistrict(prepared.db, config.databaseFile);
  const { districtId, buildingIds, coachIds, counts } = seeded;
  const seedMs = Date.now() - seedStarted;
  const statsStarted = Date.now();
  if (!cached) {
    await settleBulkLoad(prepared.db);
    await sql`analyze`.execute(prepared.db);
  }
  await refreshPlannerStatistics(prepared.db);
  const statsMs = Date.now() - statsStarted;
  if (CACHE && !cached) {
    await settleBulkLoad(prepared.db);
    fs.copyFileSync(config.databaseFile, CACHE);
    fs.writeFileSync(`${CACHE}.json`, JSON.stringify(seeded));
  }
  // The server opens the database as `npm start` does on an existing one (statistics read at open).
  await prepared.db.destroy();
  const db = openDatabase({ databaseUrl: config.databaseUrl, databaseFile: config.databaseFile, pool: { max: config.pgPoolSize } });
  // As the server runs (server/main.ts): SQLite's checkpoints on a worker thread.
  const checkpoints = checkpointInBackground(db);

  const app = createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: console.error });
  const server = await listen(app);
  const floor = config.databaseUrl ? postgresFloorApp(config.databaseUrl, config.pgPoolSize, districtId) : floorApp(config.databaseFile, districtId);
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
    `| reports setup: ${Object.entries(counts).map(([k, v]) => `${v.toLocaleString('en-US')} ${k.replace('_', ' ')}`).join(', ')} ${cached ? `copied from ${CACHE}` : 'inserted'} (${benchPostgres() ? 'PostgreSQL: set-based inserts of 20 000 rows' : 'raw prepared statements'}; load ${loadBefore}) | ${seedMs} ms, then ANALYZE ${statsMs} ms |`,
    ...(HOME_ONLY ? [] : ['',
    `| report (GET /api/report/…) | filter | one at a time p50 / p99 ms (requests) | CPU ms/request | floor: p50 / p99 ms | floor CPU ms | ratio p99 | ratio CPU | ${CONCURRENT} concurrent p50 / p99 ms | floor ${CONCURRENT} concurrent p50 / p99 ms | first read after a write: p50 / p99 ms (requests), CPU ms | its ratio p99 / CPU | load |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|']),
  ];
  // A write in the district before each read: the report computed afresh, as the first reader after
  // any change gets it (server/lib/keptAnswers.ts keeps a report until then). The write edits the length
  // of a completed interaction of this month with its participants, so the rollup triggers sum its groups
  // again (db/reportRollups.ts); its time is measured apart. The read's CPU includes the write.
  const edited = await db.selectFrom('interactions').select('id').where('district_id', '=', districtId).where('status', '=', 'completed')
    .where('starts_at', '>=', startOfLocalDay(`${today.slice(0, 7)}-01`, TIMEZONE)).orderBy('id').executeTakeFirstOrThrow();
  const writeTimes: number[] = [];
  const write = async (k: number) => {
    const started = process.hrtime.bigint();
    await db.updateTable('interactions').set({ duration_minutes: 30 + (k % 4) * 15, notes: `Bench write ${k}` }).where('id', '=', edited.id).execute();
    writeTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
  };
  const probe = new http.Agent({ keepAlive: false });
  for (const [name, urlOf, floorKind] of HOME_ONLY ? [] : reports) {
    for (const [label, query, floorQuery] of variants) {
      const url = urlOf(query);
      const floorUrl = floorOf(floorKind, floorQuery);
      const check = await request(probe, server.port, url, asAdmin);
      if (check.status !== 200) throw new Error(`${url} answered ${check.status}: ${check.body.slice(0, 300)}`);
      const single = await oneAtATime(server.port, url, asAdmin);
      const floorSingle = await oneAtATime(floorServer.port, floorUrl, {});
      const loaded = await concurrent(server.port, url, asAdmin);
      const floorLoaded = await concurrent(floorServer.port, floorUrl, {});
      const fresh = await oneAtATime(server.port, url, asAdmin, write);
      out.push(`| ${name} | ${label} | ${ms(single.p50)} / ${ms(single.p99)} (${single.n}) | ${ms(single.cpu)} | ${ms(floorSingle.p50)} / ${ms(floorSingle.p99)} | ${ms(floorSingle.cpu)} | ${(single.p99 / floorSingle.p99).toFixed(2)} | ${(single.cpu / floorSingle.cpu).toFixed(2)} | ${ms(loaded.p50)} / ${ms(loaded.p99)} (${loaded.errors} errors) | ${ms(floorLoaded.p50)} / ${ms(floorLoaded.p99)} | ${ms(fresh.p50)} / ${ms(fresh.p99)} (${fresh.n}), ${ms(fresh.cpu)} | ${(fresh.p99 / floorSingle.p99).toFixed(2)} / ${(fresh.cpu / floorSingle.cpu).toFixed(2)} | ${loadAverage()} |`);
      if (process.env.BENCH_VERBOSE) console.error(out.at(-1));
    }
  }
  // The dashboard's pulse (this month against target, overdue cycles, not reached this school year): the
  // first screen of every district admin, kept like the reports.
  if (!HOME_ONLY) {
    const pulseKept = await oneAtATime(server.port, '/api/report/pulse', asAdmin);
    const pulseFresh = await oneAtATime(server.port, '/api/report/pulse', asAdmin, write);
    writeTimes.sort((a, b) => a - b);
    out.push('', `| the write before each fresh read: an interaction's length edited (rollup triggers) | p50 ${ms(writeTimes[Math.floor(writeTimes.length / 2)]!)} / p99 ${ms(writeTimes[Math.floor(writeTimes.length * 0.99)]!)} ms (${writeTimes.length} writes) |`, '|---|---|');
    out.push('', '| dashboard pulse (GET /api/report/pulse), district admin | p50 / p99 ms (requests) | CPU ms/request |', '|---|---|---|',
      `| kept | ${ms(pulseKept.p50)} / ${ms(pulseKept.p99)} (${pulseKept.n}) | ${ms(pulseKept.cpu)} |`,
      `| first read after a write | ${ms(pulseFresh.p50)} / ${ms(pulseFresh.p99)} (${pulseFresh.n}) | ${ms(pulseFresh.cpu)} |`);
  }
  out.push('', ...await educatorHomeRows(db, districtId, server.port, write));
  probe.destroy();
  server.close();
  floorServer.close();
  floor.close();
  await checkpoints.stop();
  await db.destroy();
  if (!process.env.BENCH_KEEP) await target.drop();
  else console.error(`kept ${config.databaseFile}`);
  return out;
}

// `npx tsx scripts/benchReports.ts`: the reports alone.
await printWhenRunAlone(import.meta.filename, benchReports);
