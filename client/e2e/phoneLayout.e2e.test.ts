// Issue 26's screen fixes at 1366 and 390 px, against the demo seed: a toast over an open dialog is on top
// (elementFromPoint at its centre) and sits clear of the dialog's footer; the Educators list becomes cards
// on a phone (one shared table--stack style with Users and Districts) and the page never scrolls sideways;
// the Cycles tab's filters (the shared FilterBar) fold behind a "Filters" button with the count of active
// filters on a phone and list the set filters as chips at both widths; the admin top
// bar's badge and avatar never overlap; axe-core finds nothing serious on each.
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { axeBlocking, browserSuite } from './harness';

vi.setConfig({ testTimeout: 60_000 });
const suite = browserSuite({ timeout: 30_000 });
const WIDTHS = [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('a toast over an open dialog', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`is on top of the dialog and clear of its footer at ${label} width`, async () => {
      const page = await suite.signedIn('admin@maplegrove.example', { viewport, bypassCSP: true });
      await page.goto('/app/coaching?tab=cycles&cycle=1');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Timeline' }).waitFor();
      await dialog.getByLabel('Add a note').fill('Observed the routine twice this week.');
      await dialog.getByRole('button', { name: 'Add note' }).click();
      const toast = page.locator('.toast', { hasText: 'Your note has been added.' });
      await toast.waitFor({ state: 'visible' });
      // The pointer reaches it over the dialog (Playwright checks the hit target), which holds its timer too.
      await toast.hover();
      await page.locator('.toast--visible').waitFor();
      // The dialog is still open, and the toast is what the browser finds at the toast's centre.
      expect(await dialog.isVisible()).toBe(true);
      const onTop = await toast.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && el.contains(hit);
      });
      expect(onTop).toBe(true);
      // Inside the modal dialog (not inert), in the viewport, and not over the dialog's footer or its Add note button.
      expect(await toast.evaluate((el) => el.closest('dialog')?.matches(':modal') ?? false)).toBe(true);
      // Measured once its entrance has finished (on a loaded machine the slide-in can still be under way).
      await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      const box = (await toast.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      const add = (await dialog.getByRole('button', { name: 'Add note' }).boundingBox())!;
      expect(intersects(box, add)).toBe(false);
      expect(await axeBlocking(page)).toEqual([]);
      // The toast's own button works inside the dialog.
      await toast.getByRole('button', { name: 'Dismiss notification' }).click();
      await toast.waitFor({ state: 'detached' });
      expect(await dialog.isVisible()).toBe(true);
      // After the dialog closes, the next toast is back on the page.
      await dialog.getByRole('button', { name: 'Close dialog' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.locator('.toast-region').evaluate((el) => el.closest('dialog') === null)).toBe(true);
    });
  }
});

describe('the Educators list', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`is a table on a wide screen and cards on a phone, never scrolled sideways, at ${label} width`, async () => {
      const page = await suite.signedIn('admin@maplegrove.example', { viewport, bypassCSP: true });
      await page.goto('/app/staff');
      await page.locator('.staff-table tbody tr').first().waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      const row = page.locator('.staff-table tbody tr').first();
      const display = await row.evaluate((el) => getComputedStyle(el).display);
      const school = row.locator('td[data-label="School"]');
      if (viewport.width < 760) {
        expect(display).toBe('block');
        // A card: its cells stacked, each led by its column's name, nothing wider than the screen.
        expect(await school.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"School"');
        expect(await page.locator('.staff-table-wrap').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        const card = (await row.boundingBox())!;
        expect(card.x).toBeGreaterThanOrEqual(0);
        expect(card.x + card.width).toBeLessThanOrEqual(viewport.width);
      } else {
        expect(display).toBe('table-row');
        expect(await school.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('none');
      }
      expect(await axeBlocking(page)).toEqual([]);
    });
  }

  it('shares its card style with Users and Districts at phone width', async () => {
    const district = await suite.signedIn('admin@maplegrove.example', { viewport: WIDTHS[1][1], bypassCSP: true });
    const provider = await suite.signedIn('support@coachwell.example', { viewport: WIDTHS[1][1], bypassCSP: true });
    for (const [page, path, table] of [[district, '/app/settings/user', '.users-table'], [provider, '/admin/users', '.au-table'], [provider, '/admin/districts', '.adm-table']] as const) {
      await page.goto(path);
      await page.locator(`${table} tbody tr`).first().waitFor();
      expect(await page.locator(table).evaluate((el) => el.classList.contains('table--stack'))).toBe(true);
      expect(await page.locator(`${table} tbody tr`).first().evaluate((el) => getComputedStyle(el).display)).toBe('block');
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(await axeBlocking(page)).toEqual([]);
    }
  });
});

