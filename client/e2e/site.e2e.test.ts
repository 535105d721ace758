// Site settings through the real screens: the district profile and the schools (add, rename,
// archive, restore, the refusal for a school with educators), and the read-only view of a principal.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './harness';

const suite = browserSuite();

async function open(email: string): Promise<Page> {
  const page = await suite.signedIn(email);
  await page.goto('/app/settings/site');
  await page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
  return page;
}

const schoolsTable = (page: Page) => page.getByRole('region', { name: /schools$/i });
const row = (page: Page, name: string) => schoolsTable(page).getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

describe('as a district administrator', () => {
  it('edits the district profile', async () => {
    const page = await open('admin@maplegrove.example');
    const name = page.getByLabel(/^District name/);
    await expect.poll(() => name.inputValue()).toBe('Maple Grove Unified School District');
    await name.fill('');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByText('District name is required.').isVisible()).toBe(true);

    await name.fill('Maple Grove USD');
    await page.getByLabel(/^Timezone/).selectOption({ label: 'Eastern Time (New York)' });
    await page.getByLabel(/^School year starts in/).selectOption({ label: 'July' });
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('The district profile has been saved.').waitFor();
    // The app shell shows the new name too.
    await page.locator('.app-topbar').getByText('Maple Grove USD').waitFor();

    await page.reload();
    await expect.poll(() => page.getByLabel(/^District name/).inputValue()).toBe('Maple Grove USD');
    expect(await page.getByLabel(/^Timezone/).inputValue()).toBe('America/New_York');
    expect(await page.getByLabel(/^School year starts in/).inputValue()).toBe('7');
  });

  it('turns the shared-notes privacy setting off and on', async () => {
    const page = await open('admin@maplegrove.example');
    const box = page.getByLabel('Shared notes visible to administrators');
    await expect.poll(() => box.isChecked()).toBe(true);
    await box.uncheck();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('The district profile has been saved.').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Shared notes visible to administrators').isChecked()).toBe(false);
    await page.getByLabel('Shared notes visible to administrators').check();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('The district profile has been saved.').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Shared notes visible to administrators').isChecked()).toBe(true);
  });

  it('adds a school, renames it, archives it and restores it', async () => {
    const page = await open('admin@maplegrove.example');
    await row(page, 'Lincoln Middle School').waitFor();

    await page.getByRole('button', { name: 'Add school' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a school' });
    await dialog.getByLabel(/^School name/).fill('Lincoln Middle School');
    await dialog.getByRole('button', { name: 'Add school' }).click();
    await dialog.getByText('A school with this name already exists.').waitFor();
    await dialog.getByLabel(/^School name/).fill('Cedar Ridge Elementary');
    await dialog.getByLabel(/^Code/).fill('CRE');
    await dialog.getByLabel(/^Grade band/).selectOption('K-5');
    await dialog.getByRole('button', { name: 'Add school' }).click();
    await page.getByText('Cedar Ridge Elementary has been added.').waitFor();
    await row(page, 'Cedar Ridge Elementary').waitFor();
    expect(await row(page, 'Cedar Ridge Elementary').textContent()).toMatch(/CRE.*K–5.*0.*Active/);

    await page.getByRole('button', { name: 'Edit Cedar Ridge Elementary' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Cedar Ridge Elementary' });
    await edit.getByLabel(/^School name/).fill('Cedar Ridge Academy');
    await edit.getByLabel(/^Grade band/).selectOption('K-8');
    await edit.getByRole('button', { name: 'Save school' }).click();
    await page.getByText('Cedar Ridge Academy has been saved.').waitFor();
    await row(page, 'Cedar Ridge Academy').waitFor();
    expect(await row(page, 'Cedar Ridge Elementary').count()).toBe(0);

    await page.getByRole('button', { name: 'Archive Cedar Ridge Academy' }).click();
    await page.getByRole('dialog', { name: 'Archive Cedar Ridge Academy?' }).getByRole('button', { name: 'Archive school' }).click();
    await page.getByText(/Cedar Ridge Academy has been archived/).waitFor();
    await row(page, 'Cedar Ridge Academy').waitFor({ state: 'detached' });

    await page.getByLabel('Show archived schools').check();
    await page.waitForURL((u) => u.searchParams.get('archived') === '1');
    await row(page, 'Cedar Ridge Academy').waitFor();
    expect(await row(page, 'Cedar Ridge Academy').textContent()).toContain('Archived');
    await page.getByRole('button', { name: 'Restore Cedar Ridge Academy' }).click();
    await page.getByText('Cedar Ridge Academy has been restored.').waitFor();
    await expect.poll(() => row(page, 'Cedar Ridge Academy').textContent()).toContain('Active');

    await page.getByLabel('Show archived schools').uncheck();
    await row(page, 'Cedar Ridge Academy').waitFor();
  });

  it('cannot archive a school that still has educators, and says why', async () => {
    const page = await open('admin@maplegrove.example');
    await page.getByRole('button', { name: 'Archive Lincoln Middle School' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive Lincoln Middle School?' });
    await dialog.getByRole('button', { name: 'Archive school' }).click();
    await dialog.getByText(/^Move this school's \d+ educators to another school before archiving it\.$/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await row(page, 'Lincoln Middle School').textContent()).toContain('Active');
  });
});

describe('as a principal', () => {
  it('reads the site settings without any way to change them', async () => {
    const page = await open('principal@maplegrove.example');
    await page.getByText('Only district administrators can change it.').waitFor();
    const profile = page.getByRole('region', { name: 'District profile' });
    await profile.getByText('Central Time (Chicago)').or(profile.getByText('Eastern Time (New York)')).first().waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('combobox').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Save profile|Add school|^Edit |^Archive |^Restore / }).count()).toBe(0);
    await row(page, 'Lincoln Middle School').waitFor();
    await page.getByLabel('Show archived schools').check();
    await row(page, 'Lincoln Middle School').waitFor();
    expect(await page.getByRole('button', { name: /^Restore / }).count()).toBe(0);
  });
});
