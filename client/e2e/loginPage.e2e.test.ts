// The login page as a first visit gets it: rendered at build time (the same AuthLayout and LoginScreen
// as the SPA), with client/app/loginPage.ts as its only script. What it must do as LoginScreen does:
// the instant check's messages inline, the busy button, focus on the first invalid field, a signed-in
// visitor sent on, and the SPA's own login screen after signing out.
import { describe, expect, it, vi } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { axeAll, browserSuite, DEMO_PASSWORD } from './harness';

vi.setConfig({ testTimeout: 60_000 });
const suite = browserSuite();

/** The error text linked from a field through aria-describedby. */
async function describedError(page: Page, label: RegExp): Promise<string> {
  const ids = (await page.getByLabel(label).getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(ids.split(' ').filter(Boolean).map((id) => page.evaluate((i) => document.getElementById(i)?.textContent ?? '', id)));
  return texts.join(' ');
}

describe('first visit', () => {
  it('shows the whole form before any script runs, and loads neither React nor the app', async () => {
    const noScript = await suite.page({ javaScriptEnabled: false });
    await noScript.goto('/app/auth/login');
    expect(await noScript.title()).toBe('Login | Coachwell');
    expect(await noScript.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to Coachwell');
    expect(await noScript.getByLabel(/^Email/).isVisible()).toBe(true);
    expect(await noScript.getByLabel(/^Password/).isVisible()).toBe(true);
    expect(await noScript.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/app/auth/password-reset');
    expect(await noScript.getByRole('link', { name: 'New district? Start a free trial' }).getAttribute('href')).toBe('/register');

    const page = await suite.page();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/admin/auth/login');
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Coachwell staff sign in');
    expect(scripts.some((s) => /^\/assets\/login-[^/]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/main-|LoginScreen-/.test(s))).toEqual([]);
  });

  it('shows the notice for a safe ?redirect= only', async () => {
    const page = await suite.page({ javaScriptEnabled: false });
    await page.goto('/app/auth/login?redirect=%2Fapp%2Fstaff');
    expect(await page.getByText('Sign in to continue to the page you asked for.').isVisible()).toBe(true);
    await page.goto('/app/auth/login?redirect=%2F%2Fevil.example%2Fapp');
    expect(await page.getByText('Sign in to continue to the page you asked for.').count()).toBe(0);
    await page.goto('/admin/auth/login?redirect=%2Fapp%2Fstaff');
    expect(await page.getByText('Sign in to continue to the page you asked for.').count()).toBe(0);
  });

  it('a form sent before its script ran shows the page again, password out of the URL', async () => {
    const page = await suite.page({ javaScriptEnabled: false });
    await page.goto('/app/auth/login?redirect=%2Fapp%2Fsettings');
    await page.getByLabel(/^Email/).fill('teacher@maplegrove.example');
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForLoadState('load');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/app/auth/login');
    expect(url.search).toBe('?redirect=%2Fapp%2Fsettings');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to Coachwell');
  });
});

describe('signing in on the pre-rendered page', () => {
  it('checks the fields as LoginScreen does: messages inline, linked, focused, cleared on edit; axe clean', async () => {
    const page = await suite.page({ bypassCSP: true });
    await page.goto('/app/auth/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is required.').waitFor();
    expect(await describedError(page, /^Email/)).toBe('!Error: Email is required.');
    expect(await describedError(page, /^Password/)).toBe('!Error: Password is required.');
    expect(await page.getByLabel(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('email');
    expect(await axeAll(page)).toEqual([]);

    await page.getByLabel(/^Email/).fill('not-an-email');
    expect(await page.getByLabel(/^Email/).getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByLabel(/^Email/).getAttribute('aria-describedby')).toBeNull();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter a valid email address.').waitFor();
    expect(await page.getByText('Password is required.').count()).toBe(1);
  });

  it('is busy while the sign-in is on its way, then shows the server\'s message as a form-level alert', async () => {
    const page = await suite.page();
    await page.goto('/app/auth/login');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route: Route) => {
      await held;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Too many sign-ins at once. Try again in a few seconds.', code: 'busy' }) });
    });
    await page.getByLabel(/^Email/).fill('teacher@maplegrove.example');
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const button = page.getByRole('button', { name: 'Sign in' });
    await expect.poll(() => button.getAttribute('aria-busy')).toBe('true');
    expect(await button.isDisabled()).toBe(true);

    release();
    await page.getByRole('alert').filter({ hasText: 'Too many sign-ins at once. Try again in a few seconds.' }).waitFor();
    expect(await button.getAttribute('aria-busy')).toBeNull();
    expect(await button.isDisabled()).toBe(false);
    expect(await page.locator('.btn__spinner').count()).toBe(0);
  });

  it('a signed-in visitor goes on to their dashboard; after signing out the SPA shows its own login screen', async () => {
    const page = await suite.signedIn('teacher@maplegrove.example');
    await page.goto('/app/auth/login');
    await page.waitForURL((u) => u.pathname === '/app');
    await page.getByRole('heading', { level: 1, name: /Jordan/ }).waitFor();

    // Signing out stays inside the SPA: no new document, the login screen is LoginScreen.
    await page.evaluate(() => ((window as unknown as { spaMarker: boolean }).spaMarker = true));
    await page.getByRole('button', { name: 'Jordan Ellis' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/app/auth/login');
    await page.getByRole('heading', { name: 'Sign in to Coachwell' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { spaMarker?: boolean }).spaMarker)).toBe(true);
  });
});
