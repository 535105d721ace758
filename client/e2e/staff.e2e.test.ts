// Educators: the list (search, filters in the URL, count), adding several at once by paste, a refused
// duplicate, viewing, editing, moving schools, deactivating and reactivating — as a district admin,
// a principal and an educator, against the demo seed (60 educators, 2 inactive; 15 active at Lincoln).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './harness';

vi.setConfig({ testTimeout: 60_000 });

const suite = browserSuite();

/** Pages opened in a beforeAll stay signed in for the tests of their describe. */
const open = (email: string, viewport = { width: 1280, height: 900 }) => suite.signedIn(email, { viewport });

const count = (page: Page) => page.locator('.staff-results__count');

/** Waits until the result count reads `text` (it updates after each answer). */
async function countIs(page: Page, text: string | RegExp) {
  try {
    await page.waitForFunction(
      ([source, flags]) => new RegExp(source!, flags).test(document.querySelector('.staff-results__count')?.textContent ?? ''),
      typeof text === 'string' ? [text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), ''] : [text.source, text.flags],
    );
  } catch (err) {
    throw new Error(`Result count never read ${String(text)}; it reads ${JSON.stringify(await count(page).textContent().catch(() => null))}`, { cause: err });
  }
  return (await count(page).textContent()) ?? '';
}

/** Waits until the Name column lists exactly these educators (after the list answered). */
async function namesAre(page: Page, names: string[]) {
  await page.waitForFunction(
    (want) => JSON.stringify(Array.from(document.querySelectorAll('.staff-table tbody tr')).map((r) => (r.children[0] as HTMLElement).innerText.trim())) === JSON.stringify(want),
    names,
  );
}

/** The text of one column of the educators table. */
async function column(page: Page, index: number): Promise<string[]> {
  return page.locator('.staff-table tbody tr').evaluateAll((rows, i) => rows.map((r) => (r.children[i] as HTMLElement).innerText.trim()), index);
}

async function toast(page: Page, text: string | RegExp) {
  await page.locator('.toast', { hasText: text }).first().waitFor();
}

