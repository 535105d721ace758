// Browser-test harness: the built app on a random port of 127.0.0.1 with a fresh data dir, driven through
// playwright-core in Debian's Chromium (CHROMIUM_PATH overrides /usr/bin/chromium). The server and the CLI
// runs are spawnForTest children (scripts/testChildren.ts): they end with the file, however it ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { freePort } from '../../scripts/freePort';
import { spawnForTest, stopTestChildren, type TestChild } from '../../scripts/testChildren';

/** A loopback port nothing listens on now (scripts/freePort.ts). */
export { freePort };

// A browser test walks several screens, each wait up to a page's default timeout (below): a minute per
// test unless the file sets more. The harness is imported before a file's own statements run, so a
// file's vi.setConfig still wins. (The screenshot script imports the harness outside Vitest.)
if (process.env.VITEST) vi.setConfig({ testTimeout: 60_000 });

const ROOT = path.resolve(import.meta.dirname, '../..');
export const DEMO_PASSWORD = 'coachwell-demo';

export interface TestServer {
  url: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  stop: () => Promise<void>;
  output: () => string;
}

export async function startServer(): Promise<TestServer> {
  if (!fs.existsSync(path.join(ROOT, 'dist/public/index.html'))) throw new Error('Build the client first: npm run build.');
  // Another file's server may take the same free port while this one migrates and seeds; the port is
  // only ours once our own process says it listens (a health answer could come from the other server).
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce();
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

class PortTaken extends Error {}

/** The newest modification time of a file under `dir` (0 when it does not exist). */
function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // (a file removed meanwhile, an editor's temporary one, counts for nothing)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? 0);
  }
  return newest;
}

/** The newest change to what the server is made of: its sources and the lock file. */
function serverSourcesMtime(): number {
  const files = ['package-lock.json', 'scripts/build.ts'].map((f) => fs.statSync(path.join(ROOT, f), { throwIfNoEntry: false })?.mtimeMs ?? 0);
  return Math.max(...files, ...['server', 'common', 'db'].map((d) => newestMtime(path.join(ROOT, d))));
}

/**
 * How to run the server: `npm run build`'s bundle, dist/server.js (what `npm start` runs), when it is newer
 * than every server source (it starts in ~0.5 s), else the sources through tsx's loader (~5 s: every module
 * compiled at start), so a browser test always runs the server as the tree has it.
 */
function serverArgs(sourcesMtime: number): string[] {
  const bundle = fs.statSync(path.join(ROOT, 'dist/server.js'), { throwIfNoEntry: false });
  return bundle && bundle.mtimeMs > sourcesMtime ? ['--enable-source-maps', 'dist/server.js'] : ['--import', 'tsx', 'server/main.ts'];
}

/**
 * How old a prepared demo database may be when a server starts from it. The demo seed is made relative to
 * the moment it runs (today's interactions before it are logged, after it scheduled); a file's own tests
 * already run on a seed up to two minutes old (the longest browser file), so its server may start on one
 * that old too. An older one is made again.
 */
const DEMO_MAX_AGE_MS = 120_000;

/**
 * Under Vitest (scripts/vitest.templates.ts names a folder for the run in COACHWELL_TEST_TEMPLATES): a data
 * folder with the demo districts seeded (`cli seed --demo`, what a server's first start does), made by the first
 * browser file that needs it and copied into each server's fresh data folder, so its start migrates and seeds
 * nothing. Keyed by the server sources' newest change; made again after DEMO_MAX_AGE_MS. Null elsewhere
 * (the screenshot script): the server seeds its new database itself.
 */