describe('the Cycles tab filters', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`fold behind a Filters button with the active count at ${label} width`, async () => {
      const page = await suite.signedIn('admin@maplegrove.example', { viewport, bypassCSP: true });
      await page.goto('/app/coaching?tab=cycles');
      const panel = page.locator('section[aria-label="Filter cycles"]');
      await panel.waitFor({ state: 'attached' });
      const status = panel.getByRole('combobox', { name: 'Status' });
      const toggle = page.getByRole('button', { name: /^Filters/ });
      const wide = viewport.width >= 760;
      if (wide) {
        // On a wide screen the filters are always open (the shared FilterBar): no Filters button.
        expect(await toggle.isVisible()).toBe(false);
        expect(await status.isVisible()).toBe(true);
      } else {
        // Folded on a phone: the toggle names the panel it opens, and the board starts within the first screen.
        expect(await toggle.getAttribute('aria-controls')).toBe(await panel.getAttribute('id'));
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await status.isVisible()).toBe(false);
        const board = (await page.locator('.cyc-board').boundingBox())!;
        expect(board.y).toBeLessThan(viewport.height);
        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        expect(await toggle.textContent()).toBe('Filters');
      }
      await status.selectOption('all');
      await panel.getByRole('combobox', { name: 'Due' }).selectOption('overdue');
      // Each set filter is a chip; on a phone the count shows, read as "Filters 2 active".
      const chips = page.getByRole('list', { name: 'Active filters' });
      await expect.poll(() => chips.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('Status: All'), expect.stringContaining('Due: Overdue')]);
      if (!wide) {
        await expect.poll(() => toggle.textContent()).toBe('Filters2 active');
        expect(await toggle.locator('.filters-toggle__count').isVisible()).toBe(true);
        // Folding keeps the count and the chips in sight.
        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await status.isVisible()).toBe(false);
        expect(await toggle.locator('.filters-toggle__count').isVisible()).toBe(true);
        expect(await toggle.textContent()).toBe('Filters2 active');
        expect(await chips.isVisible()).toBe(true);
      }
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(await axeBlocking(page)).toEqual([]);
      // A chip removes its own filter; Clear filters the rest.
      await page.getByRole('button', { name: 'Remove filter Due: Overdue' }).click();
      await page.waitForURL((u) => !u.searchParams.has('due') && u.searchParams.get('status') === 'all');
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForURL((u) => !u.searchParams.has('status'));
      await expect.poll(() => chips.count()).toBe(0);
      if (!wide) expect(await toggle.textContent()).toBe('Filters');
    });
  }
});

describe('the admin top bar', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`keeps the Provider admin badge clear of the avatar at ${label} width`, async () => {
      const page = await suite.signedIn('support@coachwell.example', { viewport, bypassCSP: true });
      await page.goto('/admin');
      const badge = page.locator('.admin-tag');
      await badge.waitFor();
      const avatar = page.locator('.user-menu__button');
      const a = (await badge.boundingBox())!;
      const b = (await avatar.boundingBox())!;
      expect(intersects(a, b)).toBe(false);
      // Both inside the top bar, on one line.
      const bar = (await page.locator('.app-topbar').boundingBox())!;
      for (const box of [a, b]) {
        expect(box.y).toBeGreaterThanOrEqual(bar.y);
        expect(box.y + box.height).toBeLessThanOrEqual(bar.y + bar.height);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      // "Provider admin" for screen readers at every width (a no-break space: the badge is a flex box).
      expect((await badge.textContent())?.replace(/\u00a0/g, ' ')).toBe('Provider admin');
      if (viewport.width >= 600) expect(await badge.innerText()).toMatch(/^provider\s+admin$/i);
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(await axeBlocking(page)).toEqual([]);
    });
  }
});
