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

const suite = browserSuite();
const ADMIN = 'admin@maplegrove.example';
const PHONE = { width: 390, height: 844 };


/** The headline figure of a card, as a number ("1,355" → 1355). */
async function figure(page: Page, key: string): Promise<number> {
  const text = await page.locator(`.report-card[data-figure="${key}"] .report-card__value`).textContent();
  return Number(text!.replace(/[^\d.]/g, ''));
}

/** A ChoiceDropdown of the filter bar by its label ("School"). */
function dropdown(page: Page, label: string) {
  return page.locator('.filter-bar .choice-dropdown').filter({ has: page.locator('.field__label', { hasText: new RegExp(`^${label}$`) }) });
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
    await dropdown(page, 'School').locator('summary').click();
    // A click, not check(): the box follows the URL, which updates a moment after the click.
    await page.getByRole('checkbox', { name: school.name }).click();
    await page.waitForURL((u) => decodeURIComponent(u.search).includes(`filter[building_id][]=${school.id}`));
    expect(decodeURIComponent(new URL(page.url()).search)).toContain('preset=last-30-days');
    // The closed dropdown names what is chosen, as Educators' School filter does.
    await expect.poll(() => dropdown(page, 'School').locator('.choice-dropdown__value').textContent()).toBe(school.name);
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
    expect(await page.locator('.filter-bar-fold').isVisible()).toBe(false);
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

describe('one filter bar on every report (issue 26)', () => {
  const RIVERBEND = 'admin@riverbend.example';
  const DESKTOP = { width: 1366, height: 900 };
  type Answer = { headline?: Record<string, number | null>; measures?: { key: string; a: number | null }[] };
  // The figure each report shows, read off the screen and off the answer of the request behind it.
  const FIGURES: Record<string, { path: string; shown: (page: Page) => Promise<number>; answered: (json: Answer) => number | null }> = {
    interactions: { path: '/app/reports', shown: (page) => figure(page, 'interactions'), answered: (j) => j.headline!.interactions! },
    'coaching-cycles': { path: '/app/reports/coaching-cycles', shown: (page) => figure(page, 'cycles'), answered: (j) => j.headline!.cycles! },
    'teacher-level': { path: '/app/reports/teacher-level', shown: (page) => figure(page, 'coached'), answered: (j) => j.headline!.coached! },
    'coaching-team': { path: '/app/reports/coaching-team', shown: (page) => figure(page, 'interactions'), answered: (j) => j.headline!.interactions! },
    comparison: {
      path: '/app/reports/comparison',
      shown: async (page) => Number((await page.locator('.compare-table tbody tr').first().locator('td').first().textContent())!.replace(/[^\d.]/g, '')),
      answered: (j) => j.measures!.find((m) => m.key === 'interactions')!.a,
    },
  };

  it('every report shows the shared bar at 1366 and 390 px: the range said once on one line, filters in the URL and the figures, folded behind Filters on a phone', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const phone = viewport.width < 760;
      const page = await suite.signedIn(RIVERBEND, { viewport, bypassCSP: true });
      const schools = (await api<{ data: { id: number; name: string }[] }>(page, 'GET', 'building')).json.data;
      expect(schools.length).toBeGreaterThanOrEqual(2);
      // The coach with the most interactions, so every report has figures for them.
      const busiest = (await api<InteractionsReport>(page, 'GET', 'report/interactions')).json.by_coach.toSorted((x, y) => y.interactions - x.interactions)[0]!;
      for (const [kind, report] of Object.entries(FIGURES)) {
        const where = `${kind} at ${viewport.width}px`;
        const start = kind === 'comparison' ? `?a=${schools[0]!.id}&b=${schools[1]!.id}` : '';
        await page.goto(`${report.path}${start}`);
        await page.locator('.report-page h1').waitFor();
        await page.waitForSelector('.report-loading', { state: 'detached' });

        // The shared bar (client/components/FilterBar.tsx) and its controls: labelled selects and
        // dropdowns, the "Filters" button only on a phone; nothing of the reports' old bar.
        const bar = page.locator('section.filter-bar[aria-label="Report filters"]');
        expect(await bar.count(), where).toBe(1);
        expect(await page.locator('.report-filters, .multi-select').count(), where).toBe(0);
        const toggle = page.locator('.filter-bar-fold').getByRole('button', { name: /^Filters/ });
        if (phone) {
          expect(await bar.isVisible(), `${where}: folded at first`).toBe(false);
          expect(await toggle.getAttribute('aria-expanded')).toBe('false');
          expect(await toggle.getAttribute('aria-controls')).toBe(await bar.getAttribute('id'));
          await toggle.click();
          expect(await toggle.getAttribute('aria-expanded')).toBe('true');
          await page.getByRole('region', { name: 'Report filters' }).waitFor();
        } else {
          expect(await toggle.isVisible(), `${where}: no Filters button on a wide screen`).toBe(false);
          expect(await bar.isVisible(), where).toBe(true);
        }
        expect(await bar.locator('.field__hint').count(), `${where}: no hint under the date range`).toBe(0);

        // A date range through the bar: in the URL, and the dates said once, on one line.
        await bar.getByLabel('Date range').selectOption('last-30-days');
        await page.waitForURL(/preset=last-30-days/);
        const dates = page.locator('.report-scope__dates');
        // The new answer's range (about 30 days), not the school year's, still on screen until it arrives.
        const spanDays = async () => {
          const m = /^\((.+) – (.+)\)$/.exec((await dates.textContent()) ?? '');
          const days = m ? Math.round((Date.parse(m[2]!) - Date.parse(m[1]!)) / 86_400_000) : NaN;
          return days >= 28 && days <= 31;
        };
        await expect.poll(spanDays, { message: where }).toBe(true);
        await expect.poll(() => dates.textContent(), { message: where }).toMatch(/^\(\w{3} \d{1,2}, \d{4} – \w{3} \d{1,2}, \d{4}\)$/);
        // One line: every box of the text starts at the same height.
        expect(await dates.evaluate((el) => new Set([...el.getClientRects()].map((r) => Math.round(r.top))).size), `${where}: the dates on one line`).toBe(1);
        const said = (await dates.textContent())!.slice(1, -1);
        const text = await page.evaluate(() => document.body.innerText);
        expect(text.split(said).length - 1, `${where}: "${said}" said once`).toBe(1);
        expect(await page.getByTestId('report-scope').textContent()).toContain(`Last 30 days (${said})`);

        // A coach through the bar: the URL, the dropdown's summary and the figure of the new answer.
        const coach = dropdown(page, 'Coach');
        await coach.locator('summary').click();
        const box = coach.getByRole('checkbox', { name: busiest.name });
        const coachId = String(busiest.id);
        const coachName = busiest.name;
        const answer = page.waitForResponse((r) => r.url().includes(`/api/report/${kind}?`) && decodeURIComponent(r.url()).includes(`filter[coach_id][]=${coachId}`));
        await box.click();
        await page.waitForURL((u) => decodeURIComponent(u.search).includes(`filter[coach_id][]=${coachId}`));
        expect(decodeURIComponent(new URL(page.url()).search), where).toContain('preset=last-30-days');
        const json = (await (await answer).json()) as Answer;
        await expect.poll(() => report.shown(page), { message: where }).toBe(report.answered(json));
        await page.keyboard.press('Escape');
        await expect.poll(() => coach.locator('.choice-dropdown__value').textContent(), { message: where }).toBe(coachName);
        await expect.poll(() => page.getByTestId('report-scope').textContent(), { message: where }).toContain(`Coach: ${coachName}`);
        if (phone) expect((await toggle.locator('.filters-toggle__count').textContent())!.replace(/\D/g, ''), `${where}: two filters set`).toBe('2');
        if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${where} scrolls sideways`).toBe(true);
        expect(await axeBlocking(page), where).toEqual([]);

        // Clear filters (the shared bar's) empties the URL's filters.
        await bar.getByRole('button', { name: 'Clear filters' }).click();
        await page.waitForURL((u) => !u.search.includes('preset') && !decodeURIComponent(u.search).includes('coach_id'));
      }
      await page.context().close();
    }
  }, 240_000);
});
