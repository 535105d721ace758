// Issue 32 through the real screens: Site settings' Data retention card (the setting chosen, what the next run deletes
// shown before saving, the confirmation, the saved setting, and the reports' line saying from when they hold data), and
// Account Settings' Download my data (the zip downloads and holds the coach's interaction with their private note).
// At 1366 and 390 px, axe clean (every impact).
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { api, axeAll, browserSuite, DESKTOP_PAGE, PHONE_PAGE, scrollsSideways } from './harness';

const suite = browserSuite();
const ADMIN = 'admin@maplegrove.example';
const COACH = 'coach@maplegrove.example';
const SHOTS = process.env.ISSUE32_SHOTS;

describe('Data retention on Site settings', () => {
  it('at 1366 px: chooses a number of school years, reads what the next run deletes, confirms, and the reports say from when they hold data', async () => {
    const page = await suite.signedIn(ADMIN, DESKTOP_PAGE);
    await page.goto('/app/settings/site');
    const card = page.getByRole('region', { name: 'Data retention' });
    await card.waitFor();
    const select = page.getByLabel(/^Delete coaching records/);
    expect(await select.inputValue()).toBe('off');
    await card.getByText('Nothing is deleted: coaching records are kept').waitFor();

    await select.selectOption({ label: 'Older than 1 school year' });
    const preview = page.getByTestId('retention-preview');
    await expect.poll(() => preview.textContent(), { timeout: 20_000 }).toMatch(/^The next run on .+ deletes .+dated before .+\.$/);
    expect(await axeAll(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/site-retention-1366.png`, fullPage: true });

    await card.getByRole('button', { name: 'Save retention' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete coaching records older than 1 school year?' });
    await confirm.getByText('Deleted records cannot be restored').waitFor();
    expect(await axeAll(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/site-retention-confirm-1366.png` });
    await confirm.getByRole('button', { name: 'Turn on deletion' }).click();
    await page.getByText('Coaching records older than 1 school year will be deleted every night.').waitFor();

    const district = await api<{ data_retention_years: number | null; retained_from: string | null }>(page, 'GET', 'district');
    expect(district.json.data_retention_years).toBe(1);
    expect(district.json.retained_from).toMatch(/^\d{4}-\d{2}-01$/);

    await page.goto('/app/reports');
    await expect.poll(() => page.getByTestId('report-retention').textContent(), { timeout: 20_000 })
      .toMatch(/^Records before .+ are deleted under the district’s retention setting\.$/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/reports-retention-1366.png` });

    // Back off: nothing asked, the reports' line gone.
    await page.goto('/app/settings/site');
    await page.getByLabel(/^Delete coaching records/).selectOption('off');
    await page.getByRole('button', { name: 'Save retention' }).click();
    await page.getByText('Data retention is off: coaching records are kept.').waitFor();
    expect((await api<{ data_retention_years: number | null }>(page, 'GET', 'district')).json.data_retention_years).toBeNull();
  });

  it('at 390 px: the card and its preview fit the phone; axe clean', async () => {
    const page = await suite.signedIn(ADMIN, PHONE_PAGE);
    await page.goto('/app/settings/site');
    await page.getByLabel(/^Delete coaching records/).selectOption({ label: 'Older than 3 school years' });
    await expect.poll(() => page.getByTestId('retention-preview').textContent(), { timeout: 20_000 }).toMatch(/^The next run on /);
    await page.locator('#site-retention-title').scrollIntoViewIfNeeded();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeAll(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/site-retention-390.png`, fullPage: true });
  });
});

describe('Download my data on Account Settings', () => {
  for (const options of [DESKTOP_PAGE, PHONE_PAGE]) {
    const width = options.viewport!.width;
    it(`at ${width} px: the zip downloads and holds the coach's interaction with their private note`, async () => {
      const page = await suite.signedIn(COACH, options);
      const types = await api<{ data: { id: number }[] }>(page, 'GET', 'interaction-type');
      const note = `Only mine ${width}: try wait time`;
      const made = await api<{ id: number }>(page, 'POST', 'interaction', {
        interaction_type_id: types.json.data[0]!.id, starts_at: new Date(Date.now() - 86_400_000).toISOString(), duration_minutes: 30,
        status: 'completed', staff_ids: [2], notes: 'Shared words', private_notes: note,
      });
      expect(made.status).toBe(201);
      await page.goto('/app/settings');
      const button = page.getByRole('button', { name: 'Download my data' });
      await button.scrollIntoViewIfNeeded();
      expect(await scrollsSideways(page)).toBe(false);
      expect(await axeAll(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/account-own-data-${width}.png`, fullPage: true });

      const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(file.suggestedFilename()).toMatch(/^coachwell-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const entries = unzipSync(new Uint8Array(await readFile((await file.path())!)));
      expect(Object.keys(entries)).toContain('README.md');
      const logged = JSON.parse(strFromU8(entries['interactions_you_logged.json']!)) as { id: number; private_notes: string | null; notes: string | null }[];
      expect(logged.find((i) => i.id === made.json.id)).toMatchObject({ notes: 'Shared words', private_notes: note });
      expect(strFromU8(entries['interactions_you_logged.csv']!)).toContain(note);
      await page.getByText('Your data has been downloaded.').waitFor();
    });
  }
});
