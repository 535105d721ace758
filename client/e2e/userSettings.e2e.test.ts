// User settings (/app/settings/user) is open to every login (spec §2): a coach or an educator sees their
// own login, roles and schools and the district's administrators, read-only, with no management
// controls; an administrator still gets the district's list. axe-core finds nothing at either width.
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { axeAll, browserSuite } from './harness';

vi.setConfig({ testTimeout: 60_000 });

const suite = browserSuite();

const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Opens User settings and waits until its screen has rendered (no loading block). */
async function openUserSettings(page: Page): Promise<void> {
  await page.goto('/app/settings/user');
  await page.getByRole('heading', { level: 1, name: 'User settings' }).waitFor();
  await page.locator('.loading-block').first().waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe('/app/settings/user');
}

/** The management controls of the list screen: none of them may show on the read-only view. */
async function expectNoManagementControls(page: Page): Promise<void> {
  const main = page.getByRole('main');
  expect(await main.getByRole('link', { name: 'Invite user' }).count()).toBe(0);
  expect(await main.getByRole('link', { name: /^Edit / }).count()).toBe(0);
  expect(await main.getByRole('button', { name: /^(Deactivate|Reactivate|Resend invite|Revoke invite) / }).count()).toBe(0);
  expect(await main.getByRole('table').count()).toBe(0);
  expect(await main.getByRole('textbox').count()).toBe(0);
  expect(await main.getByRole('combobox').count()).toBe(0);
}

describe('a coach', () => {
  it.each([['1366', WIDE], ['390', PHONE]] as const)('at %s px sees their own login, roles and schools and the district administrators, read-only', async (_w, viewport) => {
    const page = await suite.signedIn('coach@maplegrove.example', { viewport, bypassCSP: true });
    const listCalls: number[] = [];
    page.on('response', (res) => {
      if (/\/api\/user(\?|$)/.test(new URL(res.url()).pathname + new URL(res.url()).search)) listCalls.push(res.status());
    });
    await openUserSettings(page);

    const login = page.getByRole('region', { name: 'Your login' });
    await expect.poll(() => login.innerText()).toContain('Priya Raman');
    const loginText = await login.innerText();
    expect(loginText).toContain('coach@maplegrove.example');
    expect(loginText).toMatch(/Status\s*Active/);
    // The last sign-in is this one, on the profile clock, with how long ago.
    expect(loginText).toMatch(/Last sign-in\s*\S.*\((less than a minute|\d+ minutes?) ago\)/);

    const roles = await page.getByRole('region', { name: 'Roles and schools' }).innerText();
    expect(roles).toContain('Coach');
    expect(roles).toContain('Lincoln Middle School');
    expect(roles).toContain('Oak Hollow Elementary');
    expect(roles).not.toContain('Maple Grove High School');

    const admins = page.getByRole('region', { name: 'District administrators' });
    expect(await admins.innerText()).toContain('Dana Whitfield');
    expect(await admins.getByRole('link', { name: 'admin@maplegrove.example' }).getAttribute('href')).toBe('mailto:admin@maplegrove.example');
    expect(await admins.innerText()).not.toContain('Helen Okafor');

    await expectNoManagementControls(page);
    // Nobody asked for the list a coach may not read.
    expect(listCalls).toEqual([]);

    expect(await axeAll(page)).toEqual([]);
    const size = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(size.scrollWidth).toBeLessThanOrEqual(size.innerWidth);
  });

  it('reaches it from Account settings (the sidebar keeps Users for those who manage them); creating users stays closed', async () => {
    const page = await suite.signedIn('coach@maplegrove.example');
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Users' }).count()).toBe(0);
    await page.goto('/app/settings');
    await page.getByRole('main').getByRole('link', { name: 'User settings' }).click();
    await page.waitForURL((u) => u.pathname === '/app/settings/user');
    await page.getByRole('region', { name: 'District administrators' }).getByText('Dana Whitfield').waitFor();
    await page.goto('/app/settings/user/new');
    await page.waitForURL((u) => u.pathname === '/403');
  });
});

it('an educator sees their own role and school, read-only, with no axe violations', async () => {
  const page = await suite.signedIn('teacher@maplegrove.example', { viewport: WIDE, bypassCSP: true });
  await openUserSettings(page);
  await expect.poll(() => page.getByRole('region', { name: 'Your login' }).innerText()).toContain('teacher@maplegrove.example');
  const roles = await page.getByRole('region', { name: 'Roles and schools' }).innerText();
  expect(roles).toContain('Educator');
  expect(roles).toContain('Lincoln Middle School');
  expect(await page.getByRole('region', { name: 'District administrators' }).innerText()).toContain('admin@maplegrove.example');
  await expectNoManagementControls(page);
  expect(await axeAll(page)).toEqual([]);
});

it('an administrator still gets the list with its controls, not the read-only view', async () => {
  const page = await suite.signedIn('admin@maplegrove.example', { viewport: WIDE, bypassCSP: true });
  await openUserSettings(page);
  await page.getByRole('table').waitFor();
  await page.getByRole('link', { name: 'Invite user' }).waitFor();
  await page.getByRole('rowheader', { name: /Priya Raman/ }).waitFor();
  await page.getByRole('button', { name: 'Deactivate Priya Raman' }).waitFor();
  expect(await page.getByRole('region', { name: 'Your login' }).count()).toBe(0);
  expect(await page.getByRole('navigation').getByRole('link', { name: 'Users' }).count()).toBe(1);
  expect(await axeAll(page)).toEqual([]);
});
