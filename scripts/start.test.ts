// `npm start` as a newcomer meets it: real processes on a real port. npm test builds first, so
// scripts/start.mjs finds the build up to date and runs dist/server.js.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let dataDir: string;
let port: number;
const started: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(p));
    });
    srv.on('error', reject);
  });
}

/** Whether something can listen on the port right now (i.e. nobody holds it). */
function portIsFree(p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(p, () => srv.close(() => resolve(true)));
  });
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function npmStart(): Run {
  let log = '';
  const child = spawn(NPM, ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), DATA_DIR: dataDir, SCRYPT_N: '1024', SENTRY_DSN: '', SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => log, exit };
}

async function healthy(run: Run): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (run.child.exitCode !== null) throw new Error(`npm start exited early:\n${run.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`npm start did not become healthy:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-start-'));
  port = await freePort();
});
afterEach(async () => {
  // Only the processes this file started, by their own pid.
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// A stale build makes the first start build it (tens of seconds on a busy machine).
describe('npm start', { timeout: 120_000 }, () => {
  it('serves the app and the API on PORT', async () => {
    const run = npmStart();
    await healthy(run);
    expect(run.output()).toContain(`Coachwell is listening on http://localhost:${port}`);
    const page = await fetch(`http://127.0.0.1:${port}/app/auth/login`);
    expect(page.status).toBe(200);
    // The login page is rendered at build time: the form is in the HTML.
    expect(await page.text()).toContain('<h1 class="auth-layout__title">Sign in to Coachwell</h1>');
    const spa = await fetch(`http://127.0.0.1:${port}/app/staff`);
    expect(await spa.text()).toContain('<div id="root"></div>');
  });

  it('fails with a clear message and a non-zero exit when the port is busy', async () => {
    const first = npmStart();
    await healthy(first);
    const second = npmStart();
    const { code } = await second.exit;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`Coachwell cannot start: port ${port} is already in use`);
    expect(second.output()).not.toContain('is listening');
    // The first server is untouched.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });

  it('stops the server and frees the port on SIGTERM to its own pid', async () => {
    const run = npmStart();
    await healthy(run);
    expect(await portIsFree(port)).toBe(false);
    run.child.kill('SIGTERM');
    const { code, signal } = await run.exit;
    expect(code === 0 || signal === 'SIGTERM').toBe(true);
    expect(run.output()).toContain('SIGTERM received');
    expect(await portIsFree(port)).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
