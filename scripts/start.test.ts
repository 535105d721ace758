// `npm start` as a newcomer meets it: real processes on a real port. npm test builds first, so
// scripts/start.mjs finds the build up to date and runs dist/server.js.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from './freePort';
import { spawnForTest, stopTestChildren, type TestChild } from './testChildren';

const ROOT = path.resolve(import.meta.dirname, '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let dataDir: string;
let port: number;

/** Whether something can listen on the port right now (i.e. nobody holds it). */
function portIsFree(p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(p, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** `npm start` and the server it runs (npm's child), one process group that ends with the test. */
function npmStart(): TestChild {
  return spawnForTest(NPM, ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, SCRYPT_N: '1024', SENTRY_DSN: '', SMTP_URL: '' },
  });
}

async function healthy(run: TestChild): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!run.running()) throw new Error(`npm start exited early:\n${run.output()}`);
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
  // npm and its node server: the whole process group of each, before their data folder goes.
  await stopTestChildren();
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
    const { code } = await second.exited;
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
    run.process.kill('SIGTERM');
    const { code, signal } = await run.exited;
    expect(code === 0 || signal === 'SIGTERM').toBe(true);
    expect(run.output()).toContain('SIGTERM received');
    expect(await portIsFree(port)).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });

  it('listens on HOST only: with HOST=127.0.0.1, nothing answers on the machine\'s other addresses', async () => {
    const run = npmStart();
    await healthy(run);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    // Without HOST the server takes every interface, these included.
    const others = Object.values(os.networkInterfaces()).flat()
      .filter((a) => a && a.address !== '127.0.0.1' && (a.family === 'IPv4' || a.address === '::1'))
      .map((a) => (a!.family === 'IPv6' ? `[${a!.address}]` : a!.address));
    expect(others.length).toBeGreaterThan(0);
    for (const address of others) await expect(fetch(`http://${address}:${port}/api/health`), address).rejects.toThrow();
  });

  it('killing the test\'s npm start (its process group) leaves no server behind', async () => {
    const run = npmStart();
    await healthy(run);
    await run.stop(0);
    // npm's child, the server, went with it: the port is free at once.
    expect(await portIsFree(port)).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
