// npm run lighthouse (and part of npm run bench): Lighthouse's mobile performance audit (simulated
// slow 4G and 4× CPU slowdown, its defaults) of /app/auth/login as a guest and of /app/staff signed in
// as admin@maplegrove.example, against the built app started as `npm start` starts it (fresh data dir
// with the demo districts). Chromium: CHROME_PATH, else /usr/bin/chromium. LH_RUNS=n runs each page n
// times and reports the median score; LH_SAVE=dir keeps the reports. Scores depend on the machine's load: the simulation scales the
// CPU time it observes.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signIn } from './benchLib';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1));

interface Audit {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  bytes: number;
  requests: number;
}

async function startServer(): Promise<{ port: number; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-lh-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT, stdio: 'ignore', env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development', SENTRY_DSN: '' },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited before it was healthy');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch { /* not up */ }
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    stop: () => new Promise((resolve) => {
      child.once('exit', () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve();
      });
      child.kill('SIGTERM');
    }),
  };
}

function lighthouse(url: string, headers: Record<string, string>): Promise<Audit> {
  const out = path.join(os.tmpdir(), `coachwell-lh-${process.pid}-${Date.now()}.json`);
  const args = [
    path.join(ROOT, 'node_modules/lighthouse/cli/index.js'), url,
    '--quiet', '--only-categories=performance', '--output=json', `--output-path=${out}`,
    '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking',
    ...(Object.keys(headers).length ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 16 << 20 }, (error, _stdout, stderr) => {
      if (error) return reject(new Error(`lighthouse failed on ${url}: ${stderr || error.message}`));
      const report = JSON.parse(fs.readFileSync(out, 'utf8'));
      // LH_SAVE=dir keeps each full report for a closer look.
      if (process.env.LH_SAVE) fs.copyFileSync(out, path.join(process.env.LH_SAVE, `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`));
      fs.rmSync(out, { force: true });
      const a = report.audits;
      const items = a['network-requests'].details.items as { transferSize: number }[];
      resolve({
        score: Math.round(report.categories.performance.score * 100),
        fcp: a['first-contentful-paint'].numericValue,
        lcp: a['largest-contentful-paint'].numericValue,
        tbt: a['total-blocking-time'].numericValue,
        cls: a['cumulative-layout-shift'].numericValue,
        si: a['speed-index'].numericValue,
        bytes: items.reduce((sum, i) => sum + i.transferSize, 0),
        requests: items.length,
      });
    });
  });
}

/** Table rows (markdown) for the two pages. */
export async function measurePages(): Promise<string[]> {
  const server = await startServer();
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const cookie = await signIn(server.port, 'admin@maplegrove.example', 'coachwell-demo');
    const pages: [string, string, Record<string, string>][] = [
      ['/app/auth/login (guest)', `${base}/app/auth/login`, {}],
      ['/app/staff (district admin)', `${base}/app/staff`, { Cookie: cookie }],
    ];
    const rows = [
      `\nLighthouse ${JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version} mobile performance (simulated throttling; median of ${RUNS} run${RUNS > 1 ? 's' : ''})\n`,
      '| page | score | FCP | LCP | TBT | CLS | Speed Index | transferred |',
      '|---|---|---|---|---|---|---|---|',
    ];
    for (const [label, url, headers] of pages) {
      const runs: Audit[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Lighthouse now and then loses its trace on a busy machine (NO_NAVSTART): one more try.
        runs.push(await lighthouse(url, headers).catch(() => lighthouse(url, headers)));
      }
      const r = runs.sort((x, y) => x.score - y.score)[Math.floor(runs.length / 2)]!;
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      rows.push(`| ${label} | ${r.score}${runs.length > 1 ? ` (${runs.map((x) => x.score).join(', ')})` : ''} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${s(r.si)} | ${(r.bytes / 1024).toFixed(1)} KiB in ${r.requests} requests |`);
    }
    return rows;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await measurePages()) console.log(line);
}
