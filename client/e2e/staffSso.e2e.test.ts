// Coachwell staff signing in to /admin through the provider's own connection (issue 30, item 4; PROVIDER_SSO_*), the
// whole journey in Chromium against a real OpenID provider (oidc-provider on a loopback port) at 1366 and 390 px:
// the staff sign-in page's button, the provider's account page, back into /admin signed in; an account with no staff
// login sent back to the staff sign-in page with the reason in words; axe clean. SSO_SCREENSHOTS=<folder> keeps a
// picture of each screen.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { PROVIDER_STAFF_SSO_REFUSALS } from '../../common/schemas/ssoSignIn';
import type { TestChild } from '../../scripts/testChildren';
import { axeAll, BOTH_WIDTHS, browserSuite, freePort, fullPageShot, loaded, startOidcTestProvider } from './harness';

// The server this file starts is told the provider's address before either starts (it needs it at start, and the
// provider needs the server's callback): a port picked now. Plain http only because SSO_ALLOW_HTTP is set (tests).
const providerPort = await freePort();
const issuer = `http://127.0.0.1:${providerPort}`;
const CLIENT = { clientId: 'coachwell-staff-e2e', clientSecret: 'e2e-staff-secret-8c7b6a5d4e3f' };
Object.assign(process.env, {
  SSO_ALLOW_HTTP: '1', PROVIDER_SSO_ISSUER: issuer, PROVIDER_SSO_CLIENT_ID: CLIENT.clientId,
  PROVIDER_SSO_CLIENT_SECRET: CLIENT.clientSecret, PROVIDER_SSO_DOMAINS: 'coachwell.example', PROVIDER_SSO_KIND: 'google',
});
vi.setConfig({ testTimeout: 90_000 });
const suite = browserSuite({ timeout: 30_000 });

// The demo's provider administrator, and a company account with no staff login.
const SAM = { sub: 'staff-sam', email: 'support@coachwell.example', email_verified: true, name: 'Sam Ortega' };
const STRANGER = { sub: 'staff-stranger', email: 'new.hire@coachwell.example', email_verified: true, name: 'New Hire' };

let provider: TestChild;

beforeAll(async () => {
  ({ provider } = await startOidcTestProvider({
    redirectUri: `${suite.server.url}/api/auth/sso/callback`, accounts: [SAM, STRANGER], ...CLIENT, port: providerPort,
  }));
});
afterAll(async () => {
  await provider?.stop();
});

const picture = (page: Page, name: string) => fullPageShot(process.env.SSO_SCREENSHOTS, page, name);

describe.each(BOTH_WIDTHS)('Coachwell staff sign in with their company account at %s px', (size, options) => {
  it('the staff sign-in page\'s button → the provider → back in /admin, signed in', async () => {
    const page = await suite.page(options);
    await page.goto('/admin/auth/login');
    const button = page.getByRole('button', { name: 'Sign in with Google' });
    await button.waitFor();
    // The password form stays beside it (PROVIDER_SSO_PASSWORD_LOGIN is not 0).
    await page.getByLabel('Password').waitFor();
    expect(await axeAll(page)).toEqual([]);
    await picture(page, `staff-login-${size}`);
    await button.click();
    await page.waitForURL(`${issuer}/interaction/**`);
    await page.getByRole('button', { name: 'Sign in as support@coachwell.example' }).click();
    await page.waitForURL(`${suite.server.url}/admin**`);
    await loaded(page);
    expect(new URL(page.url()).pathname).toBe('/admin');
    const me = await page.evaluate(() => fetch('/api/auth/user').then((r) => r.json() as Promise<{ email: string; area: string }>));
    expect(me).toMatchObject({ email: 'support@coachwell.example', area: 'admin' });
    expect(await axeAll(page)).toEqual([]);
    await picture(page, `staff-signed-in-${size}`);
  });

  it('a company account without a staff login comes back to the staff sign-in page, in words', async () => {
    const page = await suite.page(options);
    await page.goto('/admin/auth/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL(`${issuer}/interaction/**`);
    await page.getByRole('button', { name: 'Sign in as new.hire@coachwell.example' }).click();
    await page.waitForURL(`${suite.server.url}/admin/auth/login?sso=no-login`);
    await page.getByText(PROVIDER_STAFF_SSO_REFUSALS['no-login']!).waitFor();
    await page.getByText('We could not sign you in with your company account').waitFor();
    expect(await axeAll(page)).toEqual([]);
    await picture(page, `staff-refused-${size}`);
    expect(await page.evaluate(() => fetch('/api/auth/user').then((r) => r.status))).toBe(401);
  });
});
