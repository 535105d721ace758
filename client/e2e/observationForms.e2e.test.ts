// Observation forms through the real screen (issue 28): a district administrator adds a form (a choice with
// one option is refused inline), edits it (adds a rating, moves it up with the keyboard, removes an item),
// edits the built-in walkthrough that has observations (saved as a new version); the list and the editor at
// 390 px without sideways scrolling; a coach reads without controls; an Essentials district sees the plan's
// notice and the built-in walkthrough only. axe reports nothing at 1366 and 390 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeBlocking, browserSuite } from './harness';

const suite = browserSuite({ timeout: 20_000 });
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const PATH = '/app/settings/observation-forms';

interface Form { id: number; name: string; version: number; items: { label: string; kind: string; section: string | null; options: string[] | null; scale: number | null }[] }

async function open(email: string, viewport = DESKTOP): Promise<Page> {
  const page = await suite.signedIn(email, { viewport, bypassCSP: true });
  await page.goto(PATH);
  await page.getByRole('heading', { level: 1, name: 'Observation forms' }).waitFor();
  await page.getByRole('heading', { level: 3, name: /Classroom walkthrough/ }).waitFor();
  return page;
}

const names = (page: Page) => page.locator('.settings-row__name').evaluateAll((els) => els.map((e) => e.childNodes[0]?.textContent ?? ''));
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
const formNamed = async (page: Page, name: string) => (await api<{ data: Form[] }>(page, 'GET', 'observation-form?status=all')).json.data.find((f) => f.name === name)!;

