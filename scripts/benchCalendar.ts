// Benchmark of the calendar feed: a coach with 2 000 events in the feed's window (1 600 interactions with
// one to three educators each, 400 activities), the whole GET /api/calendar/{token}.ics (token lookup,
// queries, ical-generator) one request at a time, and the text generation alone. Goal: ≤ 50 ms.
// `npx tsx scripts/benchCalendar.ts` runs it alone; `npm run bench` includes it (BENCH_SKIP=calendar skips).
import http from 'node:http';
import { nowIso } from '../db/connection';
import { createApp } from '../server/app';
import { prepareDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { buildFeed } from '../server/features/calendar/feed';
import { feedActivities, feedInteractions, feedParticipants } from '../server/features/calendar/queries';
import { createDistrict, createUser } from '../server/identity/accounts';
import { newToken } from '../server/identity/tokens';
import { RateLimiter } from '../server/http/rateLimit';
import { createMemoryMailer } from '../server/lib/mailer';
import { listen, request, benchDatabase } from './benchLib';
import { printWhenRunAlone } from './benchApp';

const INTERACTIONS = 1600;
const ACTIVITIES = 400;
const RUNS = 60;
export const FEED_GOAL_MS = 50;

const FIRST = ['Jordan', 'Ana', 'Liam', 'Maya', 'Noah', 'Ava', 'Ethan', 'Zoe', 'Lucas', 'Mia'];
const LAST = ['Ellis', 'Garcia', 'Nguyen', 'Smith, Jr.', 'Patel', 'O’Brien', 'Martinez', 'Kim', 'Johnson', 'Lee'];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function benchCalendar(): Promise<string[]> {
  const target = await benchDatabase('calendar');
  const config = { ...loadConfig({ NODE_ENV: 'test', ...target.env }), publicDir: '/nonexistent', appUrl: 'https://coachwell.example' };
  const { db } = await prepareDatabase(config);
  const districtId = await createDistrict(db, { name: 'Bench District', state: 'IL', planKey: 'professional', status: 'active' });
  const coach = await createUser(db, { districtId, email: 'coach@bench.example', name: 'Bench Coach', roles: ['coach'], password: undefined });
  await db.updateTable('users').set({ status: 'active' }).where('id', '=', coach.id).execute();
  const now = nowIso();
  const { id: buildingId } = await db.insertInto('buildings').values({ district_id: districtId, name: 'Lincoln Middle School', code: null, grade_band: null, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  const staffIds: number[] = [];
  for (let i = 0; i < 60; i++) {
    const { id } = await db.insertInto('staff').values({
      district_id: districtId, first_name: FIRST[i % 10]!, last_name: LAST[Math.floor(i / 6) % 10]!, email: null, employee_id: null, position: null,
      grade_levels: '[]', subjects: '[]', hire_date: null, status: 'active', user_id: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    staffIds.push(id);
  }
  const types = await db.selectFrom('interaction_types').select('id').where('district_id', '=', districtId).execute();
  // Spread over the feed's window: 85 days back to a year ahead.
  const start = Date.now() - 85 * 86_400_000;
  const step = Math.floor((450 * 86_400_000) / (INTERACTIONS + ACTIVITIES));
  const statuses = ['completed', 'completed', 'scheduled', 'cancelled', 'no-show'] as const;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < INTERACTIONS; i++) {
      const { id } = await trx.insertInto('interactions').values({
        district_id: districtId, interaction_type_id: types[i % types.length]!.id, coach_id: coach.id,
        starts_at: new Date(start + i * step).toISOString(), duration_minutes: 30 + (i % 4) * 15, status: statuses[i % statuses.length]!,
        building_id: i % 3 === 0 ? buildingId : null, notes: 'Shared notes', private_notes: 'Private', next_steps: null, sequence: i % 5,
        import_uid: null, created_by: coach.id, updated_by: coach.id, created_at: now, updated_at: now, deleted_at: null,
      }).returning('id').executeTakeFirstOrThrow();
      const people = 1 + (i % 3);
      await trx.insertInto('interaction_participants').values(
        Array.from({ length: people }, (_, k) => ({ district_id: districtId, interaction_id: id, staff_id: staffIds[(i * 7 + k * 13) % staffIds.length]!, group_id: null })),
      ).execute();
    }
    for (let i = 0; i < ACTIVITIES; i++) {
      await trx.insertInto('activities').values({
        district_id: districtId, user_id: coach.id, category: ['planning', 'meeting', 'travel', 'pd-attended'][i % 4]!,
        starts_at: new Date(start + (INTERACTIONS + i) * step).toISOString(), minutes: 30, notes: null, sequence: 0, import_uid: null,
        created_at: now, updated_at: now, deleted_at: null,
      }).execute();
    }
  });
  const { token, hash } = newToken();
  await db.insertInto('calendar_feeds').values({ district_id: districtId, user_id: coach.id, token_hash: hash, title_mode: 'names', created_at: now, updated_at: now }).execute();

  const app = createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: () => {} });
  const server = await listen(app);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = `/api/calendar/${token}.ics`;
  const first = await request(agent, server.port, url);
  if (first.status !== 200) throw new Error(`${url} answered ${first.status}: ${first.body}`);
  const events = (first.body.match(/BEGIN:VEVENT/g) ?? []).length;
  // Wall time, and the CPU time of this process (server and client side of the request) per request:
  // on a shared machine the wall time includes waiting for a core.
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const res = await request(agent, server.port, url);
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    if (res.status !== 200) throw new Error(`feed answered ${res.status}`);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);

  // The text alone, from rows already read.
  const since = new Date(Date.now() - 90 * 86_400_000).toISOString();
  const interactions = await feedInteractions(db, districtId, coach.id, since, 5000);
  const participants = await feedParticipants(db, districtId, interactions.map((i) => i.id));
  const activities = await feedActivities(db, districtId, coach.id, since, 5000);
  const build: number[] = [];
  for (let i = 0; i < 20; i++) {
    const c0 = process.cpuUsage();
    buildFeed({ ownerName: 'Bench Coach', titleMode: 'names', uidHost: 'coachwell.example', appUrl: config.appUrl, interactions, participants, activities });
    const c = process.cpuUsage(c0);
    build.push((c.user + c.system) / 1000);
  }
  build.sort((a, b) => a - b);

  agent.destroy();
  server.close();
  await db.destroy();
  await target.drop();
  const median = percentile(times, 0.5);
  return [
    `| GET /api/calendar/{token}.ics, ${events.toLocaleString('en-US')} events (${(first.body.length / 1024).toFixed(0)} KiB), one request at a time, ${RUNS} runs (goal ≤ ${FEED_GOAL_MS} ms) | median ${median.toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms${median > FEED_GOAL_MS ? ' — over the goal' : ''}; CPU median ${percentile(cpu, 0.5).toFixed(1)} ms |`,
    `| of which the text (ical-generator + folding, rows already read), CPU | median ${percentile(build, 0.5).toFixed(1)} ms |`,
  ];
}

// `npx tsx scripts/benchCalendar.ts`: the calendar feed alone.
await printWhenRunAlone(import.meta.filename, benchCalendar);
