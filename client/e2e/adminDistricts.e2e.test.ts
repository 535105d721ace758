// Admin Districts through the real screens: the list with its filters and sort in the URL, suspending a
// district (its administrator is refused at sign-in and told why) and reactivating it, impersonating from
// the district page and stopping, and axe-core on both screens at desktop and phone widths.
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { DISTRICT_SUSPENDED_MESSAGE } from '../../common/schemas/adminDistricts';
import { axeBlocking, browserSuite, DEMO_PASSWORD } from './harness';

vi.setConfig({ testTimeout: 60_000 });

const suite = browserSuite();

const PROVIDER = 'support@coachwell.example';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };


const districtNames = (page: Page) => page.locator('.adm-table tbody th[scope="row"] a').allInnerTexts();
const search = (page: Page) => new URL(page.url()).searchParams;

/** Opens a district's page from the list. */
async function openDistrict(page: Page, name: string) {
  await page.goto('/admin/districts');
  await page.getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('the Districts list', () => {
  it('keeps search, filters and sort in the URL; a shared address opens the same list', async () => {
    const page = await suite.signedIn(PROVIDER);
    // The admin dashboard links with the API's filter names.
    await page.goto('/admin/districts?filter[status]=trial');
    await page.getByRole('heading', { level: 1, name: 'Districts' }).waitFor();
    await expect.poll(() => districtNames(page)).toEqual(['Cedar Falls Community Schools']);
    expect(await page.getByLabel('Status').inputValue()).toBe('trial');

    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Plan').selectOption('professional');
    await page.waitForURL((u) => u.searchParams.get('plan') === 'professional' && !u.searchParams.has('status') && !u.searchParams.has('filter[status]'));
    await expect.poll(() => districtNames(page)).toEqual(['Distrito Escolar Independiente Valle del Sol', 'Maple Grove Unified School District']);

    await page.getByLabel('Plan').selectOption('');
    await page.getByRole('searchbox', { name: 'Search' }).fill('cedar');
    await page.waitForURL((u) => u.searchParams.get('search') === 'cedar');
    await expect.poll(() => districtNames(page)).toEqual(['Cedar Falls Community Schools']);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    // The four demo districts (Riverbend is the Enterprise one, issue 26; Valle del Sol the Spanish one, issue 33).
    await expect.poll(() => districtNames(page)).toEqual([
      'Cedar Falls Community Schools', 'Distrito Escolar Independiente Valle del Sol', 'Maple Grove Unified School District', 'Riverbend Public Schools',
    ]);

    // Sorting by a column header: most users first, written to the URL, marked with aria-sort.
    await page.getByRole('button', { name: 'Users' }).click();
    await page.waitForURL((u) => u.searchParams.get('sort') === '-users');
    // Riverbend: five logins and two invited people; Maple Grove six logins; Valle del Sol three; Cedar Falls one.
    await expect.poll(() => districtNames(page)).toEqual([
      'Riverbend Public Schools', 'Maple Grove Unified School District', 'Distrito Escolar Independiente Valle del Sol', 'Cedar Falls Community Schools',
    ]);
    expect(await page.getByRole('columnheader', { name: 'Users' }).getAttribute('aria-sort')).toBe('descending');

    // The same address in another browser shows the same list.
    const other = await suite.signedIn(PROVIDER);
    await other.goto(`/admin/districts?${search(page).toString()}&state=IL`);
    await expect.poll(() => districtNames(other)).toEqual(['Maple Grove Unified School District']);
    expect(await other.getByLabel('State').inputValue()).toBe('IL');
    expect(await other.getByLabel('Sort by').inputValue()).toBe('-users');
  });
});

describe('suspending a district', () => {
  it('asks for a reason, refuses its administrator at sign-in with the message, and reactivating restores sign-in', async () => {
    const page = await suite.signedIn(PROVIDER);
    await openDistrict(page, 'Cedar Falls Community Schools');
    await page.getByRole('button', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog', { name: /Suspend Cedar Falls/ });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Suspend district' }).click();
    await dialog.getByText('Reason is required.').waitFor();
    await dialog.getByLabel(/^Reason/).fill('Trial abused: bulk sign-ups');
    await dialog.getByRole('button', { name: 'Suspend district' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('This district is suspended').waitFor();
    expect(await page.locator('main').innerText()).toContain('Trial abused: bulk sign-ups');

    const districtAdmin = await suite.page();
    await districtAdmin.goto('/app/auth/login');
    await districtAdmin.getByLabel(/^Email/).fill('admin@cedarfalls.example');
    await districtAdmin.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await districtAdmin.getByRole('button', { name: 'Sign in' }).click();
    await districtAdmin.getByRole('alert').filter({ hasText: DISTRICT_SUSPENDED_MESSAGE }).waitFor();
    expect(new URL(districtAdmin.url()).pathname).toBe('/app/auth/login');

    await page.getByRole('button', { name: 'Reactivate' }).click();
    const back = page.getByRole('dialog', { name: /Reactivate Cedar Falls/ });
    await back.getByLabel(/^Reason/).fill('Confirmed a real district');
    await back.getByRole('button', { name: 'Reactivate district' }).click();
    await back.waitFor({ state: 'hidden' });
    await page.getByText('This district is suspended').waitFor({ state: 'detached' });

    await districtAdmin.getByRole('button', { name: 'Sign in' }).click();
    await districtAdmin.waitForURL((u) => u.pathname === '/app');
  });
});

describe('impersonating from the district page', () => {
  it('acts as the district administrator in /app, then stops', async () => {
    const page = await suite.signedIn(PROVIDER);
    await openDistrict(page, 'Maple Grove Unified School District');
    await page.getByRole('button', { name: 'Impersonate Dana Whitfield' }).click();
    await page.waitForURL((u) => u.pathname === '/app');
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await banner.waitFor();
    expect(await banner.innerText()).toContain('admin@maplegrove.example');
    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    await banner.waitFor({ state: 'detached' });
  });
});

describe('accessibility', () => {
  it.each([['desktop', DESKTOP], ['phone', PHONE]] as const)('both screens pass axe at %s width without sideways scroll', async (_label, viewport) => {
    const page = await suite.signedIn(PROVIDER, { viewport, bypassCSP: true });
    await page.goto('/admin/districts');
    await page.locator('.adm-table').waitFor();
    expect(await axeBlocking(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole('link', { name: 'Maple Grove Unified School District' }).click();
    await page.getByRole('heading', { level: 2, name: 'Plan and status' }).waitFor();
    expect(await axeBlocking(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // A dialog too.
    await page.getByRole('button', { name: 'Change plan or seats' }).click();
    await page.getByRole('dialog', { name: 'Change plan or seats' }).waitFor();
    expect(await axeBlocking(page)).toEqual([]);
  });
});
