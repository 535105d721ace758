// One write at a time on PostgreSQL (issue 34): for each kind of write the writers benchmark makes
// (scripts/benchWriters.ts), the statements it sends (round trips), those sent inside its transaction
// after its first write (while it holds the row locks its writes took, the district's hot rows among them),
// its time and the Node CPU per request (app and this load generator in one process).
//   npx tsx scripts/profileWrites.ts [--verbose]   (starts a throwaway PostgreSQL without BENCH_POSTGRES;
//   PROFILE_OPS=create,edit runs only those; PROFILE_ROUNDS=40 of each)
import http from 'node:http';
import pg from 'pg';
import { benchDatabase, benchPostgres, listen, request } from './benchLib';
import { OPS, type Op, seedDistrict, signIn, write } from './benchWriters';
import { startThrowawayPostgres } from './postgresServer';
import { loadConfig } from '../server/config';
import { prepareDatabase } from '../server/bootstrap';
import { createApp } from '../server/app';
import { RateLimiter } from '../server/http/rateLimit';
import { createMemoryMailer } from '../server/lib/mailer';

const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 40);

let recording: string[] | null = null;
/** Each recorded statement's time to its answer, in ms (same order as recording). */
let timings: number[] = [];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const config = args[0];
  const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text ?? '';
  const result = query.apply(this, args);
  if (recording && result instanceof Promise) {
    const at = recording.push(text.replace(/\s+/g, ' ').trim()) - 1;
    const t0 = performance.now();
    const times = timings;
    void result.then(() => { times[at] = performance.now() - t0; }, () => {});
  }
  return result;
} as typeof pg.Client.prototype.query;

const isBegin = (s: string) => /^(start transaction|begin)/i.test(s);
const isEnd = (s: string) => /^(commit|rollback)/i.test(s);
const isWrite = (s: string) => /^(insert|update|delete)\b/i.test(s);

/** Statements of one request: all, inside transactions, and inside a transaction after its first write (locks held). */
function counts(statements: string[]): { all: number; inTransaction: number; afterFirstWrite: number } {
  let inTransaction = 0;
  let afterFirstWrite = 0;
  let open = false;
  let wrote = false;
  for (const s of statements) {
    if (isBegin(s)) { open = true; wrote = false; continue; }
    if (!open) continue;
    inTransaction++;
    if (wrote) afterFirstWrite++;
    if (isEnd(s)) { open = false; continue; }
    if (isWrite(s)) wrote = true;
  }
  return { all: statements.length, inTransaction, afterFirstWrite };
}

async function main(): Promise<void> {
  const target = await benchDatabase('profile');
  const config = { ...loadConfig({ NODE_ENV: 'test', ...target.env }), publicDir: '/nonexistent' };
  const { db } = await prepareDatabase(config);
  const [seat] = await seedDistrict(db, 'Profile District', 1);
  const app = createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: () => {} });
  const server = await listen(app);
  const agent = new http.Agent({ keepAlive: true });
  const session = await signIn(agent, server.port, seat!.email);
  const headers = { cookie: session.cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': session.xsrf };
  const stageAt = new Map<number, number>();
  console.log(`One writer, one write at a time, ${ROUNDS} of each kind (after 5 unmeasured), PostgreSQL.`);
  console.log('| write | statements | in its transaction | after its first write | median time | Node CPU |');
  console.log('|---|---|---|---|---|---|');
  const only = process.env.PROFILE_OPS?.split(',');
  for (const [op] of (OPS as [Op, number][]).filter(([o]) => !only || only.includes(o))) {
    const times: number[] = [];
    let sample: string[] = [];
    let total = { all: 0, inTransaction: 0, afterFirstWrite: 0 };
    let cpu = 0;
    for (let k = 0; k < ROUNDS + 5; k++) {
      const { method, path, body } = write(op, seat!, k, stageAt);
      recording = [];
      timings = [];
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const res = await request(agent, server.port, path, headers, method, JSON.stringify(body));
      const ms = performance.now() - t0;
      const used = process.cpuUsage(cpu0);
      const statements = recording;
      recording = null;
      if (res.status >= 400) throw new Error(`${op}: ${res.status} ${res.body}`);
      if (k < 5) continue;
      times.push(ms);
      cpu += (used.user + used.system) / 1000;
      const c = counts(statements);
      total = { all: total.all + c.all, inTransaction: total.inTransaction + c.inTransaction, afterFirstWrite: total.afterFirstWrite + c.afterFirstWrite };
      sample = statements.map((st, i) => `${(timings[i] ?? 0).toFixed(2).padStart(6)} ms  ${st}`);
    }
    times.sort((a, b) => a - b);
    const avg = (n: number) => (n / ROUNDS).toFixed(1);
    console.log(`| ${op} | ${avg(total.all)} | ${avg(total.inTransaction)} | ${avg(total.afterFirstWrite)} | ${times[times.length >> 1]!.toFixed(1)} ms | ${(cpu / ROUNDS).toFixed(1)} ms |`);
    if (process.argv.includes('--verbose')) for (const s of sample) console.log(`    ${s.slice(0, 160)}`);
  }
  agent.destroy();
  server.close();
  await db.destroy();
  // PROFILE_KEEP=1 keeps the database for a closer look (its address is printed).
  if (process.env.PROFILE_KEEP) console.log(`Kept: ${target.databaseUrl}`);
  else await target.drop();
}

const pgServer = benchPostgres() ? undefined : await startThrowawayPostgres();
if (pgServer) process.env.BENCH_POSTGRES = pgServer.url;
try {
  await main();
} finally {
  pgServer?.stop();
}
