// Deleting a district through the real screens (issue 32, item 3): a provider administrator schedules Cedar Falls'
// deletion (its administrator is then refused at sign-in and told why), deletes it at once by typing its name (the
// button is enabled only when the name matches; the page then shows the purge's progress until the district is gone),
// and finds its certificate under Deleted districts; at 390 px another district is scheduled and restored. axe-core on the view with its banner, each dialog and the list.
// DELETION_SHOTS=<folder> also writes screenshots of each screen there.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeBlocking, browserSuite, DEMO_PASSWORD, DESKTOP_PAGE, PHONE_PAGE } from './harness';

vi.setConfig({ testTimeout: 90_000 });

const suite = browserSuite();
const PROVIDER = 'support@coachwell.example';
const CEDAR = 'Cedar Falls Community Schools';
const RIVERBEND = 'Riverbend Public Schools';
const SHOTS = process.env.DELETION_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  // The phone's shots are what the screen shows (a whole 390 px page is too tall to read).
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: !name.endsWith('-390') });
}

async function openDistrict(page: Page, name: string) {
  await page.goto('/admin/districts');
  await page.getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('deleting a district', () => {
  it('schedules, refuses its administrator at sign-in, deletes it now by its typed name and lists its certificate (1366 px)', async () => {
    const page = await suite.signedIn(PROVIDER, DESKTOP_PAGE);
    await openDistrict(page, CEDAR);
    await page.getByRole('button', { name: 'Schedule deletion' }).click();
    const schedule = page.getByRole('dialog', { name: `Schedule the deletion of ${CEDAR}?` });
    await schedule.waitFor();
    expect(await schedule.innerText()).toContain('For 30 days');
    expect(await axeBlocking(page)).toEqual([]);
    await shot(page, 'schedule-dialog-1366');
    await schedule.getByRole('button', { name: 'Schedule deletion' }).click();
    await schedule.waitFor({ state: 'hidden' });
    const banner = page.getByRole('alert').filter({ hasText: /Scheduled for deletion on / });
    await banner.waitFor();
    expect(await axeBlocking(page)).toEqual([]);
    await shot(page, 'district-scheduled-1366');

    // Its administrator is refused at sign-in, told when and whom to contact.
    const districtAdmin = await suite.page(DESKTOP_PAGE);
    await districtAdmin.goto('/app/auth/login');
    await districtAdmin.getByLabel(/^Email/).fill('admin@cedarfalls.example');
    await districtAdmin.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await districtAdmin.getByRole('button', { name: 'Sign in' }).click();
    await districtAdmin.getByRole('alert').filter({ hasText: /scheduled for deletion on .*support@coachwell\.example/ }).waitFor();
    expect(new URL(districtAdmin.url()).pathname).toBe('/app/auth/login');

    // The list shows it too.
    await page.goto('/admin/districts');
    await page.getByRole('row', { name: new RegExp(CEDAR) }).getByText(/^Deletion on /).waitFor();
    await openDistrict(page, CEDAR);

    // Delete now: the button waits for the exact name.
    await banner.getByRole('button', { name: 'Delete now' }).click();
    const purge = page.getByRole('dialog', { name: `Delete ${CEDAR} now?` });
    await purge.waitFor();
    const confirm = purge.getByRole('button', { name: 'Delete district now' });
    expect(await confirm.isDisabled()).toBe(true);
    await purge.getByLabel(/^Type the district's name/).fill(CEDAR.toLowerCase());
    expect(await confirm.isDisabled()).toBe(true);
    await purge.getByLabel(/^Type the district's name/).fill(CEDAR);
    expect(await confirm.isDisabled()).toBe(false);
    expect(await axeBlocking(page)).toEqual([]);
    await shot(page, 'purge-dialog-1366');
    await confirm.click();
    // The server answers at once (202) and purges in batches in the background: the page shows the district purging
    // (no Restore any more), polls it, and says so once it is gone.
    const progress = page.locator('.adm-purging');
    await progress.getByText(/^\d[\d,]* records? removed so far\.$/).waitFor();
    expect(await progress.innerText()).toContain('It can no longer be restored');
    expect(await page.getByRole('button', { name: 'Restore' }).count()).toBe(0);
    expect(await axeBlocking(page)).toEqual([]);
    await shot(page, 'purging-1366');
    const done = page.locator('.alert--success').filter({ hasText: 'District deleted' });
    await done.waitFor({ timeout: 20_000 });
    expect(await axeBlocking(page)).toEqual([]);
    await shot(page, 'purged-1366');
    await done.getByRole('link', { name: 'See its certificate under Deleted districts' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/districts');

    const deleted = page.getByRole('region', { name: 'Deleted districts', exact: true });
    await deleted.getByRole('row', { name: new RegExp(CEDAR) }).waitFor();
    await expect.poll(() => page.locator('.adm-table tbody th[scope="row"] a').allInnerTexts(), { timeout: 20_000 })
      .toEqual(['Distrito Escolar Independiente Valle del Sol', 'Maple Grove Unified School District', RIVERBEND]);
    const link = deleted.getByRole('link', { name: new RegExp(`^DDC-\\d{8}-[0-9A-F]{8} for ${CEDAR} \\(PDF\\)$`) });
    await link.waitFor();
    // Emailed to its administrator (the e2e server writes emails to files: none is refused).
    await deleted.getByRole('row', { name: new RegExp(CEDAR) }).getByText(/^Emailed to (\d+) of \1$/).waitFor();
    expect(await axeBlocking(page)).toEqual([]);
    await shot(page, 'deleted-districts-1366');
    // The certificate downloads as a PDF.
    const href = await link.getAttribute('href');
    const pdf = await page.evaluate(async (url) => {
      const res = await fetch(url!, { credentials: 'same-origin' });
      return { status: res.status, type: res.headers.get('content-type'), head: new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5)) };
    }, href);
    expect(pdf).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
    const list = await api<{ data: { district_name: string; purged_by_label: string }[] }>(page, 'GET', 'admin/district-deletions');
    expect(list.json.data[0]).toMatchObject({ district_name: CEDAR, purged_by_label: 'Sam Ortega' });
  });

  it('schedules and restores at 390 px', async () => {
    const page = await suite.signedIn(PROVIDER, PHONE_PAGE);
    await openDistrict(page, RIVERBEND);
    await page.getByRole('button', { name: 'Schedule deletion' }).click();
    const schedule = page.getByRole('dialog', { name: `Schedule the deletion of ${RIVERBEND}?` });
    await schedule.waitFor();
    await shot(page, 'schedule-dialog-390');
    await schedule.getByRole('button', { name: 'Schedule deletion' }).click();
    await schedule.waitFor({ state: 'hidden' });
    const banner = page.getByRole('alert').filter({ hasText: /Scheduled for deletion on / });
    await banner.waitFor();
    expect(await axeBlocking(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'district-scheduled-390');

    await banner.getByRole('button', { name: 'Delete now' }).click();
    const purge = page.getByRole('dialog', { name: `Delete ${RIVERBEND} now?` });
    await purge.waitFor();
    expect(await axeBlocking(page)).toEqual([]);
    await shot(page, 'purge-dialog-390');
    await purge.getByRole('button', { name: 'Cancel' }).click();

    await banner.getByRole('button', { name: 'Restore' }).click();
    const restore = page.getByRole('dialog', { name: `Restore ${RIVERBEND}?` });
    await restore.getByRole('button', { name: 'Restore district' }).click();
    await restore.waitFor({ state: 'hidden' });
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Schedule deletion' }).waitFor();

    await page.goto('/admin/districts');
    const deleted = page.getByRole('region', { name: 'Deleted districts', exact: true });
    await deleted.getByRole('row', { name: new RegExp(CEDAR) }).waitFor();
    expect(await axeBlocking(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await deleted.scrollIntoViewIfNeeded();
    await shot(page, 'districts-list-390');

    // Deleted now after all: the progress, then the end, fit the phone.
    await openDistrict(page, RIVERBEND);
    await page.getByRole('button', { name: 'Schedule deletion' }).click();
    await page.getByRole('dialog', { name: `Schedule the deletion of ${RIVERBEND}?` }).getByRole('button', { name: 'Schedule deletion' }).click();
    await banner.getByRole('button', { name: 'Delete now' }).click();
    await purge.getByLabel(/^Type the district's name/).fill(RIVERBEND);
    await purge.getByRole('button', { name: 'Delete district now' }).click();
    await page.locator('.adm-purging').getByText(/records? removed so far\.$/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'purging-390');
    await page.locator('.alert--success').filter({ hasText: 'District deleted' }).waitFor({ timeout: 20_000 });
    expect(await axeBlocking(page)).toEqual([]);
    await shot(page, 'purged-390');
  });
});
