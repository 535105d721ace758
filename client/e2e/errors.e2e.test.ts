// How the interface handles failures: an ended session (401), a stale CSRF token (419), a screen
// chunk that cannot load, and unknown API addresses.
import { expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, signIn } from './harness';

// Flows with several page loads: more time than the 20 s default on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const suite = browserSuite();

/** A teacher signed in on the account settings screen. */
async function openSettings(): Promise<Page> {
  const page = await suite.signedIn('teacher@maplegrove.example');
  await page.goto('/app/settings');
  await page.getByRole('button', { name: 'Save profile' }).waitFor();
  // The banners' requests go out after the screen shows; each answer sets the XSRF cookie again, so a test
  // that spoils the cookie waits for them first.
  await page.waitForLoadState('networkidle');
  return page;
}

/** Saves the profile with a changed name and returns the status of the API answer. */
async function saveProfile(page: Page, name: string): Promise<number> {
  await page.getByLabel(/^Name/).fill(name);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/account/profile') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save profile' }).click();
  return (await answer).status();
}

async function expectOnLoginPage(page: Page) {
  await page.waitForURL((u) => u.pathname === '/app/auth/login');
  await page.locator('h1', { hasText: 'Sign in to Coachwell' }).waitFor();
  expect(await page.getByLabel(/^Password/).isVisible()).toBe(true);
}

it('a 401 from an ended session sends the user to the login page', async () => {
  const page = await openSettings();
  const context = page.context();

  // Sign out in a second tab: the server ends the session the first tab still shows.
  const other = await context.newPage();
  await other.goto('/app');
  await other.getByRole('button', { name: 'Jordan Ellis' }).click();
  await other.getByRole('button', { name: 'Sign out' }).click();
  await other.waitForURL((u) => u.pathname === '/app/auth/login');

  expect(await saveProfile(page, 'Jordan Signed-Out')).toBe(401);
  await expectOnLoginPage(page);
  const cookies = await context.cookies();
  expect(cookies.some((c) => c.name === 'coachwell_session')).toBe(true);

  // The profile was not changed.
  await signIn(page, 'teacher@maplegrove.example', 'app');
  await page.locator('h1', { hasText: /, Jordan$/ }).waitFor();
  expect(await page.getByRole('button', { name: 'Jordan Ellis' }).isVisible()).toBe(true);
});

it('a 419 from a stale CSRF token sends the user to the login page', async () => {
  const page = await openSettings();
  const context = page.context();
  const before = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
  expect(before?.value).toBeTruthy();
  await context.addCookies([{ ...before!, value: 'not-the-right-token' }]);
  expect((await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value).toBe('not-the-right-token');

  expect(await saveProfile(page, 'Jordan Stale-Token')).toBe(419);
  await expectOnLoginPage(page);
});

it('a screen chunk that fails to load names the chunk, the reason and its address', async () => {
  const page = await suite.page();
  await page.goto('/');
  await page.locator('h1').first().waitFor();

  let blocked = '';
  await page.route('**/assets/chunks/PricingScreen-*.js', (route) => {
    blocked = route.request().url();
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
  });
  const reported = page.waitForRequest((r) => r.url().endsWith('/api/client-error') && r.method() === 'POST');
  const reports: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/client-error') && r.method() === 'POST') reports.push(r.postData() ?? '');
  });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  const alert = page.getByText('This screen could not be loaded');
  await alert.waitFor();
  expect(new URL(page.url()).pathname).toBe('/pricing');
  expect(blocked).toMatch(/\/assets\/chunks\/PricingScreen-[^/]+\.js$/);

  const body = await page.locator('body').innerText();
  expect(body).toContain('The pricing screen failed to load (reason: missing)');
  const address = await page.locator('.chunk-error__address code').innerText();
  expect(address).toContain('PricingScreen');
  expect(address).toBe(blocked);

  const report = (await reported).postDataJSON() as { message: string; url: string };
  expect(report.message).toContain('ChunkLoadError');
  expect(report.message).toContain('"pricing"');
  expect(report.url).toBe(`${suite.server.url}/pricing`);

  // The error was the screen's: the layout stays, and the next page renders in its place (the boundary starts
  // again on navigation); the error was reported once.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Privacy & terms' }).click();
  await page.waitForURL((u) => u.pathname === '/policy');
  await page.locator('h1.policy-title').waitFor();
  await expect.poll(() => alert.count(), { timeout: 20_000 }).toBe(0);
  await page.waitForLoadState('networkidle');
  expect(reports.filter((r) => r.includes('ChunkLoadError'))).toHaveLength(1);
});

it('an error outside every screen (a layout\'s part that cannot load) shows the error page of its own, with a way home', async () => {
  const page = await suite.signedIn('teacher@maplegrove.example');
  // The trial banner is a chunk of the signed-in layout, outside the screen's own error boundary.
  await page.route('**/assets/chunks/TrialBanner-*.js', (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }));
  const reported = page.waitForRequest((r) => r.url().endsWith('/api/client-error') && r.method() === 'POST');
  await page.goto('/app/settings');

  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  await alert.waitFor();
  expect(await page.locator('body').innerText()).toContain('An unexpected error stopped this page. It has been reported to our team.');
  // A page of its own: the product's logo and the ways on, not the signed-in shell.
  expect(await page.locator('main#main .route-error').count()).toBe(1);
  expect(await page.locator('.app-shell, .app-nav-toggle').count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  expect(await page.getByRole('button', { name: 'Reload the page' }).isVisible()).toBe(true);
  expect(((await reported).postDataJSON() as { url: string }).url).toBe(`${suite.server.url}/app/settings`);
});

it('an unknown API address answers with a JSON 404', async () => {
  const page = await suite.page();
  const res = await page.request.get('/api/no/such/endpoint');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({ message: 'No API endpoint GET /api/no/such/endpoint.', code: 'not_found' });

  // Not the SPA's index.html fallback, which every other unknown address gets.
  const page404 = await page.request.get('/no/such/page');
  expect(page404.headers()['content-type']).toMatch(/^text\/html/);
});
