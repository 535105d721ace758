// The provider's user administration through the real screens: the Users list with its filters in the
// URL, impersonating from a row and stopping, deactivating and reactivating with a confirmation,
// inviting a staff member who accepts from the emailed link, Admin settings (the shared Account
// Settings screen) changing the staff member's name, axe-core on each screen at both widths, and the Users
// table's row actions all visible at 1366 px while its rows become cards at 390 px (issue 26).
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { axeBlocking, browserSuite, latestMailLink } from './harness';

vi.setConfig({ testTimeout: 60_000 });

const STAFF = 'support@coachwell.example';

const suite = browserSuite();

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });
const rowNames = (page: Page) => page.locator('.person-cell__name').allInnerTexts();

describe('Users (/admin/users)', () => {
  it('filters, searches and sorts with everything in the URL, and a reload keeps it', async () => {
    const page = await suite.signedIn(STAFF);
    await page.goto('/admin/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await row(page, 'Priya Raman').waitFor();

    await page.getByLabel('Role', { exact: true }).selectOption('coach');
    // Maple Grove's three coaches, Riverbend's two and one invited (issue 26), Valle del Sol's one (issue 33).
    await expect.poll(() => params(page)).toEqual({ role: 'coach' });
    await expect.poll(async () => (await rowNames(page)).map((n) => n.trim()).sort())
      .toEqual(['Angela Ruiz', 'Leah Morgan', 'Mateo Salinas', 'Nadia Brooks', 'Owen Fitzgerald', 'Priya Raman', 'Tom Becker']);

    await page.getByLabel('Search', { exact: true }).fill('priya');
    await expect.poll(() => params(page)).toEqual({ role: 'coach', search: 'priya' });
    await expect.poll(() => rowNames(page)).toEqual(['Priya Raman']);
    await page.getByText('1 user matches your filters').waitFor();

    await page.reload();
    await expect.poll(() => rowNames(page)).toEqual(['Priya Raman']);
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('priya');
    expect(await page.getByLabel('Role', { exact: true }).inputValue()).toBe('coach');

    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => params(page)).toEqual({});
    await page.getByLabel('Area', { exact: true }).selectOption('admin');
    await expect.poll(() => params(page)).toEqual({ area: 'admin' });
    await expect.poll(() => rowNames(page)).toEqual([expect.stringContaining('Sam Ortega')]);

    await page.getByLabel('Area', { exact: true }).selectOption('');
    // Wait for the cleared area to reach the URL: a district chosen before that is added to the old address.
    await expect.poll(() => params(page)).toEqual({});
    await page.getByLabel('District', { exact: true }).selectOption({ label: 'Cedar Falls Community Schools' });
    await expect.poll(() => Object.keys(params(page))).toEqual(['district_id']);
    await expect.poll(() => rowNames(page)).toEqual(['Helen Okafor']);

    await page.goto('/admin/users?sort=-name');
    await page.getByRole('columnheader', { name: 'Name' }).and(page.locator('[aria-sort="descending"]')).waitFor();
    await expect.poll(async () => (await rowNames(page))[0]).toBe('Tom Becker');
    await page.getByRole('button', { name: 'Name' }).click();
    await expect.poll(() => params(page)).toEqual({});
  });

  it('impersonates a district user from a row, then stops and is back in the admin area', async () => {
    const page = await suite.signedIn(STAFF);
    await page.goto('/admin/users?search=jordan');
    await page.getByRole('button', { name: 'Impersonate Jordan Ellis' }).click();
    await page.waitForURL((u) => u.pathname === '/app');
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await expect.poll(() => banner.innerText()).toContain('you are acting as Jordan Ellis');
    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    expect(await page.getByRole('region', { name: 'Impersonation' }).count()).toBe(0);
  });

  it('deactivates a login after confirming (signed out, status shown), then reactivates it', async () => {
    const page = await suite.signedIn(STAFF);
    const coach = await suite.signedIn('coach3@maplegrove.example');
    await page.goto('/admin/users?search=tom');
    await page.getByRole('button', { name: 'Deactivate Tom Becker' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate Tom Becker?' });
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('Tom Becker has been deactivated and signed out everywhere.').waitFor();
    await expect.poll(() => row(page, 'Tom Becker').innerText()).toContain('Deactivated');
    await coach.reload();
    await coach.waitForURL((u) => u.pathname === '/app/auth/login');

    await page.getByRole('button', { name: 'Reactivate Tom Becker' }).click();
    await page.getByRole('dialog', { name: 'Reactivate Tom Becker?' }).getByRole('button', { name: 'Reactivate' }).click();
    await page.getByText('Tom Becker can sign in again.').waitFor();
    await expect.poll(() => row(page, 'Tom Becker').innerText()).toContain('Active');
  });
});

describe('Admin user settings (/admin/settings/users)', () => {
  it('invites a provider support member; the emailed link opens the admin invite and signs them in to /admin', async () => {
    const page = await suite.signedIn(STAFF);
    await page.goto('/admin/settings');
    await page.getByRole('link', { name: 'Admin user settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin user settings' }).waitFor();
    await page.getByRole('button', { name: 'Invite staff member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Name is required.').waitFor();
    await dialog.getByLabel(/^Name/).fill('Nora Newstaff');
    await dialog.getByLabel(/^Email/).fill('nora@coachwell.example');
    await dialog.getByRole('radio', { name: /Provider support/ }).check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent').waitFor();
    await expect.poll(() => row(page, 'Nora Newstaff').innerText()).toMatch(/Invited[\s\S]*expires/);

    const link = await latestMailLink(suite.server, 'nora@coachwell.example');
    expect(link).toMatch(new RegExp(`^${suite.server.url}/admin/auth/invite/[\\w-]+$`));
    const invitee = await suite.page();
    await invitee.goto(link);
    await invitee.getByRole('heading', { level: 1, name: 'Join Coachwell staff' }).waitFor();
    await invitee.getByLabel(/^Password/).fill('nora-staff-password');
    await invitee.getByLabel(/^Confirm password/).fill('nora-staff-password');
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();
    await invitee.waitForURL((u) => u.pathname === '/admin');

    await page.reload();
    await expect.poll(() => row(page, 'Nora Newstaff').innerText()).toContain('Active');
    // Provider support cannot open staff management.
    await invitee.goto('/admin/settings/users');
    await invitee.waitForURL((u) => u.pathname === '/403');
  });
});

describe('Admin settings (/admin/settings)', () => {
  it('changes the staff member\'s own name through the shared Account Settings', async () => {
    const page = await suite.signedIn(STAFF);
    await page.goto('/admin/settings');
    await page.getByRole('heading', { level: 1, name: 'Admin settings' }).waitFor();
    await page.getByRole('link', { name: 'Interaction settings' }).waitFor();
    await page.getByLabel(/^Name/).fill('Samira Ortega');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile has been saved.').waitFor();
    await page.reload();
    expect(await page.getByLabel(/^Name/).inputValue()).toBe('Samira Ortega');
    await page.getByLabel(/^Name/).fill('Sam Ortega');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile has been saved.').waitFor();
  });
});

describe('axe-core and phone width on the user administration screens', () => {
  const screens = ['/admin/users', '/admin/settings', '/admin/settings/users'];
  for (const [label, viewport] of [['desktop', { width: 1366, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    it(`has no serious or critical violations and no sideways scroll at ${label} width`, async () => {
      const page = await suite.signedIn(STAFF, { viewport, bypassCSP: true });
      for (const target of screens) {
        await page.goto(target);
        await page.locator('h1').first().waitFor();
        await page.locator('.loading-block').first().waitFor({ state: 'detached' });
        expect(await axeBlocking(page), target).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), target).toBe(false);
      }
      // The invite dialog too.
      await page.getByRole('button', { name: 'Invite staff member' }).click();
      await page.getByRole('dialog', { name: 'Invite a staff member' }).waitFor();
      expect(await axeBlocking(page)).toEqual([]);
    });
  }
});

describe('the Users table at 1366 and 390 px (issue 26)', () => {
  /** Each row but one's own, with the boxes of its action buttons and the table's visible box. */
  async function actionBoxes(page: Page) {
    await page.goto('/admin/users');
    await row(page, 'Priya Raman').waitFor();
    await page.locator('.loading-block').first().waitFor({ state: 'detached' });
    return page.locator('.au-table__row').evaluateAll((rows) => rows.map((r) => ({
      name: r.querySelector('.person-cell__name')?.textContent?.trim() ?? '',
      staff: r.querySelector('[data-label="District"]')?.textContent?.includes('Coachwell staff') ?? false,
      buttons: [...r.querySelectorAll('.au-actions .btn')].map((b) => {
        const box = b.getBoundingClientRect();
        return { label: b.textContent?.trim() ?? '', left: box.left, right: box.right, width: box.width };
      }),
    })));
  }

  it('at 1366 px every row action is whole inside the table: none cut off behind its scroll', async () => {
    const page = await suite.signedIn(STAFF, { viewport: { width: 1366, height: 900 } });
    const rows = await actionBoxes(page);
    const wrap = page.locator('.au-table-wrap');
    expect(await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const edge = await wrap.evaluate((el) => { const b = el.getBoundingClientRect(); return { left: b.left, right: b.right }; });
    const others = rows.filter((r) => !r.name.includes('Sam Ortega'));
    expect(others.filter((r) => !r.staff).length).toBeGreaterThan(10);
    for (const r of others) {
      // A district's active login: Impersonate and Deactivate; an invited one: Resend invite and Deactivate
      // (Coachwell staff cannot be impersonated).
      expect(r.buttons.map((b) => b.label.replace(r.name, '').trim()), r.name).toEqual(expect.arrayContaining(r.staff
        ? [expect.stringMatching(/^(Deactivate|Reactivate)$/)]
        : [expect.stringMatching(/^(Impersonate|Resend invite)$/), 'Deactivate']));
      for (const b of r.buttons) {
        expect(b.width, `${r.name}: ${b.label}`).toBeGreaterThan(0);
        expect(b.left >= edge.left && b.right <= edge.right, `${r.name}: ${b.label} at ${b.left}–${b.right}, table ${edge.left}–${edge.right}`).toBe(true);
      }
    }
    await row(page, 'Isaac Porter').getByRole('button', { name: /^Resend invite/ }).waitFor({ state: 'visible' });
  });

  it('at 390 px the rows are cards: no column headers, each card inside the screen with its actions', async () => {
    const page = await suite.signedIn(STAFF, { viewport: { width: 390, height: 844 } });
    const rows = await actionBoxes(page);
    expect(await page.locator('.au-table thead').evaluate((el) => getComputedStyle(el).position === 'absolute' || getComputedStyle(el).display === 'none'
      || el.getBoundingClientRect().height <= 1)).toBe(true);
    expect(await page.locator('.au-table__row').first().evaluate((el) => getComputedStyle(el).display)).not.toBe('table-row');
    for (const r of rows.filter((x) => !x.name.includes('Sam Ortega'))) {
      expect(r.buttons.length, r.name).toBeGreaterThanOrEqual(r.staff ? 1 : 2);
      for (const b of r.buttons) expect(b.left >= 0 && b.right <= 390, `${r.name}: ${b.label}`).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
