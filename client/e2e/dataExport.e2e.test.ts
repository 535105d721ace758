// A district's full export (issue 32) on the Export and import screen: the demo district's administrator starts it,
// follows it until Download shows (the list polls while it is written), downloads the zip and finds interactions.csv
// and the README in it; the card says private notes are left out. axe-core finds nothing, at 1366 and 390 px.
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { axeBlocking, browserSuite, DESKTOP_PAGE, PHONE_PAGE } from './harness';

vi.setConfig({ testTimeout: 120_000 });
const suite = browserSuite();

const ADMIN = 'admin@maplegrove.example';

const card = (page: Page) => page.locator('section.card', { has: page.getByRole('heading', { level: 2, name: 'Export all district data' }) });

describe('Export all district data', () => {
  it('at 1366 px: start, follow the progress, download the zip holding interactions.csv; axe-clean', async () => {
    const page = await suite.signedIn(ADMIN, DESKTOP_PAGE);
    await page.goto('/app/settings/export-import');
    await card(page).getByText('Private notes are not included').waitFor();
    await card(page).getByRole('button', { name: 'Start export' }).click();
    // What the card shows right after the start (being written, or ready already on the small demo district).
    await card(page).getByRole('list', { name: 'Recent exports' }).waitFor();
    await card(page).screenshot({ path: '/tmp/data-export-started-1366.png' });
    const download = card(page).getByRole('link', { name: /^Download/ });
    await expect.poll(() => download.count(), { timeout: 60_000 }).toBe(1);
    expect(await card(page).getByText(/^Available until /).count()).toBe(1);
    expect(await axeBlocking(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/data-export-1366.png', fullPage: true });

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/-all-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    const entries = unzipSync(new Uint8Array(await readFile(path)));
    expect(Object.keys(entries)).toContain('interactions.csv');
    expect(Object.keys(entries)).toContain('README.md');
    expect(Buffer.from(entries['interactions.csv']!).toString('utf8').split('\r\n').length).toBeGreaterThan(10);
  });

  it('at 390 px: the card and its latest export fit the phone; axe-clean', async () => {
    const page = await suite.signedIn(ADMIN, PHONE_PAGE);
    await page.goto('/app/settings/export-import');
    await card(page).getByRole('list', { name: 'Recent exports' }).waitFor();
    await expect.poll(() => card(page).getByRole('link', { name: /^Download/ }).count(), { timeout: 20_000 }).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeBlocking(page)).toEqual([]);
    await card(page).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: '/tmp/data-export-390.png' });
  });
});
