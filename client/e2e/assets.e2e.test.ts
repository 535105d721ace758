// How the built client reaches a browser: compressed assets, the route's chunks preloaded by the page,
// and each screen's stylesheet loaded with its screen (never a screen shown without its styles).
import { expect, it, vi } from 'vitest';
import type { Route } from 'playwright-core';
import { browserSuite } from './harness';

vi.setConfig({ testTimeout: 60_000 });
const suite = browserSuite();

it('the login page arrives compressed, with its script\'s chunks preloaded and its stylesheets linked', async () => {
  const page = await suite.page();
  const encodings = new Map<string, string>();
  page.on('response', (res) => {
    const pathname = new URL(res.url()).pathname;
    if (pathname.startsWith('/assets/') || pathname === '/app/auth/login') encodings.set(pathname, res.headers()['content-encoding'] ?? 'none');
  });
  await page.goto('/app/auth/login');
  await page.getByRole('heading', { name: 'Sign in to Coachwell' }).waitFor();

  const head = await page.evaluate(() => ({
    script: document.querySelector<HTMLScriptElement>('script[type="module"]')?.src ?? '',
    preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname),
    styles: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => new URL(l.href).pathname),
  }));
  // The page is rendered at build time: its one script is the small login enhancement, not the SPA.
  expect(new URL(head.script).pathname).toMatch(/^\/assets\/login-[^/]+\.js$/);
  expect(head.preloads.length).toBeGreaterThan(0);
  expect(head.preloads.every((p) => /^\/assets\/chunks\/chunk-[^/]+\.js$/.test(p))).toBe(true);
  expect(head.styles.some((p) => /^\/assets\/main-[^/]+\.css$/.test(p))).toBe(true);
  expect(head.styles.some((p) => /^\/assets\/css\/auth-[^/]+\.css$/.test(p))).toBe(true);
  // Only the shell's and the login screen's stylesheets: no other feature's.
  expect(head.styles.filter((p) => p.startsWith('/assets/css/'))).toEqual([expect.stringMatching(/\/auth-/)]);

  expect(encodings.get('/app/auth/login')).toBe('br');
  const login = [...encodings].find(([p]) => /^\/assets\/login-[^/]+\.js$/.test(p));
  expect(login?.[1]).toBe('br');
});

it('a screen opened inside the app waits for its stylesheet before it shows', async () => {
  const page = await suite.signedIn('admin@maplegrove.example', { viewport: { width: 1280, height: 900 } });
  await page.getByRole('heading', { name: /Welcome/ }).or(page.locator('h1').first()).first().waitFor();

  // Hold the educators stylesheet until the test lets it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = '';
  await page.route('**/assets/css/staff-*.css', async (route: Route) => {
    requested = new URL(route.request().url()).pathname;
    await held;
    await route.continue();
  });

  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Educators' }).click();
  await page.waitForURL('**/app/staff');
  await expect.poll(() => requested).toMatch(/^\/assets\/css\/staff-[^/]+\.css$/);
  // The stylesheet is still on its way: the screen is not there yet.
  expect(await page.locator('.staff-results').count()).toBe(0);

  release();
  await page.locator('.staff-results').waitFor();
  // Styled from its first appearance: staff.css lays the results out as a column.
  expect(await page.locator('.staff-results').evaluate((el) => getComputedStyle(el).flexDirection)).toBe('column');
});
