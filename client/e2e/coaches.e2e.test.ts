// Coaches through the real screens: the coaching team with caseload sizes, assigning an educator
// to a coach, ending another assignment (kept as history), and a principal's narrower view.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './harness';

const suite = browserSuite();

async function open(email: string, path = '/app/coaches'): Promise<Page> {
  const page = await suite.signedIn(email);
  await page.goto(path);
  return page;
}

const card = (page: Page, name: string) => page.locator('.coaches-card').filter({ has: page.getByRole('heading', { name }) });

async function openCoach(page: Page, name: string) {
  await page.getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** Yesterday as YYYY-MM-DD in UTC (the server's "today" closes history rows on the day after). */
function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

describe('the coaching team', () => {
  it('lists coach@, coach2@ and coach3@ with their schools and caseload sizes', async () => {
    const page = await open('admin@maplegrove.example');
    await page.getByRole('heading', { level: 1, name: 'Coaches' }).waitFor();
    const expected = [
      ['Priya Raman', 'coach@maplegrove.example', 'Lincoln Middle School, Oak Hollow Elementary'],
      ['Angela Ruiz', 'coach2@maplegrove.example', 'Maple Grove High School'],
      ['Tom Becker', 'coach3@maplegrove.example', 'Oak Hollow Elementary, Riverside Elementary'],
    ];
    for (const [name, email, schools] of expected) {
      const text = (await card(page, name!).textContent()) ?? '';
      expect(text).toContain(email);
      expect(text).toContain(schools);
      expect(text).toMatch(/Caseload\s*\d+ educators?/);
    }
    const counts = await page.locator('.coaches-card__count').allTextContents();
    expect(counts).toHaveLength(3);
    await page.getByLabel('Find a coach').fill('riverside');
    await page.waitForURL((u) => u.searchParams.get('q') === 'riverside');
    await expect.poll(() => page.locator('.coaches-card').count()).toBe(1);
    expect(await card(page, 'Tom Becker').count()).toBe(1);
  });
});

describe('caseloads', () => {
  it('assigns an educator to a coach', async () => {
    const page = await open('admin@maplegrove.example');
    await openCoach(page, 'Tom Becker');
    const before = Number((await page.locator('.coaches-summary__facts').getByText(/\d+ educators?/).textContent())!.match(/\d+/)![0]);

    await page.getByRole('button', { name: 'Assign educators' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign educators to Tom Becker' });
    await dialog.getByRole('button', { name: 'Assign educators' }).click();
    await dialog.getByText('Choose at least one educator.').waitFor();

    await dialog.getByLabel('Find educators').fill('Jordan Ellis');
    const option = dialog.getByRole('checkbox', { name: /^Jordan Ellis/ });
    await option.check();
    await dialog.getByText('Chosen (1)').waitFor();
    expect(await dialog.getByLabel(/^Start date/).inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await dialog.getByRole('button', { name: 'Assign 1 educator' }).click();
    await page.getByText("Jordan Ellis is now on Tom Becker's caseload.").waitFor();

    const caseload = page.getByRole('region', { name: 'Educators Tom Becker supports now' });
    const link = caseload.getByRole('link', { name: 'Jordan Ellis' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^\/app\/staff\/\d+$/);
    await expect.poll(async () => page.locator('.coaches-summary__facts').textContent()).toContain(`${before + 1} educator`);

    // Already on the caseload: shown, but cannot be picked twice.
    await page.getByRole('button', { name: 'Assign educators' }).click();
    await dialog.getByLabel('Find educators').fill('Jordan Ellis');
    const again = dialog.getByRole('checkbox', { name: /^Jordan Ellis/ });
    await expect.poll(() => again.isDisabled()).toBe(true);
    await dialog.getByText('Already on this caseload').first().waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The coach list counts the new assignment.
    await page.getByRole('link', { name: 'Coaches' }).first().click();
    await expect.poll(async () => card(page, 'Tom Becker').textContent()).toContain(`${before + 1} educator`);
  });

  it('ends another assignment and keeps it as history', async () => {
    const page = await open('admin@maplegrove.example');
    await openCoach(page, 'Priya Raman');
    const caseload = page.getByRole('region', { name: 'Educators Priya Raman supports now' });
    const firstRow = caseload.getByRole('row').nth(1);
    const name = (await firstRow.getByRole('link').textContent())!;

    await page.getByRole('button', { name: `End ${name}'s assignment` }).click();
    const dialog = page.getByRole('dialog', { name: `End ${name}'s assignment` });
    await dialog.getByLabel(/^End date/).fill('2025-08-01');
    await dialog.getByRole('button', { name: 'End assignment' }).click();
    await dialog.getByText(/End date must be on or after the start date \(Aug 18, 2025\)/).waitFor();

    const lastDay = daysAgo(2);
    await dialog.getByLabel(/^End date/).fill(lastDay);
    await dialog.getByRole('button', { name: 'End assignment' }).click();
    await page.getByText(`${name}'s assignment ends on`, { exact: false }).waitFor();

    const history = page.getByRole('region', { name: 'Educators Priya Raman supported before' });
    const past = history.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await past.waitFor();
    const [y, m, d] = lastDay.split('-').map(Number);
    const shown = new Date(y!, m! - 1, d!).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    expect(await past.textContent()).toMatch(new RegExp(`Aug 18, 2025\\s*–\\s*${shown}`));
    expect(await caseload.getByRole('link', { name, exact: true }).count()).toBe(0);
  });

  it('a principal sees only the educators of their school, and cannot change caseloads', async () => {
    const page = await open('principal@maplegrove.example');
    await openCoach(page, 'Priya Raman');
    const caseload = page.getByRole('region', { name: 'Educators Priya Raman supports now' });
    await caseload.getByRole('row').nth(1).waitFor();
    const schools = await caseload.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(new Set(schools)).toEqual(new Set(['Lincoln Middle School']));
    await page.getByText(/more educators on this caseload are at schools outside yours/).waitFor();
    expect(await page.getByRole('button', { name: /Assign educators|^End / }).count()).toBe(0);
  });
});
