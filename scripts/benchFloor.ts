// What the fixed stack costs before any route of ours: the same closed-loop load (scripts/loadgen.mjs) on
// bare Express, then with helmet, then helmet + cookie-parser + express-session (a signed-in cookie,
// sessions in memory), then the real app's signed-in GET /api/auth/user; interleaved rounds, server
// CPU per request. `npx tsx scripts/benchFloor.ts` (BENCH_MS, BENCH_ROUNDS as for benchApi.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import cookieParser from 'cookie-parser';
import express from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { createHmac } from 'node:crypto';
import { createApp } from '../server/app';
import { prepareDatabase, runDemoSeed } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { RateLimiter } from '../server/http/rateLimit';
import { createMemoryMailer } from '../server/lib/mailer';
import { CONCURRENCY, DURATION_MS, type LoadResult, listen, load, profiled, signIn } from './benchLib';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECRET = 'floor-secret';
const user = { id: 1, name: 'Dana Whitfield', email: 'admin@maplegrove.example', roles: ['district-admin'] };

function variant(withHelmet: boolean, withSession: boolean) {
  const app = express();
  app.disable('x-powered-by');
  if (withHelmet) app.use(helmet());
  if (withSession) {
    const store = new session.MemoryStore();
    store.set('sid1', { cookie: { originalMaxAge: 7_200_000, expires: new Date(Date.now() + 7_200_000), httpOnly: true, path: '/' } as never, userId: 1 } as never);
    app.use(cookieParser());
    app.use(session({ name: 's', secret: SECRET, store, resave: false, saveUninitialized: false, cookie: { maxAge: 7_200_000 } }));
  }
  app.get('/x', (_req, res) => {
    res.json(user);
  });
  return app;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-floor-'));
const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), publicDir: '/nonexistent' };
const { db } = await prepareDatabase(config);
await runDemoSeed(db);
const real = await listen(createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: console.error }));
const cookie = await signIn(real.port, 'admin@maplegrove.example', 'coachwell-demo');
// cookie-signature's format: value.base64(HMAC-SHA256(secret, value)) without padding.
const signed = `sid1.${createHmac('sha256', SECRET).update('sid1').digest('base64').replace(/=+$/, '')}`;
const sessionCookie = `s=${encodeURIComponent(`s:${signed}`)}`;
const runs: [string, number, string, Record<string, string>][] = [
  ['bare Express, res.json', (await listen(variant(false, false))).port, '/x', {}],
  ['+ helmet', (await listen(variant(true, false))).port, '/x', {}],
  ['+ helmet, cookie-parser, express-session (signed in, memory store)', (await listen(variant(true, true))).port, '/x', { cookie: sessionCookie }],
  ['the app: GET /api/auth/user, signed in', real.port, '/api/auth/user', { cookie }],
];
const results = new Map<string, LoadResult[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, [label, port, url, headers]] of runs.entries()) {
    const cpu = process.cpuUsage();
    const result = await profiled(`floor${i}-${round}`, () => load(port, url, headers));
    const used = process.cpuUsage(cpu);
    results.set(label, [...(results.get(label) ?? []), { ...result, cpuUs: (used.user + used.system) / (result.all ?? result.requests) }]);
  }
}
console.log(`Stack floor (${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${CONCURRENCY} connections, ${DURATION_MS / 1000} s per run, median of ${ROUNDS} rounds)\n`);
console.log('| app | req/s | ratio to bare | server CPU µs/request |\n|---|---|---|---|');
const median = (list: LoadResult[]) => [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)]!;
const bare = median(results.get(runs[0]![0])!);
for (const [label] of runs) {
  const r = median(results.get(label)!);
  console.log(`| ${label} | ${r.rps} | ${(r.rps / bare.rps).toFixed(2)} | ${Math.round(r.cpuUs!)} |`);
}
process.exit(0);
