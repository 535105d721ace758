// User settings through the real screens: invite a coach and accept by email, resend and revoke an
// invitation, deactivate and reactivate a login, and move a login from another district.
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, DEMO_PASSWORD, latestMailLink } from './harness';

// Each test walks several screens in two or three browsers.
vi.setConfig({ testTimeout: 60_000 });

const suite = browserSuite();

const pathOf = (page: Page) => new URL(page.url()).pathname;

const asAdmin = () => suite.signedIn('admin@maplegrove.example');

/** Fills and sends the invite form; waits until the screen has answered. */
async function invite(page: Page, person: { name: string; email: string; role: string; school?: string }) {
  await page.goto('/app/settings/user');
  await page.getByRole('link', { name: 'Invite user' }).click();
  await page.getByRole('heading', { level: 1, name: 'Invite user' }).waitFor();
  await page.getByLabel(/^Name/).fill(person.name);
  await page.getByLabel(/^Email/).fill(person.email);
  await page.getByRole('checkbox', { name: person.role, exact: true }).check();
  if (person.school) await page.getByRole('checkbox', { name: person.school }).check();
  await page.getByRole('button', { name: 'Send invitation' }).click();
}

/** The table row of one person on the user list. */
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });

describe('inviting', () => {
  it('invites a new coach with a school; the emailed link signs them in', async () => {
    const page = await asAdmin();
    await page.goto('/app/settings/user/new');
    // Instant checks: a coach needs a school.
    await page.getByLabel(/^Name/).fill('Nia Newcoach');
    await page.getByLabel(/^Email/).fill('nia.newcoach@maplegrove.example');
    await page.getByRole('checkbox', { name: 'Coach', exact: true }).check();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Choose at least one school for a principal or coach.').waitFor();

    await page.getByRole('checkbox', { name: 'Oak Hollow Elementary' }).check();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.waitForURL((u) => u.pathname === '/app/settings/user');
    await page.getByText('Invitation sent').waitFor();
    const listed = row(page, 'Nia Newcoach');
    await expect.poll(() => listed.innerText()).toMatch(/Invited\s*—?\s*expires/);
    expect(await listed.innerText()).toContain('Oak Hollow Elementary');

    const link = await latestMailLink(suite.server, 'nia.newcoach@maplegrove.example');
    expect(link).toMatch(new RegExp(`^${suite.server.url}/app/auth/invite/[\\w-]+$`));
    const invitee = await suite.page();
    await invitee.goto(link);
    await invitee.getByRole('heading', { level: 1, name: 'Join Maple Grove Unified School District' }).waitFor();
    expect(await invitee.getByLabel(/^Your name/).inputValue()).toBe('Nia Newcoach');
    await invitee.getByLabel(/^Password/).fill('nia-coach-password');
    await invitee.getByLabel(/^Confirm password/).fill('nia-coach-password');
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();
    await invitee.waitForURL((u) => u.pathname === '/app');
    await invitee.getByRole('heading', { level: 1, name: /, Nia$/ }).waitFor();

    // The link worked once.
    const again = await suite.page();
    await again.goto(link);
    await again.getByRole('heading', { level: 1, name: 'Invitation unavailable' }).waitFor();

    await page.reload();
    await expect.poll(() => row(page, 'Nia Newcoach').innerText()).toMatch(/Active/);
  });

  it('resends and revokes another invitation', async () => {
    const page = await asAdmin();
    await invite(page, { name: 'Ivy Invitee', email: 'ivy.invitee@maplegrove.example', role: 'Educator' });
    await page.waitForURL((u) => u.pathname === '/app/settings/user');
    const first = await latestMailLink(suite.server, 'ivy.invitee@maplegrove.example');

    await page.getByRole('button', { name: 'Resend invite Ivy Invitee' }).click();
    await page.getByText('A new invitation is on its way to ivy.invitee@maplegrove.example').waitFor();
    await expect.poll(() => latestMailLink(suite.server, 'ivy.invitee@maplegrove.example'), { timeout: 10_000 }).not.toBe(first);
    const second = await latestMailLink(suite.server, 'ivy.invitee@maplegrove.example');

    const invitee = await suite.page();
    await invitee.goto(first);
    await invitee.getByRole('heading', { level: 1, name: 'Invitation unavailable' }).waitFor();

    await page.getByRole('button', { name: 'Revoke invite Ivy Invitee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke the invitation for Ivy Invitee?' });
    await dialog.getByRole('button', { name: 'Revoke invitation' }).click();
    await page.getByText('The invitation for Ivy Invitee no longer works.').waitFor();
    await expect.poll(() => row(page, 'Ivy Invitee').innerText()).toMatch(/no active link/);
    await expect.poll(() => page.getByRole('button', { name: 'Revoke invite Ivy Invitee' }).count()).toBe(0);

    await invitee.goto(second);
    await invitee.getByRole('heading', { level: 1, name: 'Invitation unavailable' }).waitFor();
  });
});

