// Interaction settings through the real screens: a district administrator adds a type, gives it a custom
// field, moves it up with the keyboard and archives it; a coach reads the same screen without controls;
// an Essentials district sees what the Professional plan adds; provider staff edit the defaults.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { planFeatureMessage } from '../../common/plans';

/** The feature and its plan: the first sentence of the server's message. */
const planFeatureSentence = (feature: Parameters<typeof planFeatureMessage>[0]) => `${planFeatureMessage(feature).split('. ')[0]}.`;
import { browserSuite } from './harness';

const suite = browserSuite();

async function open(email: string, path = '/app/settings/interaction'): Promise<Page> {
  const page = await suite.signedIn(email);
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: 'Interaction settings' }).waitFor();
  await page.getByRole('heading', { level: 3, name: 'Classroom observation' }).waitFor();
  return page;
}

const activeNames = (page: Page) => page.getByRole('list', { name: 'Active interaction types' }).locator('.its-type > .settings-row .settings-row__name').allTextContents();
const archivedNames = (page: Page) => page.locator('.its-types--archived .its-type > .settings-row .settings-row__name').allTextContents();

describe('as the district administrator', () => {
  it('adds a type, adds a custom field to it, moves it up and archives it', async () => {
    const page = await open('admin@maplegrove.example');
    const before = await activeNames(page);
    expect(before[0]).toBe('Classroom observation');

    // Add a type: the palette is a group of labelled radio swatches.
    await page.getByRole('button', { name: 'Add type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an interaction type' });
    await dialog.getByLabel(/^Name/).fill('check-in');
    await dialog.getByRole('radio', { name: 'Indigo' }).check();
    await dialog.getByLabel(/^Default duration/).fill('20');
    await dialog.getByRole('button', { name: 'Add type' }).click();
    await dialog.getByText('An interaction type with this name already exists.').waitFor();
    await dialog.getByLabel(/^Name/).fill('Learning walk');
    await dialog.getByLabel('Counts as coaching time').uncheck();
    await dialog.getByRole('button', { name: 'Add type' }).click();
    await page.getByText('Learning walk has been added.').waitFor();
    await expect.poll(() => activeNames(page)).toEqual([...before, 'Learning walk']);
    const item = page.locator('.its-type').filter({ has: page.getByRole('heading', { name: 'Learning walk' }) });
    expect(await item.locator('.settings-row__meta').first().textContent()).toMatch(/Indigo.*20 min by default.*Other time/);

    // A custom field on it: a rating with a label per point.
    await item.getByRole('button', { name: /Custom fields/ }).click();
    await item.getByText('No custom fields yet.', { exact: false }).waitFor();
    await item.getByRole('button', { name: 'Add field to Learning walk' }).click();
    const fieldDialog = page.getByRole('dialog', { name: 'Add a field to Learning walk' });
    await fieldDialog.getByLabel(/^Label/).fill('Engagement');
    await fieldDialog.getByLabel(/^Kind/).selectOption('rating');
    await fieldDialog.getByLabel(/^Scale/).selectOption('3');
    await fieldDialog.getByLabel('Label each point').check();
    await fieldDialog.getByLabel('Label for 1').fill('Low');
    await fieldDialog.getByRole('button', { name: 'Add field' }).click();
    await fieldDialog.getByText('Rating label is required.').waitFor();
    await fieldDialog.getByLabel('Label for 2').fill('Some');
    await fieldDialog.getByLabel('Label for 3').fill('High');
    await fieldDialog.getByLabel('Required', { exact: true }).check();
    await fieldDialog.getByRole('button', { name: 'Add field' }).click();
    await page.getByText('Engagement has been added to Learning walk.').waitFor();
    const field = item.locator('.its-field').filter({ hasText: 'Engagement' });
    expect(await field.textContent()).toMatch(/Engagement.*Required.*Rating · 1 to 3: Low … High/);

    // Move it up with the keyboard: focus stays on its button and the new place is announced.
    const up = page.getByRole('button', { name: 'Move Learning walk up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await page.locator('[aria-live="polite"]').filter({ hasText: `Learning walk moved up: now ${before.length} of ${before.length + 1}.` }).waitFor();
    await expect.poll(() => activeNames(page)).toEqual([...before.slice(0, -1), 'Learning walk', before.at(-1)]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Learning walk up');
    await page.keyboard.press('Enter');
    await expect.poll(() => activeNames(page)).toEqual([...before.slice(0, -2), 'Learning walk', ...before.slice(-2)]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Learning walk up');

    // The first type's up button does nothing.
    const firstUp = page.getByRole('button', { name: `Move ${before[0]} up` });
    expect(await firstUp.getAttribute('aria-disabled')).toBe('true');

    // Archive it: it moves to the archived section, with Restore.
    await page.getByRole('button', { name: 'Archive Learning walk' }).click();
    await page.getByRole('dialog', { name: 'Archive Learning walk?' }).getByRole('button', { name: 'Archive type' }).click();
    await page.getByText(/Learning walk has been archived/).waitFor();
    await expect.poll(() => activeNames(page)).toEqual(before);
    expect(await archivedNames(page)).toEqual(['Learning walk']);
    await page.getByRole('button', { name: 'Restore Learning walk' }).waitFor();

    // The shared lookup (what the log form reads) no longer offers it.
    const active = await page.evaluate(() => fetch('/api/interaction-type', { credentials: 'include' }).then((r) => r.json()));
    expect(active.data.map((t: { name: string }) => t.name)).not.toContain('Learning walk');
  });
});

describe('as a coach', () => {
  it('reads the types and their fields without any edit control', async () => {
    const page = await open('coach@maplegrove.example');
    expect(await activeNames(page)).toContain('Check-in');
    expect(await archivedNames(page)).toEqual(['Learning walk']);
    await page.getByText('Only district administrators can change them.', { exact: false }).waitFor();
    for (const name of ['Add type', /^Edit/, /^Archive/, /^Restore/, /^Move/]) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    // The archived type's field can still be read.
    const archived = page.locator('.its-types--archived .its-type');
    await archived.getByRole('button', { name: /Custom fields/ }).click();
    await archived.getByText('Engagement').waitFor();
    expect(await page.getByRole('button', { name: /^Add field/ }).count()).toBe(0);
  });
});

describe('a district without custom fields', () => {
  it('explains what the Professional plan adds instead of showing a form', async () => {
    const page = await open('admin@cedarfalls.example');
    await page.getByRole('heading', { level: 2, name: 'Custom fields' }).waitFor();
    // A district administrator manages billing: told how to upgrade, not to ask their district administrator.
    await page.getByText(`${planFeatureSentence('custom-fields')} You manage your district's billing`).first().waitFor();
    expect(await page.getByText('Ask your district administrator').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Custom fields/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    expect(await page.getByRole('link', { name: 'Request a quote' }).getAttribute('href')).toBe('/app/settings/billing/quotes?new=1&plan=professional');
    // Types themselves stay editable.
    await page.getByRole('button', { name: 'Edit Check-in' }).waitFor();
  });
});

describe('as provider staff', () => {
  it('edits the defaults, told that districts keep their copies', async () => {
    const page = await open('support@coachwell.example', '/admin/settings/interaction');
    await page.getByText('Changing the defaults here does not change the copies districts already have', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Edit Check-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Check-in' });
    await dialog.getByLabel(/^Name/).fill('Quick check-in');
    await dialog.getByRole('button', { name: 'Save type' }).click();
    await page.getByText('Quick check-in has been saved.').waitFor();
    await page.getByRole('heading', { level: 3, name: 'Quick check-in' }).waitFor();
    // Maple Grove's copy is unchanged.
    const district = await open('admin@maplegrove.example');
    expect(await activeNames(district)).toContain('Check-in');
  });
});