describe('as the district administrator', () => {
  it('adds a form, edits it (add, move, remove), and edits a form with observations as a new version', async () => {
    const page = await open('admin@maplegrove.example');
    expect(await names(page)).toEqual(['Classroom walkthrough', 'Coaching observation']);
    expect(await axeBlocking(page)).toEqual([]);

    // Add: one look-for and a choice with a single option, refused inline; then two options.
    await page.getByRole('button', { name: 'Add form' }).click();
    await page.getByRole('heading', { level: 2, name: 'New observation form' }).waitFor();
    expect(new URL(page.url()).search).toBe('?form=new');
    await page.getByLabel(/^Name/).fill('Math talk walk');
    const item = (n: number) => page.getByRole('group', { name: new RegExp(`^Item ${n}\\b`) });
    await item(1).getByLabel(/^Label/).fill('Students explain a strategy');
    await page.getByRole('button', { name: 'Add item' }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('items.1.label');
    await item(2).getByLabel(/^Label/).fill('Grouping');
    await item(2).getByLabel(/^Kind/).selectOption('choice');
    await item(2).getByLabel(/^Options/).fill('Whole class');
    expect(await axeBlocking(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add form' }).click();
    await item(2).getByText('Add at least two options.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('items.1.options');
    await item(2).getByLabel(/^Options/).fill('Whole class\nSmall groups');
    await item(2).getByLabel('Observers may choose several').check();
    await page.getByRole('button', { name: 'Add form' }).click();
    await page.getByText('Math talk walk has been added.').waitFor();
    await expect.poll(() => names(page)).toEqual(['Classroom walkthrough', 'Coaching observation', 'Math talk walk']);
    const row = page.locator('.settings-row').filter({ has: page.getByRole('heading', { name: 'Math talk walk' }) });
    expect(await row.locator('.settings-row__meta').textContent()).toMatch(/Classroom observation.*2 items.*Version 1.*0 observations/);

    // Edit: a rating in a section, moved up with the keyboard (focus stays, the place is announced), the first item removed.
    await page.getByRole('button', { name: 'Edit Math talk walk' }).click();
    await page.getByRole('heading', { level: 2, name: 'Edit Math talk walk' }).waitFor();
    await page.getByText('Once a form has observations, editing it saves a new version', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Add item' }).click();
    await item(3).getByLabel(/^Label/).fill('Depth of questions');
    await item(3).getByLabel(/^Kind/).selectOption('rating');
    expect(await item(3).getByLabel(/^Scale/).inputValue()).toBe('4');
    await item(3).getByLabel(/^Section/).fill('Discourse');
    await item(3).getByLabel(/^Skill/).selectOption({ label: 'Questioning for thinking' });
    await page.getByRole('button', { name: 'Move item 3 up' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('[aria-live="polite"]').filter({ hasText: 'Depth of questions moved up: now item 2 of 3.' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move item 2 up');
    await page.locator('.obf-section-heading').filter({ hasText: 'Discourse' }).waitFor();
    await page.getByRole('button', { name: 'Remove item 1' }).click();
    expect(await item(1).getByLabel(/^Label/).inputValue()).toBe('Depth of questions');
    expect(await page.getByRole('button', { name: 'Move item 1 up' }).getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('button', { name: 'Save form' }).click();
    await page.getByText('Math talk walk has been saved.').waitFor();
    const saved = await formNamed(page, 'Math talk walk');
    expect(saved.version).toBe(1);
    expect(saved.items.map((i) => [i.label, i.kind, i.section, i.options, i.scale])).toEqual([
      ['Depth of questions', 'rating', 'Discourse', null, 4],
      ['Grouping', 'choice', null, ['Whole class', 'Small groups'], null],
    ]);

    // The built-in walkthrough has observations: the editor says so, and saving makes version 2.
    await page.getByRole('button', { name: 'Edit Classroom walkthrough' }).click();
    await page.getByText('Saving makes a new version').waitFor();
    await page.getByText(/This form has [\d,]+ observations\. Saving your changes makes version 2/).waitFor();
    await page.getByLabel(/^Description/).fill('Ten minutes in a classroom: eight look-fors and a note.');
    await page.getByRole('button', { name: 'Save form' }).click();
    await page.getByText('Classroom walkthrough has been saved as version 2.').waitFor();
    expect(await page.locator('.settings-row').first().locator('.settings-row__meta').textContent()).toMatch(/Version 2/);

    // Archive and restore.
    await page.getByRole('button', { name: 'Archive Math talk walk' }).click();
    await page.getByRole('dialog', { name: 'Archive Math talk walk?' }).getByRole('button', { name: 'Archive form' }).click();
    await page.getByText(/Math talk walk has been archived/).waitFor();
    await page.getByRole('heading', { name: /Archived forms/ }).waitFor();
    await page.getByRole('button', { name: 'Restore Math talk walk' }).click();
    await page.getByText('Math talk walk has been restored.').waitFor();
    expect(await page.getByRole('heading', { name: /Archived forms/ }).count()).toBe(0);
  }, 120_000);

  it('at 390 px: the list and the editor in one column, nothing sideways, axe clean', async () => {
    const page = await open('admin@maplegrove.example', PHONE);
    await page.getByRole('heading', { level: 3, name: 'Math talk walk' }).waitFor();
    expect(await sideways(page)).toBe(false);
    expect(await axeBlocking(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit Math talk walk' }).click();
    await page.getByRole('heading', { level: 2, name: 'Edit Math talk walk' }).waitFor();
    const label = await page.getByRole('group', { name: /^Item 1\b/ }).getByLabel(/^Label/).boundingBox();
    const kind = await page.getByRole('group', { name: /^Item 1\b/ }).getByLabel(/^Kind/).boundingBox();
    expect(kind!.y).toBeGreaterThan(label!.y + label!.height);
    expect(Math.abs(kind!.x - label!.x)).toBeLessThan(2);
    expect(await sideways(page)).toBe(false);
    expect(await axeBlocking(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { level: 2, name: 'Forms' }).waitFor();
  }, 60_000);
});

describe('as a coach', () => {
  it('reads the forms without any edit control', async () => {
    const page = await open('coach@maplegrove.example');
    await page.getByText('Only district administrators can change them.', { exact: false }).waitFor();
    for (const name of ['Add form', /^Edit/, /^Archive/, /^Restore/]) expect(await page.getByRole('button', { name }).count()).toBe(0);
  }, 60_000);
});

describe('a district without observation forms', () => {
  it('lists the built-in walkthrough with the plan\'s notice', async () => {
    const page = await open('admin@cedarfalls.example');
    await page.getByRole('heading', { level: 2, name: 'Your own observation forms' }).waitFor();
    await page.getByText('Observation forms and the walkthrough report are part of the Professional plan.', { exact: false }).first().waitFor();
    expect(await names(page)).toEqual(['Classroom walkthrough']);
    expect(await page.getByRole('button', { name: 'Add form' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Request a quote' }).getAttribute('href')).toBe('/app/settings/billing/quotes?new=1&plan=professional');
    expect(await axeBlocking(page)).toEqual([]);
  }, 60_000);
});
