// npm run lighthouse: Lighthouse's mobile performance audit (simulated slow 4G and 4× CPU slowdown, its
// defaults) of the pages issue 35 names, against the built app started as `npm start` starts it (fresh
// data dir with the demo districts): /app/auth/login as a guest; signed in as coach@maplegrove.example the
// dashboard, Activity, Observations and a new observation; as teacher@maplegrove.example the educator's home; as
// admin@maplegrove.example Educators, an educator's profile, Coaching (skill map and cycles) and each Reports tab. Each page runs LH_RUNS times (default 2) and prints every
// run's score, LCP, TBT and CLS, with the load average before and after. LH_PAGES=staff,reports keeps
// the pages whose label contains one of the words. npm run bench measures /app/auth/login and /app/staff
// once each (measurePages's defaults). Chromium: CHROME_PATH, else /usr/bin/chromium. LH_SAVE=dir keeps
// the reports. Scores depend on the machine's load: the simulation scales the CPU time it observes. Last, whether
// Chromium finds the app installable (issue 31; Lighthouse 12+ has no installability audit any more).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signIn } from './benchLib';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

/**
 * A Chromium of our own for one Lighthouse run, with the person's session cookie in its cookie jar. Lighthouse's
 * `--extra-headers` would add the cookie to the page's own requests only: once the service worker takes the
 * page's reads (issue 31), its fetches carry no such header, answer 401, and the page measured was the login
 * page the app then went to. Lighthouse clears the origin's caches and service workers, never its cookies.
 */
