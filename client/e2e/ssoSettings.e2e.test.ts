// Single sign-on settings (issue 30) in Chromium: Riverbend's administrator sees the seeded Google connection and the
// redirect address (copied to the clipboard), adds a connection to a real OpenID provider on a loopback port (the
// server runs with SSO_ALLOW_HTTP=1, as tests do) and tests it, is told what a wrong domain is, turns password sign-in
// off after the warning, removes the connection after a confirm; at 1366 and 390 px, axe-core clean. A district on a
// plan without single sign-on sees what the Enterprise plan adds; provider staff read the connections on the District
// view and test them there.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { DESKTOP_PAGE, PHONE_PAGE, axeAll, browserSuite } from './harness';

vi.setConfig({ testTimeout: 120_000 });

// Read by the server the suite starts (its environment is this process's).
process.env.SSO_ALLOW_HTTP = '1';

const suite = browserSuite();
let provider: http.Server;
let issuer: string;

beforeAll(async () => {
  provider = http.createServer();
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  const op = new Provider(issuer, {
    clients: [{ client_id: 'coachwell-riverbend', client_secret: 'e2e-secret-5f4d3c2b1a', redirect_uris: ['http://127.0.0.1/api/auth/sso/callback'] }],
  });
  provider.on('request', op.callback());
});
afterAll(async () => {
  await new Promise((resolve) => provider.close(resolve));
});

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function openScreen(email: string, options = DESKTOP_PAGE): Promise<Page> {
  const page = await suite.signedIn(email, options);
  await page.goto('/app/settings/single-sign-on');
  await page.getByRole('heading', { level: 1, name: 'Single sign-on' }).waitFor();
  return page;
}

