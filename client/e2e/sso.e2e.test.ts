// Signing in with a school account (issue 30), the whole journey in Chromium against a real OpenID provider
// (oidc-provider on a loopback port, server/testing/oidcProvider.ts) at 1366 and 390 px: the login page's school
// email, the provider's account page, back into the app signed in; a district's buttons (`?district=`); a
// refusal shown in words on the login page; axe clean. SSO_SCREENSHOTS=<folder> keeps a picture of each screen.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { SSO_REFUSALS } from '../../common/schemas/ssoSignIn';
import type { TestChild } from '../../scripts/testChildren';
import { api, axeAll, BOTH_WIDTHS, browserSuite, fullPageShot, loaded, signIn, startOidcTestProvider } from './harness';

// The server this file starts takes the loopback provider's plain-http issuer (never in production).
process.env.SSO_ALLOW_HTTP = '1';
vi.setConfig({ testTimeout: 90_000 });
const suite = browserSuite({ timeout: 30_000 });

// Riverbend (Enterprise) has the demo's Google connection; it is pointed at the loopback provider here.
const TEACHER = { sub: 'riverbend-teacher-1', email: 'teacher@riverbend.example', email_verified: true, name: 'Carmen Delgado' };
const STRANGER = { sub: 'riverbend-stranger-1', email: 'new.teacher@riverbend.example', email_verified: true, name: 'New Teacher' };
const DISTRICT_SLUG = 'riverbend-public-schools';
const CLIENT = { clientId: 'riverbend-e2e', clientSecret: 'e2e-secret-4f3e2d1c0b9a' };

let provider: TestChild;
let issuer: string;

beforeAll(async () => {
  ({ provider, issuer } = await startOidcTestProvider({
    redirectUri: `${suite.server.url}/api/auth/sso/callback`, accounts: [TEACHER, STRANGER], ...CLIENT,
    postLogoutRedirectUris: [`${suite.server.url}/app/auth/login`],
  }));
  // Its administrator points the district's Google connection at the provider, through the settings API.
  const admin = await suite.page();
  await signIn(admin, 'admin@riverbend.example');
  const list = await api<{ data: { id: number; kind: string }[] }>(admin, 'GET', 'district/sso');
  const google = list.json.data.find((c) => c.kind === 'google')!;
  const changed = await api(admin, 'PUT', `district/sso/${google.id}`, { issuer, client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret });
  if (changed.status !== 200) throw new Error(`Could not change the connection: ${changed.status} ${JSON.stringify(changed.json)}`);
  await admin.context().close();
});
afterAll(async () => {
  await provider?.stop();
});

const picture = (page: Page, name: string) => fullPageShot(process.env.SSO_SCREENSHOTS, page, name);

describe.each(BOTH_WIDTHS)('signing in with a school account at %s px', (size, options) => {
  it('school email → the provider → back in the app, signed in', async () => {
    const page = await suite.page(options);
    await page.goto('/app/auth/login');
    const section = page.getByRole('region', { name: 'Sign in with your school account' });
    await section.waitFor();
    expect(await axeAll(page)).toEqual([]);
    await picture(page, `login-${size}`);
    // A domain no district connected: said inline under the field.
    await section.getByLabel(/^School email/).fill('someone@nowhere.example');
    await section.getByRole('button', { name: 'Continue with your school account' }).click();
    await section.getByText(/Your school account is not connected to Coachwell/).waitFor();
    await section.getByLabel(/^School email/).fill('teacher@riverbend.example');
    await section.getByRole('button', { name: 'Continue with your school account' }).click();
    await page.waitForURL(`${issuer}/interaction/**`);
    await page.getByRole('button', { name: 'Sign in as teacher@riverbend.example' }).click();
    await page.waitForURL(`${suite.server.url}/app**`);
    await loaded(page);
    expect(new URL(page.url()).pathname).not.toContain('/auth/');
    const me = await page.evaluate(() => fetch('/api/auth/user').then((r) => r.json() as Promise<{ email: string }>));
    expect(me.email).toBe('teacher@riverbend.example');
    expect(await axeAll(page)).toEqual([]);
    await picture(page, `signed-in-${size}`);
    // Signing out ends our session and goes on to the provider's sign-out, which comes back to the login page.
    await page.getByRole('button', { name: 'Carmen Delgado' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${issuer}/session/end**`);
    expect((await page.request.get(`${suite.server.url}/api/auth/user`)).status()).toBe(401);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL(`${suite.server.url}/app/auth/login`);
  });

  it('a district\'s buttons (?district=) sign in with its provider; a refusal comes back in words', async () => {
    const page = await suite.page(options);
    await page.goto(`/app/auth/login?district=${DISTRICT_SLUG}`);
    const button = page.getByRole('button', { name: 'Sign in with Google' });
    await button.waitFor();
    await page.getByText('Riverbend Public Schools').waitFor();
    expect(await axeAll(page)).toEqual([]);
    await picture(page, `district-buttons-${size}`);
    await button.click();
    await page.waitForURL(`${issuer}/interaction/**`);
    // An account of the district's domain without a Coachwell login, and first sign-ins may not create one.
    await page.getByRole('button', { name: 'Sign in as new.teacher@riverbend.example' }).click();
    await page.waitForURL(`${suite.server.url}/app/auth/login?sso=no-login`);
    await page.getByText(SSO_REFUSALS['no-login']).waitFor();
    await page.getByText('We could not sign you in with your school account').waitFor();
    expect(await axeAll(page)).toEqual([]);
    await picture(page, `refused-${size}`);
    expect((await page.evaluate(() => fetch('/api/auth/user').then((r) => r.status)))).toBe(401);
  });
});