async function browserSignedIn(base: string, cookie: string): Promise<{ port: number; close: () => Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-lh-chrome-'));
  const port = 40000 + Math.floor(Math.random() * 20000);
  const chrome = spawn(CHROME, [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1', `--user-data-dir=${userDataDir}`, 'about:blank',
  ], { stdio: 'ignore' });
  const exited = new Promise((resolve) => chrome.once('exit', resolve));
  const close = async () => {
    chrome.kill('SIGTERM');
    await exited;
    // Chromium's helper processes may write a moment longer than the main one lives.
    fs.rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };
  try {
    const { chromium } = await import('playwright-core');
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
      } catch { /* not up yet */ }
      if (Date.now() > deadline) throw new Error('Chromium did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    if (cookie) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      await browser.contexts()[0]!.addCookies(cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
      }));
      await browser.close(); // disconnects; the browser and its default context stay
    }
    return { port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function lighthouse(url: string, cookie: string): Promise<Audit> {
  const out = path.join(os.tmpdir(), `coachwell-lh-${process.pid}-${Date.now()}.json`);
  const chrome = await browserSignedIn(new URL(url).origin, cookie);
  const args = [
    path.join(ROOT, 'node_modules/lighthouse/cli/index.js'), url,
    '--quiet', '--only-categories=performance', '--output=json', `--output-path=${out}`, `--port=${chrome.port}`,
  ];
  const ran = await new Promise<{ error: Error | null; stderr: string }>((resolve) => {
    execFile(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 16 << 20 }, (error, _stdout, stderr) => resolve({ error, stderr }));
  });
  await chrome.close();
  if (ran.error) throw new Error(`lighthouse failed on ${url}: ${ran.stderr || ran.error.message}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  // LH_SAVE=dir keeps each full report for a closer look.
  if (process.env.LH_SAVE) fs.copyFileSync(out, path.join(process.env.LH_SAVE, `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`));
  fs.rmSync(out, { force: true });
  // A signed-in page that ends on the login page measured the wrong page: say so rather than score it.
  if (cookie && new URL(report.finalDisplayedUrl).pathname.includes('/auth/login')) {
    throw new Error(`lighthouse on ${url} ended on the login page (${report.finalDisplayedUrl})`);
  }
  const a = report.audits;
  const items = a['network-requests'].details.items as { transferSize: number }[];
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    si: a['speed-index'].numericValue,
    bytes: items.reduce((sum, i) => sum + i.transferSize, 0),
    requests: items.length,
  };
}

type Who = 'guest' | 'coach' | 'admin' | 'educator';
interface PageToMeasure {
  label: string;
  who: Who;
  /** The path, or a function of the signed-in admin's cookie and the base URL (an educator's profile). */
  path: string | ((base: string, cookie: string) => Promise<string>);
}

const REPORT_TABS = ['', '/coaching-cycles', '/teacher-level', '/coaching-team', '/comparison', '/walkthroughs'];

/** The pages issue 35 asks to score ≥ 90 (npm run lighthouse). */
export const SIGNED_IN_PAGES: PageToMeasure[] = [
  { label: '/app/auth/login (guest)', who: 'guest', path: '/app/auth/login' },
  { label: '/app (coach dashboard)', who: 'coach', path: '/app' },
  { label: '/app/activity (coach)', who: 'coach', path: '/app/activity' },
  { label: '/app/observations (coach)', who: 'coach', path: '/app/observations' },
  { label: '/app/observations/new (coach)', who: 'coach', path: '/app/observations/new' },
  { label: "/app (educator's home)", who: 'educator', path: '/app' },
  { label: '/app/staff (district admin)', who: 'admin', path: '/app/staff' },
  { label: "/app/staff/:id (an educator's profile, district admin)", who: 'admin', path: firstEducator },
  { label: '/app/coaching (skill map, district admin)', who: 'admin', path: '/app/coaching' },
  { label: '/app/coaching?tab=cycles (district admin)', who: 'admin', path: '/app/coaching?tab=cycles' },
  ...REPORT_TABS.map((tab): PageToMeasure => ({ label: `/app/reports${tab} (district admin)`, who: 'admin', path: `/app/reports${tab}` })),
];
/** What npm run bench measures: the login page and one signed-in list. */
export const BENCH_PAGES: PageToMeasure[] = SIGNED_IN_PAGES.filter((p) => p.path === '/app/auth/login' || p.path === '/app/staff');

/** The profile of the first educator of the admin's list (the demo's ids are not fixed). */
async function firstEducator(base: string, cookie: string): Promise<string> {
  const res = await fetch(`${base}/api/staff?per_page=1`, { headers: { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' } });
  const body = await res.json() as { data?: { id: number }[] };
  const id = body.data?.[0]?.id;
  if (!id) throw new Error(`no educator to open (GET /api/staff answered ${res.status})`);
  return `/app/staff/${id}`;
}

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/**
 * Installability (issue 31): Lighthouse 12 dropped its PWA category (the "installable manifest" audit), so this
 * asks Chromium itself, as that audit did (DevTools' Page.getInstallabilityErrors), on /app signed in as the
 * coach, once the service worker controls the page. The test browser's contexts are incognito windows, which
 * Chromium never offers to install: that one reason is left out.
 */
async function installability(base: string, cookie: string): Promise<string> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ baseURL: base });
    await context.addCookies(cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
    }));
    const page = await context.newPage();
    await page.goto('/app');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors') as { installabilityErrors: { errorId: string }[] };
    const errors = installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
    return `| installable (Chromium's checks: manifest, icons, service worker) | ${errors.length ? `NO: ${errors.join(', ')}` : 'yes'} |`;
  } finally {
    await browser.close();
  }
}

/** Table rows (markdown): each page's runs (score, LCP, TBT, CLS) and their median. */
export async function measurePages(pages: PageToMeasure[] = BENCH_PAGES, runs = Math.max(1, Number(process.env.LH_RUNS ?? 1)), options: { installable?: boolean } = {}): Promise<string[]> {
  const server = await startServer();
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const cookies: Record<Who, string> = {
      guest: '',
      coach: pages.some((p) => p.who === 'coach') ? await signIn(server.port, 'coach@maplegrove.example', 'coachwell-demo') : '',
      admin: pages.some((p) => p.who === 'admin') ? await signIn(server.port, 'admin@maplegrove.example', 'coachwell-demo') : '',
      educator: pages.some((p) => p.who === 'educator') ? await signIn(server.port, 'teacher@maplegrove.example', 'coachwell-demo') : '',
    };
    const rows = [
      `\nLighthouse ${JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version} mobile performance (simulated throttling; ${runs} run${runs > 1 ? 's' : ''} a page, median shown first; ${os.cpus().length} cores, load average ${load()} at the start)\n`,
      '| page | score | FCP | LCP | TBT | CLS | Speed Index | transferred |',
      '|---|---|---|---|---|---|---|---|',
    ];
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    for (const page of pages) {
      const cookie = cookies[page.who];
      const url = base + (typeof page.path === 'string' ? page.path : await page.path(base, cookie));
      const audits: Audit[] = [];
      for (let i = 0; i < runs; i++) {
        // Lighthouse now and then loses its trace on a busy machine (NO_NAVSTART): one more try.
        audits.push(await lighthouse(url, cookie).catch(() => lighthouse(url, cookie)));
      }
      const r = [...audits].sort((x, y) => x.score - y.score)[Math.floor(audits.length / 2)]!;
      const each = <T,>(f: (a: Audit) => T) => (audits.length > 1 ? ` (${audits.map(f).join(', ')})` : '');
      rows.push(`| ${page.label} | ${r.score}${each((a) => a.score)} | ${s(r.fcp)} | ${s(r.lcp)}${each((a) => s(a.lcp))} | ${Math.round(r.tbt)} ms${each((a) => `${Math.round(a.tbt)} ms`)} | ${r.cls.toFixed(3)}${each((a) => a.cls.toFixed(3))} | ${s(r.si)} | ${(r.bytes / 1024).toFixed(1)} KiB in ${r.requests} requests |`);
    }
    if (options.installable) {
      const cookie = cookies.coach || await signIn(server.port, 'coach@maplegrove.example', 'coachwell-demo');
      rows.push('\n| check | result |', '|---|---|', await installability(base, cookie));
    }
    rows.push(`\nLoad average at the end: ${load()}.`);
    return rows;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const words = (process.env.LH_PAGES ?? '').split(',').filter(Boolean);
  const pages = words.length ? SIGNED_IN_PAGES.filter((p) => words.some((w) => p.label.includes(w))) : SIGNED_IN_PAGES;
  for (const line of await measurePages(pages, Math.max(1, Number(process.env.LH_RUNS ?? 2)), { installable: true })) console.log(line);
}