async function demoDataTemplate(sourcesMtime: number, env: NodeJS.ProcessEnv): Promise<string | null> {
  const dir = process.env.COACHWELL_TEST_TEMPLATES;
  if (!dir || !fs.existsSync(dir)) return null;
  const prefix = `demo-${Math.floor(sourcesMtime)}-`;
  const current = () => fs.readdirSync(dir).filter((name) => name.startsWith(prefix))
    .map((name) => ({ name, madeAt: Number(name.slice(prefix.length)) }))
    .filter((t) => Date.now() - t.madeAt < DEMO_MAX_AGE_MS).sort((a, b) => b.madeAt - a.madeAt)[0];
  // One worker makes it (the lock: a folder only one mkdir creates); another waits for it rather than seeding too.
  const lock = path.join(dir, `${prefix}making`);
  for (const waitUntil = Date.now() + 60_000; ;) {
    const fresh = current();
    if (fresh) return path.join(dir, fresh.name);
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > waitUntil) return null; // the maker is stuck: seed this server's own database
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    const madeAt = Date.now();
    const making = fs.mkdtempSync(path.join(dir, 'making-'));
    const child = spawnForTest(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', 'seed', '--demo'], { cwd: ROOT, env: { ...env, DATA_DIR: making } });
    const { code } = await child.exited;
    if (code !== 0 || !fs.existsSync(path.join(making, 'coachwell.sqlite'))) {
      fs.rmSync(making, { recursive: true, force: true });
      throw new Error(`Seeding the demo data for the browser tests failed:\n${child.output()}`);
    }
    // Published whole by a rename: a worker sees it complete or not at all.
    const made = path.join(dir, `${prefix}${madeAt}`);
    fs.renameSync(making, made);
    return made;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

async function startServerOnce(): Promise<TestServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, APP_URL: url, RATE_LIMITS: 'off', SCRYPT_N: '1024', SMTP_URL: '', SENTRY_DSN: '' };
  const sourcesMtime = serverSourcesMtime();
  const template = await demoDataTemplate(sourcesMtime, env);
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  // Node itself running the server: one process.
  const child = spawnForTest(process.execPath, serverArgs(sourcesMtime), { cwd: ROOT, env });
  const log = child.output;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!child.running()) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (log().includes('is already in use')) throw new PortTaken(log());
      throw new Error(`Server exited early:\n${log()}`);
    }
    if (log().includes('Coachwell is listening on')) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) {
      await child.stop(0);
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`Server did not start:\n${log()}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    dataDir,
    env,
    output: log,
    stop: async () => {
      await child.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

export async function newPage(browser: Browser, server: TestServer, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  // The app's service worker (issue 31) is blocked unless a test allows it (`serviceWorkers: 'allow'`, as
  // offline.e2e does): a request the worker answers never reaches page.route, which many tests rely on.
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the real login form of the area. */
export async function signIn(page: Page, email: string, area: 'app' | 'admin' = 'app', password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`/${area}/auth/login`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.includes('/auth/login'));
}

export type PageOptions = Parameters<Browser['newContext']>[0] & {
  /** 'test': closed after the test; 'file': kept until the file ends. Default: 'test' inside a test, 'file' in a beforeAll. */
  scope?: 'test' | 'file';
};

/** The two widths every screen is checked at: a 390 px phone (touch) and a 1366 px desktop (pages for `suite.page`/`signedIn`). */
export const PHONE_PAGE: PageOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true };
export const DESKTOP_PAGE: PageOptions = { viewport: { width: 1366, height: 900 }, bypassCSP: true };
/** Both widths with their labels, for a test or describe per width: `describe.each(BOTH_WIDTHS)('… at %s px', (size, options) => …)`. */
export const BOTH_WIDTHS: [string, PageOptions][] = [['1366', DESKTOP_PAGE], ['390', PHONE_PAGE]];

/** Waits until the screen has loaded: its heading is shown and no loading placeholder is left. */
export async function loaded(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.locator('.loading-block, .paint-pending').first().waitFor({ state: 'detached' });
}

/**
 * Opens the app's home, then a screen from the Primary menu (behind the menu button on a phone), and waits for
 * the screen's h1 (`heading`, the link's words unless given).
 */
export async function openFromMenu(page: Page, link: string, heading = link): Promise<void> {
  await page.goto('/app');
  if (await page.locator('.app-nav-toggle').isVisible()) await page.locator('.app-nav-toggle').click();
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: link }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** A page `width` px wide (900 px high on a desktop, 844 on a phone; no touch), for a test per width of a list. */
export const atWidth = (width: number): PageOptions => ({ viewport: { width, height: width > 800 ? 900 : 844 }, bypassCSP: true });

/** Emails of Coachwell staff sign in at the admin area, everyone else at the app area. */
export const areaOf = (email: string): 'app' | 'admin' => (email.endsWith('@coachwell.example') ? 'admin' : 'app');

/**
 * One app server and one browser per test file; pages from `page()` are closed after each test
 * (or, opened in a beforeAll or with `scope: 'file'`, when the file ends). `timeout` is each page's
 * default action and navigation timeout (20 s: CI runs two browser files at once on a busy two-core
 * machine); null leaves Playwright's own. A failed test prints the server's output and its pages.
 */
export function browserSuite({ timeout = 20_000, dumpOnFailure = true }: {
  timeout?: number | null;
  /** After a failed test: the end of the server's output and the text of each page the test had open. */
  dumpOnFailure?: boolean;
} = {}) {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let inTest = false;
  const testContexts: BrowserContext[] = [];
  const fileContexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    try {
      await Promise.all(fileContexts.splice(0).map((c) => c.close()));
      await browser?.close();
    } finally {
      await server?.stop();
      // Any CLI run a failed or timed-out test left running.
      await stopTestChildren();
    }
  });
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    await Promise.all(testContexts.splice(0).map((c) => c.close()));
  });

  if (dumpOnFailure) {
    // Registered after the hook above, so it runs first (after-hooks run in reverse), with the pages still open.
    afterEach(async (ctx) => {
      if (ctx.task.result?.state !== 'fail') return;
      console.log('SERVER', server?.output().slice(-3000));
      for (const p of testContexts.flatMap((c) => c.pages())) {
        console.log('PAGE', p.url(), (await p.locator('body').innerText().catch(() => '?')).slice(0, 1500));
      }
    });
  }

  const suite = {
    get server(): TestServer {
      if (!server) throw new Error('The test server is not running (browserSuite starts it in beforeAll).');
      return server;
    },
    get browser(): Browser {
      if (!browser) throw new Error('The browser is not running (browserSuite launches it in beforeAll).');
      return browser;
    },
    /** The pages open in the current test, e.g. for a debug dump when it failed. */
    testPages(): Page[] {
      return testContexts.flatMap((c) => c.pages());
    },
    /** A page in a fresh context (its own cookies) with the server as base URL. */
    async page({ scope, ...options }: PageOptions = {}): Promise<Page> {
      const { context, page } = await newPage(suite.browser, suite.server, options);
      ((scope ?? (inTest ? 'test' : 'file')) === 'test' ? testContexts : fileContexts).push(context);
      if (timeout !== null) context.setDefaultTimeout(timeout);
      return page;
    },
    /** A page signed in through the login form of the person's area. */
    async signedIn(email: string, options?: PageOptions): Promise<Page> {
      const page = await suite.page(options);
      await signIn(page, email, areaOf(email));
      return page;
    },
  };
  return suite;
}

/** The newest .eml written for an address, and the first Coachwell link in it. */
export async function latestMailLink(server: TestServer, to: string, linkTo = '/'): Promise<string> {
  // `linkTo`, the link's path, waits for the person's mail that links there, passing over their other mails: the demo's
  // own jobs mail them too (the weekly action-step email goes out on a Monday as the server starts, and once landed
  // after an observation's in CI).
  const dir = path.join(server.dataDir, 'mail');
  const deadline = Date.now() + 10_000;
  const start = `${server.url}${linkTo}`.replace(/[.:/?]/g, '\\$&');
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml') && f.includes(to)).sort().reverse() : [];
    for (const file of linkTo === '/' ? files.slice(0, 1) : files) {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, '');
      // (the default: any link of the newest mail; a path given: that path, not one it is the start of)
      const link = raw.match(new RegExp(linkTo === '/' ? `${start}[^\\s"<>]+` : `${start}(?![\\w-])[^\\s"<>]*`))?.[0];
      if (link) return link.replace(/=3D/g, '=');
    }
    if (Date.now() > deadline) throw new Error(`No mail with a link${linkTo === '/' ? '' : ` to ${linkTo}`} for ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The loopback OpenID provider (scripts/oidcTestProvider.ts, server/testing/oidcProvider.ts's options as JSON) as a
 * child of this file, once it listens: the child (stopped with the file) and its issuer.
 */
export async function startOidcTestProvider(options: object): Promise<{ provider: TestChild; issuer: string }> {
  const provider = spawnForTest(process.execPath, ['--import', 'tsx', 'scripts/oidcTestProvider.ts', JSON.stringify(options)], { cwd: ROOT });
  for (const deadline = Date.now() + 30_000; !/Test OpenID provider at (\S+)/.test(provider.output());) {
    if (!provider.running() || Date.now() > deadline) throw new Error(`The test provider did not start:\n${provider.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { provider, issuer: /Test OpenID provider at (\S+)/.exec(provider.output())![1]! };
}

export async function runCli(server: TestServer, args: string[]): Promise<string> {
  const child = spawnForTest(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', ...args], { cwd: ROOT, env: server.env });
  const { code } = await child.exited;
  if (code !== 0) throw new Error(child.output());
  return child.output();
}

/** A JSON call from the page, with the session cookie and the CSRF header the app sends. */
export async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(async ({ method, url, body }) => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
    const res = await fetch(`/api/${url}`, {
      method,
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': xsrf },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: await res.json().catch(() => null) };
  }, { method, url, body }) as Promise<{ status: number; json: T }>;
}

const AXE_SOURCE = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

/**
 * The axe-core rule tags every browser test runs: WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best
 * practices (every rule axe enables by default, plus WCAG 2.2's target size, issue 35). Pass as
 * `axe.run(document, { runOnly: { type: 'tag', values: AXE_TAGS }, … })`.
 */
/** Whether the page scrolls sideways (what a phone-width layout must never do). */
export const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/**
 * Switches the signed-in person's interface to Spanish (PUT /api/account/profile, keeping their other settings);
 * answers the function that switches it back to English. The page must be reloaded to show the new language.
 */
export async function switchToSpanish(page: Page): Promise<() => Promise<void>> {
  const { json: me } = await api<{ name: string; date_locale: string; timezone: string }>(page, 'GET', 'auth/user');
  const profile = { name: me.name, date_locale: me.date_locale, timezone: me.timezone };
  const put = async (locale: 'en' | 'es') => {
    const { status } = await api(page, 'PUT', 'account/profile', { ...profile, locale });
    if (status !== 200) throw new Error(`PUT /api/account/profile with locale ${locale} answered ${status}.`);
  };
  await put('es');
  return () => put('en');
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Waits (at most 5 s) for the page's finite animations and transitions to end: a toast fading in or a
 * button's colour transition measured halfway reads as too little contrast to axe. Two frames first: a toast
 * added just now starts its fade on the next frame (on a busy machine axe used to catch it halfway).
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const running = document.getAnimations().filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    return Promise.race([
      Promise.all(running.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]);
  });
}

/** axe-core's violations (the AXE_TAGS rules) of the page as it is now, of any impact or only `impacts`. */
async function axeViolations(page: Page, impacts: string[] | null): Promise<{ id: string; impact: string; where: string }[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  await settleAnimations(page);
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    // A toast on its way out (its time is up) fades while axe reads it: it is gone a moment later, and its fade is
    // not what a person reads (the same toast was checked at rest when it came).
    const context = document.querySelector('.toast--leaving') ? { exclude: [['.toast--leaving']] } : document;
    const result = await axe.run(context as Document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, where: v.nodes.map((n) => n.target.join(' ')).join(', ') }));
  }, AXE_TAGS);
  return found.filter((v) => impacts === null || impacts.includes(v.impact));
}

/** A whole-page screenshot `name`.png into `dir` once its animations have ended; nothing when `dir` is unset (the *_SHOTS variables). */
export async function fullPageShot(dir: string | undefined, page: Page, name: string): Promise<void> {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await settleAnimations(page);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * Screenshots `name`-1.png, `name`-2.png … into `dir`, screen by screen as a person scrolls (a full-page picture
 * pins the sticky bars mid-page), at most `screens` of them, once its animations have ended; then back to the
 * top. Nothing when `dir` is unset.
 */
export async function screenByScreenShots(dir: string | undefined, page: Page, name: string, screens: number): Promise<void> {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await settleAnimations(page);
  const [height, viewport] = await page.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight]);
  for (let y = 0, n = 1; y < height && n <= screens; y += viewport - 80, n += 1) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.screenshot({ path: path.join(dir, `${name}-${n}.png`) });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The serious and critical violations, as "rule at selectors". */
export async function axeBlocking(page: Page): Promise<string[]> {
  return (await axeViolations(page, ['serious', 'critical'])).map((v) => `${v.id} at ${v.where}`);
}

/** Every violation, of any impact, as "rule (impact) at selectors". */
export async function axeAll(page: Page): Promise<string[]> {
  return (await axeViolations(page, null)).map((v) => `${v.id} (${v.impact}) at ${v.where}`);
}

/**
 * Selects narrower than their longest option (a chosen option would show cut off), as "name: natural in shown px";
 * `measureAs` is the width a select's natural size is measured at (`auto`: as wide as its place lets it be).
 */
export function clippedSelects(page: Page, within: string, measureAs: 'max-content' | 'auto' = 'max-content'): Promise<string[]> {
  return page.evaluate(({ within, measureAs }) => [...document.querySelectorAll<HTMLSelectElement>(`${within} select`)].flatMap((select) => {
    const shown = select.offsetWidth;
    const { width, maxWidth } = select.style;
    select.style.width = measureAs;
    select.style.maxWidth = 'none';
    const natural = select.offsetWidth;
    select.style.width = width;
    select.style.maxWidth = maxWidth;
    return natural > shown ? [`${select.name}: ${natural} px of options in ${shown} px`] : [];
  }), { within, measureAs });
}