it("shows the district's Google connection and the redirect address to copy, at 1366 and 390 px, axe clean", async () => {
  const page = await openScreen('admin@riverbend.example', { ...DESKTOP_PAGE, permissions: ['clipboard-read', 'clipboard-write'] });
  const connections = page.getByRole('region', { name: 'Connections' });
  const google = connections.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Google' }) });
  await google.waitFor();
  await expect.poll(() => google.innerText()).toContain('https://accounts.google.com');
  const text = await google.innerText();
  expect(text).toContain('riverbend.example');
  expect(text).toMatch(/Password sign-in\s*On/);
  expect(text).toContain('Not tested yet.');
  // The secret is never on the page, nor in what the page was answered.
  expect(await page.content()).not.toContain('GOCSPX-demo-placeholder');

  const redirect = page.getByRole('region', { name: 'Redirect address' });
  const address = redirect.getByLabel('Redirect address');
  expect(await address.inputValue()).toBe(`${suite.server.url}/api/auth/sso/callback`);
  await redirect.getByRole('button', { name: 'Copy' }).click();
  await redirect.getByRole('status').getByText('Redirect address copied to the clipboard.').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${suite.server.url}/api/auth/sso/callback`);
  expect(await axeAll(page)).toEqual([]);

  // The sidebar leads here.
  expect(await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Single sign-on' }).count()).toBeGreaterThan(0);

  const phone = await openScreen('admin@riverbend.example', PHONE_PAGE);
  await phone.getByRole('heading', { name: 'Google' }).waitFor();
  expect(await noSidewaysScroll(phone)).toBe(true);
  expect(await axeAll(phone)).toEqual([]);
});

it('adds a connection to a real OpenID provider, tests it, refuses a wrong domain by name, turns password sign-in off after a warning, and removes it', async () => {
  const page = await openScreen('admin@riverbend.example');
  await page.getByRole('button', { name: 'Add a connection' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a sign-in connection' });
  await dialog.waitFor();
  // Google is taken (one per provider): the first free one is chosen.
  expect(await dialog.getByRole('option', { name: 'Google' }).isDisabled()).toBe(true);
  await dialog.getByLabel('Provider').selectOption({ label: 'Other OpenID Connect provider' });
  await dialog.getByLabel('Issuer').fill(issuer);
  await dialog.getByLabel('Client ID').fill('coachwell-riverbend');
  await dialog.getByLabel('Client secret').fill('e2e-secret-5f4d3c2b1a');
  await dialog.getByLabel('Email domains').fill('riverbend');
  expect(await axeAll(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Add connection' }).click();
  await dialog.getByText('"riverbend" is not an email domain (like district.org).').waitFor();
  // Focus goes to the field that is wrong.
  await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('riverbend');
  await dialog.getByLabel('Email domains').fill('staff.riverbend.example, Teachers.Riverbend.example');
  await dialog.getByRole('button', { name: 'Add connection' }).click();
  await dialog.waitFor({ state: 'hidden' });

  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Other OpenID Connect provider' }) });
  await row.waitFor();
  await expect.poll(() => row.innerText()).toContain('staff.riverbend.example, teachers.riverbend.example');
  await row.getByRole('button', { name: 'Test connection to Other OpenID Connect provider' }).click();
  await row.getByText('Test passed').waitFor();
  expect(await row.innerText()).toContain(`Connected: ${new URL(issuer).host} answers as an OpenID issuer`);
  expect(await page.content()).not.toContain('e2e-secret-5f4d3c2b1a');

  // Password sign-in off: the dialog warns before saving, the page says so after.
  await row.getByRole('button', { name: 'Change the Other OpenID Connect provider connection' }).click();
  dialog = page.getByRole('dialog', { name: 'Change the Other OpenID Connect provider connection' });
  await dialog.waitFor();
  expect(await dialog.getByLabel('Client secret').inputValue()).toBe('');
  await dialog.getByLabel('Keep password sign-in on').uncheck();
  await dialog.getByText('With password sign-in off, everyone in the district signs in with their school account only').waitFor();
  expect(await axeAll(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save connection' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText(/Password sign-in is off/).waitFor();
  await expect.poll(() => row.innerText()).toMatch(/Password sign-in\s*Off: single sign-on only/);
  // The secret was kept: the test still passes.
  await row.getByRole('button', { name: 'Test connection to Other OpenID Connect provider' }).click();
  await row.getByText('Test passed').waitFor();

  await row.getByRole('button', { name: 'Remove the Other OpenID Connect provider connection' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the Other OpenID Connect provider connection?' });
  await confirm.getByRole('button', { name: 'Remove connection' }).click();
  await confirm.waitFor({ state: 'hidden' });
  await row.waitFor({ state: 'detached' });
  expect(await page.getByText(/Password sign-in is off/).count()).toBe(0);
});

it('a district on a plan without single sign-on sees what the Enterprise plan adds', async () => {
  const page = await openScreen('admin@maplegrove.example');
  await page.getByRole('heading', { level: 2, name: 'Single sign-on' }).waitFor();
  expect(await page.getByText('Single sign-on is part of the Enterprise plan.').count()).toBeGreaterThan(0);
  expect(await page.getByRole('button', { name: 'Add a connection' }).count()).toBe(0);
  expect(await axeAll(page)).toEqual([]);
});

it('provider staff read the connections on the District view, with Test connection and nothing to change', async () => {
  const page = await suite.signedIn('support@coachwell.example', DESKTOP_PAGE);
  await page.goto('/admin/districts');
  await page.getByRole('link', { name: 'Riverbend Public Schools' }).click();
  const panel = page.getByRole('region', { name: 'Sign-in connections' });
  await panel.getByRole('heading', { name: 'Google' }).waitFor();
  expect(await panel.getByRole('button', { name: /Change|Remove/ }).count()).toBe(0);
  expect(await axeAll(page)).toEqual([]);
  const phone = await suite.signedIn('support@coachwell.example', PHONE_PAGE);
  await phone.goto(page.url());
  await phone.getByRole('region', { name: 'Sign-in connections' }).getByRole('heading', { name: 'Google' }).waitFor();
  expect(await noSidewaysScroll(phone)).toBe(true);
});