describe('as a district admin', () => {
  let page: Page;
  let emmaUrl = '';
  beforeAll(async () => {
    page = await open('admin@maplegrove.example');
  });

  it('lists the 58 active educators by default, 25 to a page', async () => {
    await page.goto('/app/staff');
    expect(await countIs(page, 'Showing 1–25 of 58 educators')).toBe('Showing 1–25 of 58 educators');
    expect(await page.locator('.staff-table tbody tr').count()).toBe(25);
    expect(await page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    expect(await page.getByRole('link', { name: 'Add educators' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Educators and groups' }).getByRole('link', { name: 'Groups' }).getAttribute('href')).toBe('/app/staff/groups');

    await page.getByRole('button', { name: 'Page 3' }).click();
    expect(await countIs(page, 'Showing 51–58 of 58 educators')).toContain('51–58');
    expect(new URL(page.url()).searchParams.get('page')).toBe('3');

    await page.getByLabel('Status').selectOption('all');
    expect(await countIs(page, 'of 60 educators')).toBe('Showing 1–25 of 60 educators');
  });

  it('search narrows the list and lives in the URL', async () => {
    await page.goto('/app/staff');
    await countIs(page, 'of 58 educators');
    await page.getByRole('searchbox', { name: 'Search' }).fill('ellis');
    expect(await countIs(page, 'Showing 1 of 1 educator')).toBe('Showing 1 of 1 educator');
    expect(await column(page, 0)).toEqual(['Ellis, Jordan']);
    expect(new URL(page.url()).searchParams.get('search')).toBe('ellis');

    await page.getByRole('searchbox', { name: 'Search' }).fill('MG10406');
    await namesAre(page, ['Thomas, Emma']);
    expect(await count(page).textContent()).toBe('Showing 1 of 1 educator');

    await page.getByRole('button', { name: /^Remove filter Search/ }).click();
    await countIs(page, 'of 58 educators');
  });

  it('a school filter puts filter[building_id][] in the URL and survives a reload', async () => {
    await page.goto('/app/staff');
    await countIs(page, 'of 58 educators');
    await page.locator('summary', { hasText: 'All schools' }).click();
    await page.getByRole('checkbox', { name: 'Lincoln Middle School' }).check();
    await countIs(page, 'Showing 1–15 of 15 educators');
    const url = new URL(page.url());
    expect(url.search).toContain('filter[building_id][]=');
    expect(url.searchParams.getAll('filter[building_id][]')).toHaveLength(1);

    await page.reload();
    expect(await countIs(page, 'Showing 1–15 of 15 educators')).toBe('Showing 1–15 of 15 educators');
    expect(new Set(await column(page, 1))).toEqual(new Set(['Lincoln Middle School']));
    // The count comes with the list; the dropdown names the school once the schools lookup has answered too.
    await expect.poll(() => page.locator('summary', { hasText: 'Lincoln Middle School' }).count(), { timeout: 15_000 }).toBe(1);

    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await countIs(page, 'of 58 educators');
    expect(new URL(page.url()).search).toBe('');
  });

  it('filters that match nobody show an empty state that clears them', async () => {
    await page.goto('/app/staff?search=nobody-by-this-name&filter[position]=Counselor');
    await page.getByRole('heading', { name: 'No educators match these filters' }).waitFor();
    await page.locator('.empty-state').getByRole('button', { name: 'Clear filters' }).click();
    await countIs(page, 'of 58 educators');
  });

  it('adds two educators pasted from a spreadsheet and shows them in the list', async () => {
    await page.goto('/app/staff/create');
    await page.getByRole('group', { name: 'Row 3' }).waitFor();
    expect(await page.locator('fieldset.staff-row').count()).toBe(3);
    await page.getByRole('button', { name: 'Paste from spreadsheet' }).click();
    const rows = [
      ['Nia', 'Quartz', 'nia.quartz@maplegrove.example', 'MG-E2E-01', 'Classroom Teacher', 'K, 1-3', 'Elementary', 'Riverside Elementary', '2026-08-17'],
      ['Omar', 'Quill', '"omar.quill@maplegrove.example"', 'MG-E2E-02', 'Interventionist', '9-12', 'Math, Science', 'Maple Grove HS', ''],
    ];
    await page.getByLabel('Spreadsheet rows').fill(`${rows.map((r) => r.join('\t')).join('\r\n')}\r\n\r\n`);
    await page.getByText('We found 2 educators').waitFor();
    await page.getByRole('button', { name: 'Add 2 rows' }).click();

    const row1 = page.getByRole('group', { name: 'Row 1' });
    expect(await row1.getByLabel(/^First name/).inputValue()).toBe('Nia');
    expect(await row1.getByLabel(/^School/).inputValue()).not.toBe('');
    expect(await page.getByRole('group', { name: 'Row 2' }).getByLabel(/^Email/).inputValue()).toBe('omar.quill@maplegrove.example');

    await page.getByRole('button', { name: 'Add 2 educators' }).click();
    await toast(page, 'Added 2 educators');
    await page.waitForURL((u) => u.pathname === '/app/staff');
    await page.getByRole('link', { name: 'Quartz, Nia' }).waitFor();
    await page.getByRole('link', { name: 'Quill, Omar' }).waitFor();

    await page.goto('/app/staff');
    expect(await countIs(page, 'of 60 educators')).toBe('Showing 1–25 of 60 educators');
  });

  it('refuses a duplicate email inline and adds nobody', async () => {
    await page.goto('/app/staff/create');
    await page.getByRole('group', { name: 'Row 3' }).waitFor();
    const row1 = page.getByRole('group', { name: 'Row 1' });
    // The fields say their limits up front (the server's: names 80, employee ID 40).
    expect(await row1.getByLabel(/^Last name/).getAttribute('maxlength')).toBe('80');
    expect(await row1.getByLabel(/^Employee ID/).getAttribute('maxlength')).toBe('40');
    await row1.getByLabel(/^First name/).fill('Pat');
    await row1.getByLabel(/^Last name/).fill('Unique');
    await row1.getByLabel(/^School/).selectOption({ label: 'Lincoln Middle School' });
    const row2 = page.getByRole('group', { name: 'Row 2' });
    await row2.getByLabel(/^First name/).fill('Dee');
    await row2.getByLabel(/^Last name/).fill('Duplicate');
    await row2.getByLabel(/^Email/).fill('Nia.Quartz@maplegrove.example');
    await row2.getByLabel(/^School/).selectOption({ label: 'Riverside Elementary' });
    await page.getByRole('button', { name: 'Remove row 3' }).click();
    expect(await page.locator('fieldset.staff-row').count()).toBe(2);

    await page.getByRole('button', { name: 'Add 2 educators' }).click();
    await page.getByText('1 row needs attention').waitFor();
    const error = row2.locator('.field__error');
    await error.waitFor();
    expect(await error.innerText()).toContain('An educator with this email already exists in your district.');
    expect(await row2.getByLabel(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(await row1.locator('.field__error').count()).toBe(0);

    await page.getByRole('link', { name: /^Go to the first problem/ }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');

    await page.goto('/app/staff?search=Unique');
    expect(await countIs(page, 'No educators')).toBe('No educators');
  });

  it('views an educator with school history, coach, groups and the coaching section', async () => {
    await page.goto('/app/staff?search=MG10406');
    await page.getByRole('link', { name: 'Thomas, Emma' }).click();
    await page.getByRole('heading', { level: 1, name: 'Emma Thomas' }).waitFor();
    emmaUrl = new URL(page.url()).pathname;
    const history = page.getByRole('list', { name: 'School history' }).getByRole('listitem');
    await history.first().waitFor();
    expect(await history.count()).toBe(2);
    expect(await history.nth(0).innerText()).toMatch(/Oak Hollow Elementary\s+Current\s+Aug 12, 2024 – present/);
    expect(await history.nth(1).innerText()).toMatch(/Riverside Elementary\s+Aug 15, 2018 – Jun 14, 2024/);
    // Coached at her own school (issue 26): Priya Raman now, Tom Becker last school year (both at Oak Hollow).
    const coach = await page.getByRole('region', { name: 'Coach', exact: true }).innerText();
    expect(coach).toContain('Priya Raman');
    expect(coach).not.toContain('Angela Ruiz');
    const coaching = page.getByRole('region', { name: 'Coaching', exact: true });
    await coaching.getByRole('link', { name: 'Log interaction with Emma Thomas' }).waitFor();
    await coaching.locator('.interaction-list, .empty-state').first().waitFor();

    await page.goto(`${emmaUrl}/view`);
    await page.getByRole('heading', { level: 1, name: 'Emma Thomas' }).waitFor();
  });

  it('edits a field', async () => {
    await page.goto(emmaUrl);
    await page.getByRole('link', { name: 'Edit educator' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Emma Thomas' }).waitFor();
    await page.getByLabel(/^Employee ID/).fill('MG-E2E-77');
    await page.getByRole('checkbox', { name: '3', exact: true }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Changes saved');

    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Enter a valid email address.').waitFor();

    await page.goto(emmaUrl);
    const profile = page.getByRole('region', { name: 'Profile', exact: true });
    await profile.getByText('MG-E2E-77').waitFor();
    expect(await profile.innerText()).toMatch(/Grades\s+2, 3/);
  });

  it('moves to another school with an effective date and shows the new history row', async () => {
    await page.goto(`${emmaUrl}/edit`);
    await page.getByLabel(/^New school/).selectOption({ label: 'Maple Grove High School' });
    await page.getByLabel(/^Effective date/).fill('2025-01-06');
    await page.getByRole('button', { name: 'Move educator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move Emma Thomas to Maple Grove High School?' });
    expect(await dialog.innerText()).toContain('ends on Jan 5, 2025');
    await dialog.getByRole('button', { name: 'Move educator' }).click();
    await toast(page, 'School changed');

    await page.goto(emmaUrl);
    const history = page.getByRole('list', { name: 'School history' }).getByRole('listitem');
    await page.getByRole('heading', { level: 1, name: 'Emma Thomas' }).waitFor();
    await history.first().waitFor();
    expect(await history.count()).toBe(3);
    expect(await history.nth(0).innerText()).toMatch(/Maple Grove High School\s+Current\s+Jan 6, 2025 – present/);
    expect(await history.nth(1).innerText()).toMatch(/Oak Hollow Elementary\s+Aug 12, 2024 – Jan 5, 2025/);
  });

  it('deactivates (after confirming) and reactivates', async () => {
    await page.goto(`${emmaUrl}/edit`);
    await page.getByRole('button', { name: 'Deactivate educator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate Emma Thomas?' });
    await dialog.getByRole('button', { name: 'Deactivate educator' }).click();
    await toast(page, 'Emma Thomas is now inactive.');
    await page.getByRole('button', { name: 'Reactivate educator' }).waitFor();

    await page.goto('/app/staff?search=MG-E2E-77');
    expect(await countIs(page, 'No educators')).toBe('No educators');
    await page.goto('/app/staff?search=MG-E2E-77&filter[status]=inactive');
    await countIs(page, 'Showing 1 of 1 educator');
    expect(await column(page, 6)).toEqual(['Inactive']);

    await page.goto(`${emmaUrl}/edit`);
    await page.getByRole('button', { name: 'Reactivate educator' }).click();
    await toast(page, 'Emma Thomas is active again.');
    await page.getByRole('button', { name: 'Deactivate educator' }).waitFor();
  });

  it('shows a friendly not-found state for an unknown id', async () => {
    await page.goto('/app/staff/999999');
    await page.getByRole('heading', { level: 1, name: 'Educator not found' }).waitFor();
  });

  describe('as a principal', () => {
    let principal: Page;
    beforeAll(async () => {
      principal = await open('principal@maplegrove.example');
    });

    it('sees only Lincoln Middle School educators', async () => {
      await principal.goto('/app/staff');
      expect(await countIs(principal, 'Showing 1–15 of 15 educators')).toBe('Showing 1–15 of 15 educators');
      expect(new Set(await column(principal, 1))).toEqual(new Set(['Lincoln Middle School']));
    });

    it('gets not found for another school’s educator', async () => {
      expect(emmaUrl).toMatch(/^\/app\/staff\/\d+$/);
      await principal.goto(emmaUrl);
      await principal.getByRole('heading', { level: 1, name: 'Educator not found' }).waitFor();
      await principal.goto(`${emmaUrl}/edit`);
      await principal.getByRole('heading', { level: 1, name: 'Educator not found' }).waitFor();
    });

    it('adds educators only to Lincoln Middle School', async () => {
      await principal.goto('/app/staff/create');
      await principal.getByRole('group', { name: 'Row 1' }).waitFor();
      const school = principal.getByRole('group', { name: 'Row 1' }).getByLabel(/^School/);
      expect(await school.locator('option').allInnerTexts()).toEqual(['Lincoln Middle School']);
    });
  });
});

describe('as an educator', () => {
  it('/app/staff (their menu\'s "Your profile") opens Jordan Ellis\'s own profile: no list, filters or add button', async () => {
    const page = await open('teacher@maplegrove.example');
    await page.goto('/app/staff');
    await page.waitForURL(/\/app\/staff\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Jordan Ellis' }).waitFor();
    expect(await page.getByRole('link', { name: 'Add educators' }).count()).toBe(0);
    expect(await page.getByRole('searchbox').count()).toBe(0);
    // The API still answers an educator's list with their own row alone.
    const list = await page.evaluate(async () => (await fetch('/api/staff', { headers: { accept: 'application/json' } })).json());
    expect(list.data.map((s: { first_name: string; last_name: string }) => `${s.last_name}, ${s.first_name}`)).toEqual(['Ellis, Jordan']);
  });
});

describe('at phone width', () => {
  it('folds the filters behind a toggle and shows each educator as a card, nothing scrolled sideways', async () => {
    const page = await open('admin@maplegrove.example', { width: 390, height: 844 });
    await page.goto('/app/staff');
    await countIs(page, /of \d+ educators/);
    const toggle = page.getByRole('button', { name: /^Filters/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('Position').isVisible()).toBe(false);
    // Folded, the search and the sort order stay in sight.
    expect(await page.getByRole('searchbox', { name: 'Search' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Sort by').isVisible()).toBe(true);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByLabel('Position').selectOption('Interventionist');
    await countIs(page, /educators?$/);
    expect(new URL(page.url()).searchParams.get('filter[position]')).toBe('Interventionist');
    // Folded again, the set filter is still listed as a chip that removes it.
    await toggle.click();
    expect(await page.getByRole('combobox', { name: 'Position' }).isVisible()).toBe(false);
    expect(await toggle.textContent()).toBe('Filters1 active');
    await page.getByRole('button', { name: 'Remove filter Position: Interventionist' }).click();
    await page.waitForURL((u) => !u.searchParams.has('filter[position]'));
    await countIs(page, /of \d+ educators/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await page.locator('.staff-table-wrap').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.locator('.staff-table tbody tr').first().evaluate((el) => getComputedStyle(el).display)).toBe('block');
  });
});
