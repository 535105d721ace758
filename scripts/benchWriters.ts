// Many writers at once (issue 34): 16 writers in one district and 16 more spread over 20 other districts,
// for BENCH_WRITERS_MS (default 60 s), against TWO app processes sharing the database (round-robin, as
// behind the load balancer of README "Hosting many districts"). Each writer saves back to back: new
// interactions, edits of its own interaction, logged time, skill ratings and cycle moves. Reports the
// failed writes (any 5xx or network error; must be 0), the other refusals (4xx), and write p50/p99.
//   npx tsx scripts/benchWriters.ts [--db=pg|sqlite]   (npm run bench runs it as the `writers` section)
// On PostgreSQL without BENCH_POSTGRES it starts a throwaway server (scripts/postgresServer.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { benchDatabase, benchDbLabel, benchPostgres, parseDbOption, request } from './benchLib';
import { startThrowawayPostgres } from './postgresServer';
import { loadConfig } from '../server/config';
import { prepareDatabase } from '../server/bootstrap';
import { createApp } from '../server/app';
import { RateLimiter } from '../server/http/rateLimit';
import { createMemoryMailer } from '../server/lib/mailer';
import { TEST_PASSWORD } from '../server/testing/app';
import { buildBuilding, buildDistrict, buildStaff, buildUser } from '../server/testing/factories';
import { insertCycle, stagesOfDistrict } from '../server/testing/cycles.fixture';
import { insertInteraction } from '../server/testing/interactions.fixture';
import { frameworkOf } from '../server/testing/skills.fixture';
import { checkpointInBackground, type DB } from '../db/connection';

const DURATION_MS = Number(process.env.BENCH_WRITERS_MS ?? 60_000);
/**
 * BENCH_WRITERS_PACE_MS: each writer starts a write every so many ms (its first at a random point of the first
 * interval) instead of back to back, so the latency is measured at an arrival rate (32 writers ÷ the pace) rather than
 * as the queue of 32 writes always in flight (issue 34's question).
 */
const PACE_MS = Number(process.env.BENCH_WRITERS_PACE_MS ?? 0);
const ONE_DISTRICT_WRITERS = 16;
const SPREAD_WRITERS = 16;
const SPREAD_DISTRICTS = 20;

export interface Seat { email: string; districtId: number; typeId: number; buildingId: number; staffIds: number[]; skillIds: number[]; stageIds: number[]; interactionId: number; cycleId: number }

export async function seedDistrict(db: DB, name: string, writers: number): Promise<Seat[]> {
  const district = await buildDistrict(db, { name });
  const building = await buildBuilding(db, district.id, { name: `${name} School` });
  const staff = [];
  for (let i = 0; i < 6; i++) staff.push(await buildStaff(db, { districtId: district.id, buildingId: building.id, firstName: `Ed${i}`, lastName: name.replace(/\W/g, '') }));
  const type = await db.selectFrom('interaction_types').select('id').where('district_id', '=', district.id).where('archived_at', 'is', null).orderBy('id').executeTakeFirstOrThrow();
  const { skills } = await frameworkOf(db, district.id);
  const stages = (await stagesOfDistrict(db, district.id)).filter((s) => s.archived_at === null);
  const seats: Seat[] = [];
  for (let i = 0; i < writers; i++) {
    const user = await buildUser(db, { role: 'district-admin', districtId: district.id, name: `Writer ${i}`, email: `w${i}.d${district.id}@bench.example` });
    const own = await insertInteraction(db, { districtId: district.id, typeId: type.id, coachId: user.id, staff: [{ id: staff[0]!.id }] });
    const cycle = await insertCycle(db, { districtId: district.id, coachId: user.id, staffIds: [staff[1]!.id], stageId: stages[0]!.id });
    seats.push({
      email: user.email, districtId: district.id, typeId: type.id, buildingId: building.id, staffIds: staff.map((s) => s.id),
      skillIds: skills.map((s) => s.id), stageIds: stages.slice(0, 2).map((s) => s.id), interactionId: own.id, cycleId: cycle.id,
    });
  }
  return seats;
}

