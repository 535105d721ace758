// Accessibility checks with axe-core on the public, auth and signed-in screens, and a phone-width
// check that no page scrolls sideways. axe is injected as a script tag, so this file's contexts
// bypass the app's CSP (which rightly forbids inline scripts).
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { axeBlocking, browserSuite } from './harness';

type Who = 'guest' | 'district-admin' | 'provider-admin';
const EMAIL: Record<Exclude<Who, 'guest'>, string> = {
  'district-admin': 'admin@maplegrove.example',
  'provider-admin': 'support@coachwell.example',
};
const PAGES: { path: string; who: Who }[] = [
  { path: '/', who: 'guest' },
  { path: '/pricing', who: 'guest' },
  { path: '/policy', who: 'guest' },
  { path: '/register', who: 'guest' },
  { path: '/app/auth/login', who: 'guest' },
  { path: '/admin/auth/login', who: 'guest' },
  { path: '/app/auth/password-reset', who: 'guest' },
  { path: '/403', who: 'guest' },
  { path: '/app', who: 'district-admin' },
  { path: '/app/settings', who: 'district-admin' },
  { path: '/app/staff', who: 'district-admin' },
  { path: '/app/settings/interaction', who: 'district-admin' },
  { path: '/app/settings/coaching-cycle', who: 'district-admin' },
  { path: '/app/coaching', who: 'district-admin' },
  { path: '/admin', who: 'provider-admin' },
  { path: '/admin/settings/interaction', who: 'provider-admin' },
];

// The first page per person signs in too: more time than the 20 s default on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const suite = browserSuite();

/** One page per person and viewport, signed in once and reused for that person's pages. */
const pages = new Map<string, Promise<Page>>();
function pageFor(who: Who, viewport: { width: number; height: number }): Promise<Page> {
  const key = `${who}@${viewport.width}`;
  if (!pages.has(key)) {
    const options = { bypassCSP: true, viewport, scope: 'file' as const };
    pages.set(key, who === 'guest' ? suite.page(options) : suite.signedIn(EMAIL[who], options));
  }
  return pages.get(key)!;
}

/** Opens the page and waits until its screen has rendered: an h1, no loading spinner, fonts ready. */
async function visit(page: Page, target: string): Promise<void> {
  await page.goto(target);
  await page.waitForURL((u) => u.pathname === target);
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await page.locator('.loading-block').first().waitFor({ state: 'detached' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  expect(new URL(page.url()).pathname).toBe(target);
}

describe('axe finds no serious or critical violations', () => {
  it.each(PAGES.map((p) => [p.path, p.who] as const))('%s as %s', async (target, who) => {
    const page = await pageFor(who, { width: 1280, height: 900 });
    await visit(page, target);
    expect(await axeBlocking(page)).toEqual([]);
  });
});

describe('nothing scrolls sideways at 390px', () => {
  it.each(PAGES.map((p) => [p.path, p.who] as const))('%s as %s', async (target, who) => {
    const page = await pageFor(who, { width: 390, height: 844 });
    await visit(page, target);
    const size = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(size.innerWidth).toBe(390);
    const wide = size.scrollWidth > size.innerWidth
      ? await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className}`))
      : [];
    expect(size.scrollWidth, `wider than the viewport: ${wide.join(', ')}`).toBeLessThanOrEqual(size.innerWidth);
  });
});