it('deactivates a login (ending its sessions) and reactivates it', async () => {
  const coach = await suite.signedIn('coach3@maplegrove.example');
  expect(pathOf(coach)).toBe('/app');

  const page = await asAdmin();
  await page.goto('/app/settings/user?search=Tom');
  await page.getByRole('button', { name: 'Deactivate Tom Becker' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Tom Becker?' });
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByText('Tom Becker has been deactivated and signed out everywhere.').waitFor();
  await expect.poll(() => row(page, 'Tom Becker').innerText()).toMatch(/Deactivated/);

  // Their open session is over: the next call sends them to the login page.
  await coach.goto('/app/staff');
  await coach.waitForURL((u) => u.pathname === '/app/auth/login');
  await coach.getByLabel(/^Email/).fill('coach3@maplegrove.example');
  await coach.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await coach.getByRole('button', { name: 'Sign in' }).click();
  await coach.getByText(/deactivated/).first().waitFor();

  // The filter lives in the URL.
  await page.getByLabel(/^Status/).selectOption('disabled');
  await page.waitForURL((u) => u.searchParams.get('status') === 'disabled');
  await page.getByRole('button', { name: 'Reactivate Tom Becker' }).click();
  await page.getByRole('dialog', { name: 'Reactivate Tom Becker?' }).getByRole('button', { name: 'Reactivate' }).click();
  await page.getByText('Tom Becker can sign in again.').waitFor();

  await coach.getByRole('button', { name: 'Sign in' }).click();
  // Signed in again: back in the app (the page they asked for, or the dashboard).
  await coach.waitForURL((u) => u.pathname.startsWith('/app') && !u.pathname.startsWith('/app/auth'));
  expect((await coach.request.get('/api/auth/user')).status()).toBe(200);
});

it('an admin cannot deactivate themselves and edits roles and schools', async () => {
  const page = await asAdmin();
  await page.goto('/app/settings/user?search=Dana');
  await row(page, 'Dana Whitfield').waitFor();
  expect(await page.getByRole('button', { name: 'Deactivate Dana Whitfield' }).count()).toBe(0);

  await page.goto('/app/settings/user?search=Angela');
  await page.getByRole('link', { name: 'Edit Angela Ruiz' }).click();
  await page.getByRole('heading', { level: 1, name: 'Edit Angela Ruiz' }).waitFor();
  await page.getByRole('checkbox', { name: 'Maple Grove High School' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Choose at least one school for a principal or coach.').waitFor();
  await page.getByRole('checkbox', { name: 'Riverside Elementary' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((u) => u.pathname === '/app/settings/user');
  await page.getByText("Angela Ruiz's roles and schools have been saved.").waitFor();
});

it('an educator is not offered the user list (only people who manage users see it), only their own login', async () => {
  const page = await suite.signedIn('teacher@maplegrove.example');
  // The page paints an empty shell first: wait for the sidebar's links before reading what is missing.
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Home' }).waitFor();
  expect(await page.getByRole('navigation').getByRole('link', { name: 'Users' }).count()).toBe(0);
  // User settings is open to every login (spec §2): their own login, read-only (userSettings.e2e.test.ts).
  await page.goto('/app/settings/user');
  await page.getByRole('region', { name: 'Your login' }).waitFor();
  expect(await page.getByRole('table').count()).toBe(0);
  await page.goto('/app/settings/user/new');
  await page.waitForURL((u) => u.pathname === '/403');
});

it('moves a login from another district: the same answer as any invite, a migration email, wrong then right password, then sign-in', async () => {
  // Security finding 7: Cedar Falls' only administrator cannot be moved away.
  const maple = await asAdmin();
  await invite(maple, { name: 'Helen Okafor', email: 'admin@cedarfalls.example', role: 'Principal (building administrator)', school: 'Lincoln Middle School' });
  await maple.waitForURL((u) => u.pathname === '/app/settings/user');
  await maple.getByText('Invitation sent').waitFor();
  const refused = await suite.page();
  await refused.goto(await latestMailLink(suite.server, 'admin@cedarfalls.example', '/migrate-account'));
  await refused.getByLabel(/^Your current password/).fill(DEMO_PASSWORD);
  await refused.getByRole('button', { name: 'Move my login' }).click();
  await refused.getByText(/You are the only active district administrator of your current district/).first().waitFor();

  // Cedar Falls invites a Maple Grove coach: the screen answers as for anyone (finding 3).
  const page = await suite.signedIn('admin@cedarfalls.example');
  await invite(page, { name: 'Angela R.', email: 'coach2@maplegrove.example', role: 'Coach', school: 'Cedar Falls High School' });
  await page.waitForURL((u) => u.pathname === '/app/settings/user');
  await page.getByText('Invitation sent').waitFor();
  await expect.poll(() => row(page, 'Angela R.').innerText()).toMatch(/Invited/);

  const link = await latestMailLink(suite.server, 'coach2@maplegrove.example', '/migrate-account');
  expect(link).toMatch(new RegExp(`^${suite.server.url}/migrate-account/[\\w-]+$`));
  const person = await suite.page();
  await person.goto(link);
  await person.getByRole('heading', { level: 1, name: 'Cedar Falls Community Schools invites you to move your Coachwell login' }).waitFor();
  const body = await person.locator('main').innerText();
  expect(body).toContain('coach2@maplegrove.example');
  expect(body).toContain('Helen Okafor');
  expect(body).toContain('Your former district keeps its records');

  await person.getByLabel(/^Your current password/).fill('not-the-password');
  await person.getByRole('button', { name: 'Move my login' }).click();
  await person.getByText('The password is incorrect.').first().waitFor();

  await person.getByLabel(/^Your current password/).fill(DEMO_PASSWORD);
  await person.getByRole('button', { name: 'Move my login' }).click();
  await person.getByRole('heading', { level: 1, name: 'Your login has moved to Cedar Falls Community Schools' }).waitFor();

  // The link works once.
  const again = await suite.page();
  await again.goto(link);
  await again.getByText('This link is invalid or has expired.').waitFor();

  await person.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await person.waitForURL((u) => u.pathname === '/app/auth/login');
  await person.getByLabel(/^Email/).fill('coach2@maplegrove.example');
  await person.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await person.getByRole('button', { name: 'Sign in' }).click();
  await person.waitForURL((u) => u.pathname === '/app');
  await person.getByText('Cedar Falls Community Schools').first().waitFor();

  await page.goto('/app/settings/user?search=Angela');
  await expect.poll(() => row(page, 'Angela Ruiz').innerText()).toMatch(/Coach[\s\S]*Cedar Falls High School[\s\S]*Active/);
  // Maple Grove keeps Angela Ruiz, deactivated (finding 10).
  await maple.goto('/app/settings/user?search=Angela&status=disabled');
  await expect.poll(() => row(maple, 'Angela Ruiz').innerText()).toMatch(/Deactivated/);
});