/** The app in a process of its own (`--serve`): prints its port. */
async function serve(): Promise<void> {
  const config = { ...loadConfig({ NODE_ENV: 'test', ...process.env }), publicDir: '/nonexistent' };
  const { db } = await prepareDatabase(config);
  // As the server runs (server/main.ts): SQLite's checkpoints on a worker thread.
  checkpointInBackground(db);
  const app = createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: () => {} });
  const server = app.listen(0, '127.0.0.1', () => console.log(`PORT ${(server.address() as { port: number }).port}`));
  // Longer than the load generator's idle sockets live: a socket the server closes while the client reuses
  // it is an ECONNRESET of the benchmark's own making (a load balancer keeps its upstream sockets the same way).
  server.keepAliveTimeout = 65_000;
}

function startServer(env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve({ port: Number(m[1]), child });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

const cookiesOf = (headers: http.IncomingHttpHeaders) => (headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);

/** Signs in on one process (the session is shared by both): cookie header and XSRF token. */
export async function signIn(agent: http.Agent, port: number, email: string): Promise<{ cookie: string; xsrf: string }> {
  const jar = new Map<string, string>();
  const keep = (h: http.IncomingHttpHeaders) => cookiesOf(h).forEach((c) => jar.set(c.split('=')[0]!, c));
  keep((await request(agent, port, '/api/auth/user')).headers);
  const headers = () => ({ cookie: [...jar.values()].join('; '), 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN')!.slice(11)) });
  const login = await request(agent, port, '/api/auth/login', headers(), 'POST', JSON.stringify({ email, password: TEST_PASSWORD, area: 'app' }));
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body}`);
  keep(login.headers);
  keep((await request(agent, port, '/api/auth/user', headers())).headers);
  const h = headers();
  return { cookie: h.cookie, xsrf: h['x-xsrf-token'] };
}

export type Op = 'create' | 'edit' | 'activity' | 'rating' | 'cycle';
export const OPS: [Op, number][] = [['create', 30], ['edit', 25], ['activity', 15], ['rating', 15], ['cycle', 15]];

function pickOp(): Op {
  let r = Math.random() * 100;
  for (const [op, weight] of OPS) if ((r -= weight) < 0) return op;
  return 'create';
}

export function write(op: Op, seat: Seat, k: number, stageAt: Map<number, number>): { method: string; path: string; body: unknown } {
  const day = String(1 + (k % 28)).padStart(2, '0');
  const interaction = () => ({
    interaction_type_id: seat.typeId, starts_at: `2026-10-${day}T14:00:00.000Z`, duration_minutes: 15 + (k % 45), status: 'completed',
    building_id: seat.buildingId, staff_ids: seat.staffIds.slice(k % 3, (k % 3) + 1 + (k % 2)), group_ids: [], notes: `Bench ${k}`,
    private_notes: null, next_steps: null, field_values: {},
  });
  switch (op) {
    case 'create': return { method: 'POST', path: '/api/interaction', body: interaction() };
    case 'edit': return { method: 'PUT', path: `/api/interaction/${seat.interactionId}`, body: interaction() };
    case 'activity': return { method: 'POST', path: '/api/activity', body: { category: 'planning', starts_at: `2026-10-${day}T19:00:00.000Z`, minutes: 10 + (k % 50), notes: null } };
    case 'rating': return {
      method: 'POST', path: `/api/staff/${seat.staffIds[k % seat.staffIds.length]}/skill-rating`,
      body: { rated_on: `2026-10-${day}`, ratings: [{ skill_id: seat.skillIds[k % seat.skillIds.length], level: 1 + (k % 3), note: null }] },
    };
    case 'cycle': {
      const at = stageAt.get(seat.cycleId) ?? 0;
      const next = (at + 1) % seat.stageIds.length;
      stageAt.set(seat.cycleId, next);
      return { method: 'POST', path: `/api/coaching-cycle/${seat.cycleId}/stage`, body: { stage_id: seat.stageIds[next] } };
    }
  }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

export async function benchWriters(): Promise<string[]> {
  const target = await benchDatabase('writers');
  const config = { ...loadConfig({ NODE_ENV: 'test', ...target.env }), publicDir: '/nonexistent' };
  const { db } = await prepareDatabase(config);
  const busy = await seedDistrict(db, 'Busy District', ONE_DISTRICT_WRITERS);
  const spread: Seat[] = [];
  for (let d = 0; d < SPREAD_DISTRICTS; d++) spread.push(...await seedDistrict(db, `District ${d + 1}`, 1));
  await db.destroy();

  const servers = [await startServer(target.env), await startServer(target.env)];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const sessions = new Map<string, { cookie: string; xsrf: string }>();
  for (const seat of [...busy, ...spread]) sessions.set(seat.email, await signIn(agent, servers[0]!.port, seat.email));

  const latencies: Record<'busy' | 'spread', number[]> = { busy: [], spread: [] };
  const byOp = new Map<Op, number[]>();
  const failures: string[] = [];
  let refused = 0;
  const refusals = new Map<string, number>();
  const stageAt = new Map<number, number>();
  const started = Date.now();
  let turn = 0;
  let late = 0;
  const loop = async (which: 'busy' | 'spread', seatOf: () => Seat) => {
    let due = started + Math.random() * PACE_MS;
    for (let k = 0; Date.now() - started < DURATION_MS; k++) {
      if (PACE_MS) {
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
        else if (Date.now() - due > 1) late++;
        due += PACE_MS;
        if (Date.now() - started >= DURATION_MS) break;
      }
      const seat = seatOf();
      const op = pickOp();
      const { method, path, body } = write(op, seat, k, stageAt);
      const s = sessions.get(seat.email)!;
      const port = servers[turn++ % servers.length]!.port;
      const t0 = performance.now();
      try {
        const res = await request(agent, port, path, {
          cookie: s.cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': s.xsrf,
        }, method, JSON.stringify(body));
        const ms = performance.now() - t0;
        if (res.status >= 500) failures.push(`${op} ${res.status} ${res.body.slice(0, 200)}`);
        else if (res.status >= 400) {
          refused++;
          const why = `${op} ${res.status} ${(/"message":"([^"]*)"/.exec(res.body)?.[1] ?? '').slice(0, 120)}`;
          refusals.set(why, (refusals.get(why) ?? 0) + 1);
        }
        latencies[which].push(ms);
        (byOp.get(op) ?? byOp.set(op, []).get(op)!).push(ms);
      } catch (err) {
        failures.push(`${op} ${(err as Error).message}`);
      }
    }
  };
  await Promise.all([
    ...busy.map((seat) => loop('busy', () => seat)),
    ...Array.from({ length: SPREAD_WRITERS }, () => loop('spread', () => spread[Math.floor(Math.random() * spread.length)]!)),
  ]);
  const seconds = (Date.now() - started) / 1000;
  agent.destroy();
  await Promise.all(servers.map(({ child }) => new Promise((r) => {
    child.removeAllListeners('exit');
    child.once('exit', r);
    child.kill('SIGKILL');
  })));
  await target.drop();

  const all = [...latencies.busy, ...latencies.spread].sort((a, b) => a - b);
  const row = (label: string, xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `| ${label} | ${s.length} | ${(s.length / seconds).toFixed(0)}/s | ${pct(s, 50).toFixed(1)} ms | ${pct(s, 99).toFixed(1)} ms | ${s.at(-1)?.toFixed(0) ?? '-'} ms |`;
  };
  const out = [
    `Writers on ${benchDbLabel()}: ${ONE_DISTRICT_WRITERS} in one district + ${SPREAD_WRITERS} over ${SPREAD_DISTRICTS} districts, 2 app processes, ${(seconds).toFixed(0)} s, ${PACE_MS ? `each a write every ${PACE_MS} ms (${late} started late)` : 'back to back'}.`,
    `Failed writes (5xx or network): ${failures.length}; refused (4xx): ${refused}.`,
    '| writes | n | rate | p50 | p99 | max |',
    '|---|---|---|---|---|---|',
    row('all', all), row('the one district', latencies.busy), row('spread over 20 districts', latencies.spread),
    ...[...byOp].map(([op, xs]) => row(op, xs)),
  ];
  if (failures.length) out.push(`First failures: ${failures.slice(0, 5).join(' / ')}`);
  if (refusals.size) out.push(`Refusals: ${[...refusals].map(([why, n]) => `${n} × ${why}`).join(' / ')}`);
  return out;
}

if (process.argv.includes('--serve')) {
  await serve();
} else if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith('benchWriters.ts')) {
  const kind = parseDbOption(process.argv.slice(2));
  const pgServer = kind === 'pg' && !benchPostgres() ? await startThrowawayPostgres() : undefined;
  if (pgServer) process.env.BENCH_POSTGRES = pgServer.url;
  try {
    for (const line of await benchWriters()) console.log(line);
  } finally {
    pgServer?.stop();
  }
}
