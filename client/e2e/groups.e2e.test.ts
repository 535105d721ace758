// Staff groups through the real screens, in a browser whose timezone is America/Los_Angeles while the
// administrator's profile clock is America/Chicago (issue 26: member dates are days on the profile clock,
// never the browser's): create (dates picked on the profile clock, sent as the UTC instants of their
// midnights), edit, deactivate, restore, delete, the spec's 'Uh-oh.' alerts when the API fails, and the
// screen at 1366 and 390 px (axe-core finds nothing).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { axeBlocking, browserSuite } from './harness';

const FETCH_FAILED = 'An error occurred while fetching groups. Please try again later';
const DELETE_FAILED = 'An error occurred while deleting this group. Please try again later';
const DEACTIVATE_FAILED = 'An error occurred while deactivate this group. Please try again later';

const suite = browserSuite();
/** One signed-in page for the whole file: each test goes on from where the last one left off. */
let page: Page;

beforeAll(async () => {
  page = await suite.signedIn('admin@maplegrove.example', { timezoneId: 'America/Los_Angeles', viewport: { width: 1366, height: 900 }, bypassCSP: true });
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    console.log('SERVER', suite.server.output().slice(-2000));
    console.log('PAGE', page.url(), (await page.locator('body').innerText().catch(() => '?')).slice(0, 1500));
    // Start the next test from a clean screen (no dialog left open).
    await page.goto('/app/staff/groups').catch(() => {});
  }
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

const card = (name: string) => page.getByRole('article', { name, exact: true });
const tab = (name: 'Active groups' | 'All groups') => page.getByRole('tab', { name });

/** The error toast with the spec's title and message; dismissed after checking. */
async function expectAlert(message: string) {
  const toast = page.locator('.toast--error', { hasText: message });
  await toast.waitFor({ state: 'visible' });
  expect(await toast.getAttribute('role')).toBe('alert');
  expect(await toast.locator('.toast__title').textContent()).toBe('Uh-oh.');
  expect(await toast.locator('.toast__message').textContent()).toBe(message);
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await toast.waitFor({ state: 'detached' });
}

async function successToast(title: string) {
  const toast = page.locator('.toast--success', { hasText: title });
  await toast.waitFor({ state: 'visible' });
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
}

function bodyOf(request: Request) {
  return request.postDataJSON() as { name: string; description: string | null; group_of: string; items: { item_id: number; start_date: string; end_date: string | null }[] };
}

async function addMember(dialog: Locator, search: string, name: string) {
  await dialog.getByLabel(/^Add an educator/).fill(search);
  await dialog.getByRole('button', { name: `Add ${name}`, exact: true }).click();
  await dialog.getByRole('list', { name: 'Members of this group' }).getByRole('button', { name: `Remove ${name}`, exact: true }).waitFor();
}

describe('managing a group', () => {
  it('is reachable from the Educators screen, with breadcrumbs back', async () => {
    await page.goto('/app/staff');
    await page.getByRole('navigation', { name: 'Educators and groups' }).getByRole('link', { name: 'Groups' }).click();
    await page.waitForURL((u) => u.pathname === '/app/staff/groups');
    await page.getByRole('heading', { level: 1, name: 'Groups' }).waitFor();
    expect(await page.title()).toBe('Groups | Coachwell');
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Educators' }).getAttribute('href')).toBe('/app/staff');
    await card('Middle School Math PLC').waitFor();
    expect(await card('Blended Learning Pilot 2024').count()).toBe(0);
  });

  it("shows members' dates as days on the profile clock (Chicago), not the browser's (Los Angeles)", async () => {
    // The seed's members joined on Aug 18, 2025 at midnight in Chicago: 10 pm on Aug 17 in Los Angeles.
    const members = card('Middle School Math PLC').getByRole('listitem');
    await members.first().waitFor();
    const dates = await card('Middle School Math PLC').locator('.groups-members__dates').allTextContents();
    expect(dates.length).toBeGreaterThan(0);
    expect(new Set(dates)).toEqual(new Set(['Since Aug 18, 2025']));
    expect(await axeBlocking(page)).toEqual([]);
  });

  it('creates a group with two members: picked dates go out as UTC instants, a missing end date as null', async () => {
    await page.getByRole('button', { name: 'New group' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New group' });
    await dialog.getByLabel(/^Name/).fill('Science Fair Mentors');
    await dialog.getByLabel(/^Description/).fill('Teachers who mentor student science projects.');
    await addMember(dialog, 'Grace', 'Grace Garcia');
    await addMember(dialog, 'Malik Edw', 'Malik Edwards');
    // A new member starts today on the profile clock, and the form says which clock its dates are on.
    const chicagoToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    expect(await dialog.getByLabel(/^Start date for Grace Garcia/).inputValue()).toBe(chicagoToday);
    await dialog.getByText('Dates are in your timezone (America/Chicago).', { exact: false }).waitFor();
    await dialog.getByLabel(/^Start date for Grace Garcia/).fill('2026-09-01');
    await dialog.getByLabel(/^Start date for Malik Edwards/).fill('2026-09-01');
    await dialog.getByLabel(/^End date for Malik Edwards/).fill('2027-01-15');

    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/group');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    const body = bodyOf(await posted);
    expect(body).toMatchObject({ name: 'Science Fair Mentors', group_of: 'App\\Models\\Staff' });
    expect(body.items).toHaveLength(2);
    // Midnight on the profile clock, Chicago: CDT (−5 h) on September 1, CST (−6 h) on January 15.
    expect(body.items[0]).toEqual({ item_id: expect.any(Number), start_date: '2026-09-01T05:00:00.000Z', end_date: null });
    expect(body.items[1]).toEqual({ item_id: expect.any(Number), start_date: '2026-09-01T05:00:00.000Z', end_date: '2027-01-15T06:00:00.000Z' });

    await successToast('Group created');
    await dialog.waitFor({ state: 'hidden' });
    const created = card('Science Fair Mentors');
    await created.waitFor();
    expect(await created.getByText('2 members').count()).toBe(1);
    // Shown back as the days that were picked, on the profile clock.
    expect(await created.getByRole('listitem').filter({ hasText: 'Grace Garcia' }).textContent()).toContain('Since Sep 1, 2026');
    expect(await created.getByRole('listitem').filter({ hasText: 'Malik Edwards' }).textContent()).toContain('Sep 1, 2026 – Jan 15, 2027');
  });

  it('edits it: the form shows the local dates, the PUT carries the converted ones', async () => {
    await card('Science Fair Mentors').getByRole('button', { name: 'Edit Science Fair Mentors' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit group' });
    expect(await dialog.getByLabel(/^Start date for Grace Garcia/).inputValue()).toBe('2026-09-01');
    expect(await dialog.getByLabel(/^End date for Grace Garcia/).inputValue()).toBe('');
    expect(await dialog.getByLabel(/^End date for Malik Edwards/).inputValue()).toBe('2027-01-15');

    await dialog.getByLabel(/^Name/).fill('Science Fair Mentors 2026');
    await dialog.getByRole('button', { name: 'Remove Malik Edwards' }).click();
    await dialog.getByLabel(/^End date for Grace Garcia/).fill('2027-06-11');
    const put = page.waitForRequest((r) => r.method() === 'PUT' && /^\/api\/group\/\d+$/.test(new URL(r.url()).pathname));
    await dialog.getByRole('button', { name: 'Save group' }).click();
    const body = bodyOf(await put);
    expect(body.name).toBe('Science Fair Mentors 2026');
    expect(body.items).toEqual([{ item_id: expect.any(Number), start_date: '2026-09-01T05:00:00.000Z', end_date: '2027-06-11T05:00:00.000Z' }]);

    await successToast('Group saved');
    const edited = card('Science Fair Mentors 2026');
    await edited.waitFor();
    expect(await edited.getByText('1 member', { exact: true }).count()).toBe(1);
    expect(await edited.getByRole('listitem').textContent()).toContain('Sep 1, 2026 – Jun 11, 2027');
  });

  it('shows inline errors from the shared checks and keeps the dialog open', async () => {
    await page.getByRole('button', { name: 'New group' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New group' });
    await dialog.getByLabel(/^Name/).fill('middle school math plc');
    await addMember(dialog, 'Grace', 'Grace Garcia');
    await dialog.getByLabel(/^Start date for Grace Garcia/).fill('2026-09-02');
    await dialog.getByLabel(/^End date for Grace Garcia/).fill('2026-09-01');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await dialog.getByText('End date must be on or after the start date.').waitFor();
    await dialog.getByLabel(/^End date for Grace Garcia/).fill('');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await dialog.getByText('A group with this name already exists.').waitFor();
    expect(await dialog.getByLabel(/^Name/).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('deactivates it (gone from the active list, listed under All groups with Restore), restores it', async () => {
    const name = 'Science Fair Mentors 2026';
    const answered = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith('/deactivate'));
    await card(name).getByRole('button', { name: `Deactivate ${name}` }).click();
    const answer = await (await answered).json();
    expect(answer.deleted_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await successToast('Group deactivated');
    await card(name).waitFor({ state: 'detached' });

    await tab('All groups').click();
    await page.waitForURL((u) => u.searchParams.get('status') === 'all');
    // The URL changes before React re-renders the tabs: wait for the selected tab, do not read it at once.
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: 'All groups' }).waitFor();
    const archived = card(name);
    await archived.waitFor();
    expect(await archived.getByText('Deactivated', { exact: true }).count()).toBe(1);
    expect(await card('Blended Learning Pilot 2024').getByText('Deactivated', { exact: true }).count()).toBe(1);
    expect(await archived.getByRole('button', { name: `Edit ${name}` }).count()).toBe(0);

    await archived.getByRole('button', { name: `Restore ${name}` }).click();
    await successToast('Group restored');
    await archived.getByRole('button', { name: `Deactivate ${name}` }).waitFor();
    expect(await archived.getByText('Deactivated', { exact: true }).count()).toBe(0);

    await tab('Active groups').click();
    await card(name).waitFor();
  });

  it('deletes it after confirmation', async () => {
    const name = 'Science Fair Mentors 2026';
    await card(name).getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this group?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await card(name).waitFor();

    await card(name).getByRole('button', { name: `Delete ${name}` }).click();
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && /^\/api\/group\/\d+$/.test(new URL(r.url()).pathname));
    await confirm.getByRole('button', { name: 'Delete group' }).click();
    expect((await deleted).status()).toBe(204);
    await successToast('Group deleted');
    await card(name).waitFor({ state: 'detached' });
    await tab('All groups').click();
    await card('Blended Learning Pilot 2024').waitFor();
    expect(await card(name).count()).toBe(0);
    await tab('Active groups').click();
  });
});

describe('error alerts (Uh-oh.) with the spec messages', () => {
  const failWith500 = (match: (url: URL, method: string) => boolean) =>
    page.route((url) => match(url, ''), async (route) => {
      const request = route.request();
      if (!match(new URL(request.url()), request.method())) return route.fallback();
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Something went wrong on our side. Please try again.', code: 'server_error' }) });
    });
  const groupPath = (url: URL) => /^\/api\/group(\/|$)/.test(url.pathname);

  it('fetching groups fails', async () => {
    await failWith500((url, method) => url.pathname === '/api/group' && (method === '' || method === 'GET'));
    await page.goto('/app/staff/groups');
    await expectAlert(FETCH_FAILED);
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try again' }).click();
    await card('Middle School Math PLC').waitFor();
  });

  it('deleting a group fails', async () => {
    await failWith500((url, method) => groupPath(url) && /^\/api\/group\/\d+$/.test(url.pathname) && (method === '' || method === 'DELETE'));
    const name = 'Middle School Math PLC';
    await card(name).getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete this group?' }).getByRole('button', { name: 'Delete group' }).click();
    await expectAlert(DELETE_FAILED);
    expect(await card(name).count()).toBe(1);
  });

  it('deactivating a group fails', async () => {
    await failWith500((url, method) => url.pathname.endsWith('/deactivate') && (method === '' || method === 'DELETE'));
    const name = 'Literacy Leadership Team';
    await card(name).getByRole('button', { name: `Deactivate ${name}` }).click();
    await expectAlert(DEACTIVATE_FAILED);
    expect(await card(name).getByText('Deactivated', { exact: true }).count()).toBe(0);
  });

  it('restoring a group fails (same message as deactivating)', async () => {
    await failWith500((url, method) => url.pathname.endsWith('/restore') && (method === '' || method === 'POST'));
    await tab('All groups').click();
    const name = 'Blended Learning Pilot 2024';
    await card(name).getByRole('button', { name: `Restore ${name}` }).click();
    await expectAlert(DEACTIVATE_FAILED);
    expect(await card(name).getByText('Deactivated', { exact: true }).count()).toBe(1);
  });
});

it('an educator who opens the groups by their address is told they are not available, not offered to retry', async () => {
  const teacher = await suite.signedIn('teacher@maplegrove.example');
  await teacher.goto('/app/staff/groups');
  await teacher.getByText('Groups are not available to you').waitFor();
  expect(await teacher.getByText(FETCH_FAILED).count()).toBe(0);
  expect(await teacher.getByRole('button', { name: 'Try again' }).count()).toBe(0);
});

it('at 390 px the groups are cards without sideways scrolling, the member dates on the profile clock; axe-core finds nothing', async () => {
  const phone = await suite.signedIn('admin@maplegrove.example', { timezoneId: 'America/Los_Angeles', viewport: { width: 390, height: 844 }, bypassCSP: true });
  await phone.goto('/app/staff/groups');
  const math = phone.getByRole('article', { name: 'Middle School Math PLC', exact: true });
  await math.waitFor();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await math.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  expect(await math.locator('.groups-members__dates').first().textContent()).toBe('Since Aug 18, 2025');
  expect(await axeBlocking(phone)).toEqual([]);
  await phone.getByRole('button', { name: 'New group' }).first().click();
  const dialog = phone.getByRole('dialog', { name: 'New group' });
  await dialog.getByLabel(/^Name/).waitFor();
  expect(await dialog.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  expect(await axeBlocking(phone)).toEqual([]);
});
