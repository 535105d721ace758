// npm run bench: GET /api/auth/user (signed in) against a bare Express route in the same process
// and run; server cold start; gzipped JavaScript of a first visit to /app/auth/login; the educators list
// on a district of 20 000 educators (scripts/benchStaff.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import type { Metafile } from 'esbuild';
import { createApp } from '../server/app';
import { prepareDatabase, runDemoSeed } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { RateLimiter } from '../server/http/rateLimit';
import { createMemoryMailer } from '../server/lib/mailer';
import { CONCURRENCY, DURATION_MS, listen, load, signIn } from './benchLib';
import { benchStaff } from './benchStaff';

const ROOT = path.resolve(import.meta.dirname, '..');

async function apiBenchmark() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-bench-'));
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), publicDir: path.join(ROOT, 'dist/public') };
  const { db } = await prepareDatabase(config);
  await runDemoSeed(db);
  const app = createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(false), log: console.error });
  const bare = express();
  bare.get('/bare', (_req, res) => {
    res.json({ ok: true });
  });
  const main = await listen(app);
  const bareServer = await listen(bare);

  // Sign in once, keep the session cookie.
  const session = await signIn(main.port, 'admin@maplegrove.example', 'coachwell-demo');

  const bareResult = await load(bareServer.port, '/bare', {});
  const authResult = await load(main.port, '/api/auth/user', { cookie: session });
  main.close();
  bareServer.close();
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { bareResult, authResult };
}

async function coldStart(): Promise<{ fresh: number; existing: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-cold-'));
  const once = () => new Promise<number>((resolve, reject) => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const started = Date.now();
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], { cwd: ROOT, env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development' }, stdio: 'ignore' });
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
          const ms = Date.now() - started;
          child.once('exit', () => resolve(ms));
          child.kill('SIGTERM');
          return;
        }
      } catch { /* not up */ }
      if (Date.now() - started > 60_000) return reject(new Error('server did not start'));
      setTimeout(poll, 20);
    };
    void poll();
  });
  const fresh = await once();
  const existing = await once();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { fresh, existing };
}

/** Every JS file a first visit to /app/auth/login downloads: main, its static imports, the login chunk and its imports. */
function firstVisitJs(): { files: number; gzipBytes: number } {
  const meta = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist/meta.json'), 'utf8')) as Metafile;
  const outputs = meta.outputs;
  const needed = new Set<string>();
  const visit = (file: string) => {
    if (needed.has(file)) return;
    needed.add(file);
    for (const imp of outputs[file]!.imports) if (imp.kind === 'import-statement' && outputs[imp.path]) visit(imp.path);
  };
  const byEntry = (suffix: string) => Object.keys(outputs).find((f) => f.endsWith('.js') && outputs[f]!.entryPoint?.endsWith(suffix));
  visit(byEntry('client/main.tsx')!);
  visit(byEntry('features/auth/LoginScreen.tsx')!);
  const gzipBytes = [...needed].reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(ROOT, f)), { level: 9 }).length, 0);
  return { files: needed.size, gzipBytes };
}

const { bareResult, authResult } = await apiBenchmark();
const cold = await coldStart();
const js = firstVisitJs();
console.log(`\nCoachwell benchmark (${os.cpus().length} cores, ${DURATION_MS / 1000}s per load run, ${CONCURRENCY} concurrent keep-alive connections)`);
console.log(`| measure | result |\n|---|---|`);
console.log(`| bare Express route GET /bare | ${bareResult.rps} req/s, p99 ${bareResult.p99.toFixed(2)} ms |`);
console.log(`| GET /api/auth/user, signed in | ${authResult.rps} req/s, p99 ${authResult.p99.toFixed(2)} ms (${authResult.errors} errors) |`);
console.log(`| cold start to healthy, new database (migrate + demo seed) | ${cold.fresh} ms |`);
console.log(`| cold start to healthy, existing database | ${cold.existing} ms |`);
console.log(`| JavaScript for a first visit to /app/auth/login | ${(js.gzipBytes / 1024).toFixed(1)} KiB gzipped in ${js.files} files |`);
for (const row of await benchStaff()) console.log(row);
