// Shared helpers of the benchmarks (scripts/bench.ts, scripts/benchStaff.ts): listen on a random port,
// plain HTTP requests, a closed-loop load run (requests per second, p50, p99) by a load generator in its
// own process (scripts/loadgen.mjs), and signing in.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type express from 'express';
import pg from 'pg';
import { withDatabase } from '../db/postgres';

export const DURATION_MS = Number(process.env.BENCH_MS ?? 5000);
export const CONCURRENCY = 16;

export function listen(app: express.Express): Promise<{ port: number; close: () => void }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as AddressInfo).port, close: () => server.close() }));
    // Longer than a client's idle keep-alive socket lives on a loaded machine: the server closing a socket the
    // client is reusing is an ECONNRESET of the bench's own making (benchWriters.ts does the same).
    server.keepAliveTimeout = 65_000;
  });
}

export function request(agent: http.Agent, port: number, pathName: string, headers: Record<string, string> = {}, method = 'GET', body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathName, method, agent, headers }, (res) => {
      let data = '';
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: data }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** Requests made, warm-up included. */
  all?: number;
  /** CPU time of the server's process per request, in µs (user + system), where measured. */
  cpuUs?: number;
}

const LOADGEN = path.join(import.meta.dirname, 'loadgen.mjs');

/**
 * CONCURRENCY keep-alive connections issuing GETs back to back for DURATION_MS (after a short warm-up),
 * from a separate Node process: the server under test keeps its event loop to itself.
 */
export function load(port: number, pathName: string, headers: Record<string, string>): Promise<LoadResult> {
  const args = JSON.stringify({ port, path: pathName, headers, durationMs: DURATION_MS, concurrency: CONCURRENCY });
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [LOADGEN, args], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`load generator failed: ${stderr || error.message}`));
      resolve(JSON.parse(stdout) as LoadResult);
    });
  });
}

/** Signs in through the API and answers the session cookie header for later requests. */
export async function signIn(port: number, email: string, password: string, area: 'app' | 'admin' = 'app'): Promise<string> {
  const agent = new http.Agent({ keepAlive: true });
  const first = await request(agent, port, '/api/auth/user');
  const cookies = (first.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const xsrf = decodeURIComponent((first.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN='))!.split(';')[0]!.slice(11));
  const login = await request(agent, port, '/api/auth/login', {
    cookie: cookies, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': xsrf,
  }, 'POST', JSON.stringify({ email, password, area }));
  agent.destroy();
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body}`);
  return (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
}

/** BENCH_PROFILE=dir writes a CPU profile of the server's process during the run (dir/name.cpuprofile). */
export async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return run();
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
  await inspector.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await inspector.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    inspector.disconnect();
  }
}


// ---- Which database the benches run on (`npm run bench -- --db=pg`) ------------------------------------

export type BenchDbKind = 'sqlite' | 'pg';

/**
 * The database named by `--db=sqlite|pg` (or `--db sqlite|pg`) among the arguments; SQLite when there is
 * none. Throws on any other value, or on `--db` given twice with different values.
 */
export function parseDbOption(argv: readonly string[]): BenchDbKind {
  const values: string[] = [];
  argv.forEach((arg, i) => {
    if (arg.startsWith('--db=')) values.push(arg.slice(5));
    else if (arg === '--db') values.push(argv[i + 1] ?? '');
  });
  const normal = values.map((v) => ({ sqlite: 'sqlite', pg: 'pg', postgres: 'pg', postgresql: 'pg' } as Record<string, BenchDbKind>)[v.toLowerCase()]);
  const bad = values.find((_, i) => !normal[i]);
  if (bad !== undefined) throw new Error(`--db must be sqlite or pg (got "${bad}")`);
  if (new Set(normal).size > 1) throw new Error(`--db given twice: ${values.join(', ')}`);
  return normal[0] ?? 'sqlite';
}

/**
 * BENCH_POSTGRES=<server url> (set by scripts/bench.ts for `--db=pg`, inherited by the processes the
 * benches start): every section's databases are made on that server. Unset: SQLite files.
 */
export function benchPostgres(): string | undefined {
  return process.env.BENCH_POSTGRES || undefined;
}

/** The database the figures are taken on, for the output: "SQLite" or "PostgreSQL". */
export function benchDbLabel(): string {
  return benchPostgres() ? 'PostgreSQL' : 'SQLite';
}

let made = 0;

export interface BenchDatabase {
  /** Give to loadConfig (or a child's environment): DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  databaseFile: string;
  databaseUrl: string | null;
  /** Deletes the database (PostgreSQL: drops it) and its directory. */
  drop(): Promise<void>;
}

/**
 * A new, empty database for one bench section: an SQLite file under a fresh temporary directory, or,
 * under BENCH_POSTGRES, a PostgreSQL database of a name never used before on that server (the app then
 * opens it through DATABASE_URL, with the production pool settings, as `npm start` would).
 */
export async function benchDatabase(name: string): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `coachwell-bench-${name}-`));
  const databaseFile = path.join(dataDir, 'coachwell.sqlite');
  const server = benchPostgres();
  if (!server) {
    return {
      env: { DATA_DIR: dataDir }, databaseFile, databaseUrl: null,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = `bench_${name.replace(/\W/g, '_')}_${process.pid}_${Date.now().toString(36)}_${++made}`;
  await onServer(server, `create database "${database}"`);
  const databaseUrl = withDatabase(server, database);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, databaseFile, databaseUrl,
    drop: async () => {
      await onServer(server, `drop database if exists "${database}" with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function onServer(server: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(server, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * What a kept answer (server/lib/keptAnswers.ts) hides from a load run of one URL: the same request made
 * for the first time since a write in its district (`write` before each read, the read alone timed, one
 * at a time), and, when `busy`, the load run again while `write` runs every 100 ms (a district where
 * someone logs or rates something ten times a second). Table rows in the benches' format.
 */
export async function keptAnswerRows(
  port: number, url: string, headers: Record<string, string>, write: (k: number) => Promise<unknown>, busy: boolean,
): Promise<string[]> {
  const probe = new http.Agent({ keepAlive: false });
  const fresh: number[] = [];
  for (let k = 0; k < 40; k++) {
    await write(k);
    const started = process.hrtime.bigint();
    const answer = await request(probe, port, url, headers);
    fresh.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  }
  probe.destroy();
  fresh.sort((a, b) => a - b);
  const rows = [`| … the same, read for the first time since a write in the district, one at a time (40 reads) | median ${fresh[20]!.toFixed(2)} ms, max ${fresh[39]!.toFixed(2)} ms |`];
  if (!busy) return rows;
  let writes = 0;
  const writer = setInterval(() => void write(40 + writes++), 100);
  const result = await load(port, url, headers);
  clearInterval(writer);
  rows.push(`| … the same with a write in the district every 100 ms (${writes} writes) | ${result.rps} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms (${result.errors} errors) |`);
  return rows;
}
