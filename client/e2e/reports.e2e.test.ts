// The report screens through a real browser: filters changed through the URL and through the filter
// bar (and the back button), a drill-down from a headline figure and from a bar, the "Show as table"
// alternative, the CSV download, printing to PDF without clipped tables, the Enterprise reports' plan
// note on Professional and the reports themselves once the district is on Enterprise, and axe-core on
// every report screen.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type InteractionsReport, REPORTS_PLAN_MESSAGE } from '../../common/schemas/reports';
import { api, axeBlocking, browserSuite } from './harness';

const suite = browserSuite({ timeout: 20_000 });
const ADMIN = 'admin@maplegrove.example';
const PHONE = { width: 390, height: 844 };


/** The headline figure of a card, as a number ("1,355" → 1355). */
async function figure(page: Page, key: string): Promise<number> {
  const text = await page.locator(`.report-card[data-figure="${key}"] .report-card__value`).textContent();
  return Number(text!.replace(/[^\d.]/g, ''));
}

async function openInteractions(page: Page, search = '') {
  await page.goto(`/app/reports${search}`);
  await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
  await page.locator('.report-card[data-figure="interactions"]').waitFor();
}

describe('the Interactions report', () => {
  it('reads its filters from the URL, changes them through the filter bar and the back button walks back', async () => {
    const page = await suite.signedIn(ADMIN);
    await openInteractions(page);
    const whole = await api<InteractionsReport>(page, 'GET', 'report/interactions');
    expect(await figure(page, 'interactions')).toBe(whole.json.headline.interactions);
    const school = whole.json.by_school.find((s) => s.id !== null && s.interactions > 0)!;

    // Through the URL, bracket style as the API reads it.
    await openInteractions(page, `?filter[building_id][]=${school.id}&interval=week`);
    await expect.poll(() => figure(page, 'interactions')).toBe(school.interactions);
    await page.getByRole('heading', { name: 'Interactions per week' }).waitFor();
    await expect.poll(() => page.getByTestId('report-scope').textContent()).toContain(`School: ${school.name}`);

    // Through the filter bar: another preset and a second school.
    await openInteractions(page);
    await page.getByLabel('Date range').selectOption('last-30-days');
    await page.waitForURL(/preset=last-30-days/);
    await page.locator('.multi-select').filter({ has: page.locator('.multi-select__label', { hasText: /^School$/ }) }).locator('summary').click();
    // A click, not check(): the box follows the URL, which updates a moment after the click.
    await page.getByRole('checkbox', { name: school.name }).click();
    await page.waitForURL((u) => decodeURIComponent(u.search).includes(`filter[building_id][]=${school.id}`));
    expect(decodeURIComponent(new URL(page.url()).search)).toContain('preset=last-30-days');
    await page.getByRole('listitem').filter({ hasText: `School: ${school.name}` }).waitFor();
    await expect.poll(() => page.getByTestId('report-scope').textContent()).toMatch(new RegExp(`Last 30 days \\(\\w+ \\d+, \\d{4} – \\w+ \\d+, \\d{4}\\) · School: ${school.name}`));

    // Back: the school goes, then the preset.
    await page.goBack();
    await page.waitForURL((u) => !decodeURIComponent(u.search).includes('building_id'));
    await page.goBack();
    await page.waitForURL((u) => !u.search.includes('preset'));
    await expect.poll(() => figure(page, 'interactions')).toBe(whole.json.headline.interactions);
  }, 90_000);

  it('drills down from the headline and from a bar to the interactions behind them, each linking to its record', async () => {
    const page = await suite.signedIn(ADMIN);
    await openInteractions(page);
    const total = await figure(page, 'interactions');
    await page.locator('.report-card[data-figure="interactions"] button').click();
    const dialog = page.getByRole('dialog', { name: 'Completed interactions' });
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('.drill__count').textContent()).toBe(`${total.toLocaleString('en-US')} interactions, newest first`);
    expect(await dialog.locator('.interaction-item').count()).toBe(20);
    await dialog.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
    await dialog.getByText(/Page 2 of/).waitFor();
    const href = await dialog.locator('.interaction-item__link').first().getAttribute('href');
    expect(href).toMatch(/^\/app\/activity\?open=\d+&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
    await dialog.getByRole('button', { name: 'Close dialog' }).click();

    // A type's bar: its interactions only.
    const report = await api<InteractionsReport>(page, 'GET', 'report/interactions');
    const type = report.json.by_type[0]!;
    await page.getByRole('list', { name: 'Interactions by type' }).getByRole('button', { name: new RegExp(`^${type.name}`) }).click();
    const typeDialog = page.getByRole('dialog', { name: `${type.name} interactions` });
    await typeDialog.waitFor();
    await expect.poll(() => typeDialog.locator('.drill__count').textContent()).toContain(`${type.interactions.toLocaleString('en-US')} interaction`);
    const names = await typeDialog.locator('.interaction-item__type').allTextContents();
    expect(new Set(names)).toEqual(new Set([type.name]));
    await typeDialog.locator('.interaction-item__link').first().click();
    await page.waitForURL(/\/app\/activity\?open=/);
  }, 90_000);

  it('shows a chart as a table of the same numbers, and downloads the CSV of the same table', async () => {
    const page = await suite.signedIn(ADMIN);
    await openInteractions(page);
    const report = await api<InteractionsReport>(page, 'GET', 'report/interactions');
    const figureEl = page.locator('figure.chart').filter({ has: page.getByRole('heading', { name: 'By interaction type' }) });
    await figureEl.locator('.chart__toggle', { hasText: 'Show as table' }).click();
    const table = figureEl.getByRole('table');
    await table.waitFor();
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').replace(/ .*$/, ''))));
    expect(rows.map((r) => r[0])).toEqual(report.json.by_type.map((t) => t.name.replace(/ .*$/, '')));
    expect(rows.map((r) => Number(r[1]!.replace(/,/g, '')))).toEqual(report.json.by_type.map((t) => t.interactions));
    await figureEl.locator('.chart__toggle', { hasText: 'Show as chart' }).click();
    await figureEl.getByRole('list', { name: 'Interactions by type' }).waitFor();

    const link = page.getByRole('link', { name: /^Download CSV\s*: By coach$/ });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/report\/interactions\.csv\?.*table=by_coach/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^interactions-by-coach-.*\.csv$/);
    const file = fs.readFileSync((await download.path())!);
    expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = file.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(report.json.by_coach.length + 1);
    for (const coach of report.json.by_coach) expect(lines.some((l) => l.includes(coach.name) && l.includes(String(coach.interactions)))).toBe(true);
  }, 90_000);

  it('prints to PDF with the title and filters at the top, no navigation, and tables that fit the page', async () => {
    const page = await suite.signedIn(ADMIN, { viewport: PHONE });
    await openInteractions(page, '?preset=last-month');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.app-sidebar').isVisible()).toBe(false);
    expect(await page.locator('.report-filters').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    const scope = (await page.getByTestId('report-scope').innerText()).replace(/\s+/g, ' ');
    expect(scope).toMatch(/^Maple Grove Unified School District · Reports · (Showing: )?Last month \(\w+ 1, \d{4} – /);
    // Every table fits its box under print media: nothing clipped.
    const wraps = await page.locator('.report-table-wrap').evaluateAll((els) => els.map((el) => ({ scroll: el.scrollWidth, client: el.clientWidth })));
    expect(wraps.length).toBeGreaterThan(0);
    for (const w of wraps) expect(w.scroll).toBeLessThanOrEqual(w.client + 1);
    const pdf = await page.pdf({ format: 'Letter', printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.emulateMedia({ media: 'screen' });
  }, 90_000);

  it('tells what to do when the range has no interactions', async () => {
    const page = await suite.signedIn(ADMIN);
    await page.goto('/app/reports?filter[from]=2001-01-01&filter[to]=2001-01-31');
    await page.getByRole('heading', { name: 'No completed interactions in this range' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).last().click();
    await page.locator('.report-card[data-figure="interactions"]').waitFor();
  });
});

describe('the Enterprise reports', () => {
  it('on Professional: the tab stays, the page explains what the plan adds', async () => {
    const page = await suite.signedIn(ADMIN);
    await openInteractions(page);
    await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Teacher level' }).click();
    await page.getByRole('heading', { level: 1, name: 'Teacher-level report' }).waitFor();
    // The district administrator manages billing: told how to upgrade, not to ask themselves (issue 26).
    const howToUpgrade = `${REPORTS_PLAN_MESSAGE.split('. ')[0]}. You manage your district's billing, so you can upgrade`;
    await page.getByText(howToUpgrade).waitFor();
    expect(await page.getByRole('link', { name: 'Billing and quotes' }).getAttribute('href')).toBe('/app/settings/billing');
    await page.getByText(/Not yet coached this year/).first().waitFor();
    await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Comparison' }).click();
    await page.getByRole('heading', { level: 1, name: 'Comparison report' }).waitFor();
    await page.getByText(howToUpgrade).waitFor();
  }, 90_000);

  it('axe finds nothing serious on any report screen, at desktop and phone width', async () => {
    for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
      const page = await suite.signedIn(ADMIN, { viewport, bypassCSP: true });
      for (const p of ['/app/reports', '/app/reports/coaching-cycles', '/app/reports/teacher-level', '/app/reports/coaching-team', '/app/reports/comparison']) {
        await page.goto(p);
        await page.locator('.report-page h1').waitFor();
        await page.waitForLoadState('networkidle');
        await page.waitForSelector('.report-loading', { state: 'detached' });
        expect(await axeBlocking(page), `${p} at ${viewport.width}px`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${p} scrolls sideways at ${viewport.width}px`).toBe(true);
      }
      await page.context().close();
    }
  }, 90_000);

  it('on Enterprise: teacher level with the not-coached view and paging, and a comparison of two schools', async () => {
    // The district moves to Enterprise (the change-version triggers make the next request see it).
    const db = new Database(path.join(suite.server.dataDir, 'coachwell.sqlite'));
    db.prepare("UPDATE districts SET plan_id = (SELECT id FROM plans WHERE key = 'enterprise') WHERE name LIKE 'Maple Grove%'").run();
    db.close();

    const page = await suite.signedIn(ADMIN, { bypassCSP: true });
    await page.goto('/app/reports/teacher-level');
    await page.getByRole('heading', { level: 2, name: 'Educators' }).waitFor();
    await page.getByRole('button', { name: /Not yet coached this year/ }).click();
    await page.waitForURL(/view=not-coached/);
    await page.getByRole('button', { name: /All educators/ }).click();
    await page.waitForURL((u) => !u.search.includes('view='));
    await page.getByRole('button', { name: /^Interactions/ }).click();
    await page.waitForURL(/sort=-interactions/);
    await expect.poll(() => page.locator('th[aria-sort="descending"]').textContent()).toContain('Interactions');
    expect(await axeBlocking(page)).toEqual([]);

    await page.goto('/app/reports/comparison');
    await page.getByRole('heading', { name: 'Choose two to compare' }).waitFor();
    const schools = await api<{ data: { id: number; name: string }[] }>(page, 'GET', 'building');
    const [a, b] = schools.json.data;
    await page.getByLabel('First').selectOption(String(a!.id));
    await page.getByLabel('Second').selectOption(String(b!.id));
    await page.waitForURL((u) => u.search.includes(`a=${a!.id}`) && u.search.includes(`b=${b!.id}`));
    const table = page.locator('.compare-table');
    await table.waitFor();
    expect(await table.locator('thead th').allTextContents()).toEqual(['Measure', a!.name, b!.name, 'Difference']);
    const diff = await table.locator('tbody tr').first().locator('.compare-diff').textContent();
    expect(diff).toMatch(/^(↑ \+|↓ −|=)/);
    expect(await axeBlocking(page)).toEqual([]);
  }, 90_000);
});
