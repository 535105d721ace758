// The request-path rows of `npm run bench` on their own (no build, no pages): bare Express,
// GET /api/health and signed-in GET /api/auth/user, servers in this process, the load generator in its
// own (scripts/loadgen.mjs). `npx tsx scripts/benchApi.ts`; BENCH_MS sets the length of each run.
// To profile the server side: `node --cpu-prof --import tsx scripts/benchApi.ts`.
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { createApp } from '../server/app';
import { prepareDatabase, runDemoSeed } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { RateLimiter } from '../server/http/rateLimit';
import { createMemoryMailer } from '../server/lib/mailer';
import { CONCURRENCY, DURATION_MS, type LoadResult, listen, load, profiled, signIn, benchDatabase } from './benchLib';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Interleaved rounds of the three runs (BENCH_ROUNDS, default 3). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export interface ApiResults {
  bareResult: LoadResult;
  healthResult: LoadResult;
  authResult: LoadResult;
}

/** Bare Express, then /api/health, then signed-in /api/auth/user, one after the other. */
export async function apiBenchmark(): Promise<ApiResults> {
  const target = await benchDatabase('api');
  const config = { ...loadConfig({ NODE_ENV: 'test', ...target.env }), publicDir: path.join(ROOT, 'dist/public') };
  const { db } = await prepareDatabase(config);
  await runDemoSeed(db);
  const app = createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: console.error });
  const bare = express();
  bare.get('/bare', (_req, res) => {
    res.json({ ok: true });
  });
  const main = await listen(app);
  const bareServer = await listen(bare);
  const session = await signIn(main.port, 'admin@maplegrove.example', 'coachwell-demo');
  const only = process.env.BENCH_ONLY;
  const runs: [keyof ApiResults, number, string, Record<string, string>][] = [
    ['bareResult', bareServer.port, '/bare', {}],
    ['healthResult', main.port, '/api/health', {}],
    ['authResult', main.port, '/api/auth/user', { cookie: session }],
  ];
  // Interleaved rounds, each result the round of median req/s: other work on the machine comes and goes,
  // and a ratio taken from runs minutes apart would measure that instead.
  const results: Record<keyof ApiResults, LoadResult[]> = { bareResult: [], healthResult: [], authResult: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [key, port, url, headers] of runs) {
      if (only && !key.startsWith(only)) continue;
      const cpu = process.cpuUsage();
      const result = await profiled(`${key.replace('Result', '')}${round}`, () => load(port, url, headers));
      const used = process.cpuUsage(cpu);
      results[key].push({ ...result, cpuUs: (used.user + used.system) / (result.all ?? result.requests) });
    }
  }
  const median = (list: LoadResult[]): LoadResult =>
    [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)] ?? { rps: 0, p50: 0, p99: 0, errors: 0, requests: 0 };
  main.close();
  bareServer.close();
  await db.destroy();
  await target.drop();
  return { bareResult: median(results.bareResult), healthResult: median(results.healthResult), authResult: median(results.authResult) };
}

const row = (label: string, r: LoadResult, bare?: LoadResult) =>
  `| ${label} | ${r.rps} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${bare ? (r.rps / bare.rps).toFixed(2) : '1.00'} | ${Math.round(r.cpuUs ?? 0)} | ${r.errors} |`;

export function apiRows({ bareResult, healthResult, authResult }: ApiResults): string[] {
  return [
    `Request path (${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; load generator in its own process: ${CONCURRENCY} keep-alive connections, ${DURATION_MS / 1000} s per run, median of ${ROUNDS} interleaved rounds)`,
    '',
    '| request | req/s | p50 ms | p99 ms | ratio to bare | server CPU µs/request | errors |',
    '|---|---|---|---|---|---|---|',
    row('bare Express route GET /bare', bareResult),
    row('GET /api/health', healthResult, bareResult),
    row('GET /api/auth/user, signed in', authResult, bareResult),
  ];
}

if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith('benchApi.ts')) {
  for (const line of apiRows(await apiBenchmark())) console.log(line);
}
