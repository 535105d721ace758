// Sign-in, sign-out, area checks, redirects, password reset by email, invites from the CLI,
// district registration and impersonation, each driven through the real screens.
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, DEMO_PASSWORD, latestMailLink, runCli, signIn } from './harness';

const BAD_CREDENTIALS = 'These credentials do not match our records.';
const ADMIN_LOGIN_REFUSED = 'This sign-in page is for Coachwell staff. District users sign in at /app/auth/login.';
const APP_LOGIN_REFUSED = 'This is a Coachwell staff account. Please sign in at /admin/auth/login.';

// Whole flows with several page loads and CLI runs: more time than the 20 s default on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const suite = browserSuite();

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function h1Text(page: Page, matches: RegExp): Promise<string> {
  const h1 = page.locator('h1', { hasText: matches });
  await h1.waitFor({ state: 'visible' });
  return (await h1.textContent()) ?? '';
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page, name: string, loginPath: string) {
  await page.getByRole('button', { name }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((u) => u.pathname === loginPath);
}

describe('signing in and out', () => {
  it('an educator signs in and out of the app area', async () => {
    const page = await suite.signedIn('teacher@maplegrove.example');
    expect(pathOf(page)).toBe('/app');
    expect(await h1Text(page, /Jordan/)).toMatch(/^Good (morning|afternoon|evening), Jordan$/);

    await signOut(page, 'Jordan Ellis', '/app/auth/login');
    await h1Text(page, /Sign in to Coachwell/);
    await page.goto('/app');
    await page.waitForURL((u) => u.pathname === '/app/auth/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/app');
  });

  it('provider staff sign in and out of the admin area', async () => {
    const page = await suite.signedIn('support@coachwell.example');
    expect(pathOf(page)).toBe('/admin');
    expect(await h1Text(page, /admin/)).toBe('Coachwell admin');

    await signOut(page, 'Sam Ortega', '/admin/auth/login');
    expect(await h1Text(page, /staff sign in/)).toBe('Coachwell staff sign in');
  });

  it('a wrong password shows the credentials message inline and stays on the page', async () => {
    const page = await suite.page();
    await page.goto('/app/auth/login');
    await fillLogin(page, 'teacher@maplegrove.example', 'not-the-password');
    await page.getByText(BAD_CREDENTIALS).waitFor();
    expect(pathOf(page)).toBe('/app/auth/login');
    expect(await page.getByLabel(/^Email/).getAttribute('aria-invalid')).toBe('true');
  });

  it('each sign-in page refuses accounts of the other area', async () => {
    const page = await suite.page();
    await page.goto('/admin/auth/login');
    await fillLogin(page, 'admin@maplegrove.example', DEMO_PASSWORD);
    await page.getByText(ADMIN_LOGIN_REFUSED).waitFor();
    expect(pathOf(page)).toBe('/admin/auth/login');

    await page.goto('/app/auth/login');
    await fillLogin(page, 'support@coachwell.example', DEMO_PASSWORD);
    await page.getByText(APP_LOGIN_REFUSED).waitFor();
    expect(pathOf(page)).toBe('/app/auth/login');
  });

  it('a guest sent to sign in returns to the page they asked for', async () => {
    const page = await suite.page();
    await page.goto('/app/settings');
    await page.waitForURL((u) => u.pathname === '/app/auth/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/app/settings');
    await page.getByText('Sign in to continue to the page you asked for.').waitFor();

    await fillLogin(page, 'teacher@maplegrove.example', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/app/settings');
    expect(await h1Text(page, /Account Settings/)).toBe('Account Settings');
  });
});

describe('links sent to people', () => {
  it('resets a password from the emailed link', async () => {
    const email = 'principal@maplegrove.example';
    const newPassword = 'a-brand-new-password-42';
    const page = await suite.page();
    await page.goto('/app/auth/password-reset');
    expect(await h1Text(page, /Reset/)).toBe('Reset your password');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await page.getByText('If an account exists for that email, we have sent a link to reset its password.').waitFor();

    // The reset mail, not another of the demo principal's (the demo's jobs mail its people too).
    const link = await latestMailLink(suite.server, email, '/app/auth/password-reset');
    expect(link).toContain('/app/auth/password-reset/');
    await page.goto(link);
    expect(await h1Text(page, /new password/)).toBe('Choose a new password');
    expect(await page.getByLabel(/^Email/).inputValue()).toBe(email);
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel(/^Confirm new password/).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL((u) => u.pathname === '/app/auth/login');
    await page.getByText('Your password has been reset. Sign in with your new password.').waitFor();

    await fillLogin(page, email, DEMO_PASSWORD);
    await page.getByText(BAD_CREDENTIALS).waitFor();
    expect(pathOf(page)).toBe('/app/auth/login');

    await page.getByLabel(/^Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/app');
    expect(await h1Text(page, /Marcus/)).toMatch(/, Marcus$/);
  });

  it('accepts an invitation printed by the CLI', async () => {
    const email = 'new.coach@maplegrove.example';
    const password = 'coach-password-2024';
    const out = await runCli(suite.server, ['create-user', '--district', 'maple-grove-unified-school-district', '--role', 'coach', '--email', email]);
    const link = out.match(/Invite link \(valid 7 days\): (\S+)/)?.[1];
    expect(link, out).toMatch(new RegExp(`^${suite.server.url}/app/auth/invite/\\S+$`));

    const page = await suite.page();
    await page.goto(link!);
    expect(await h1Text(page, /Join/)).toBe('Join Maple Grove Unified School District');
    await page.getByLabel(/^Your name/).fill('Riley Novak');
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Confirm password/).fill(password);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL((u) => u.pathname === '/app');
    expect(await h1Text(page, /Riley/)).toMatch(/, Riley$/);

    await signOut(page, 'Riley Novak', '/app/auth/login');
    await signIn(page, email, 'app', password);
    expect(pathOf(page)).toBe('/app');
    await h1Text(page, /Riley/);
  });
});

it('registers a new district and lands on its dashboard', async () => {
  const page = await suite.page();
  await page.goto('/register');
  expect(await h1Text(page, /free trial/)).toBe('Start your free trial');
  await page.getByLabel(/^District name/).fill('Willow Creek School District');
  await page.getByLabel(/^State/).selectOption('OR');
  await page.getByLabel(/^Your name/).fill('Avery Stone');
  await page.getByLabel(/^Work email/).fill('avery@willowcreek.example');
  await page.getByLabel(/^Password/).fill('willow-creek-secret');
  await page.getByLabel(/^Confirm password/).fill('willow-creek-secret');
  await page.getByRole('button', { name: 'Create district' }).click();
  await page.waitForURL((u) => u.pathname === '/app');
  expect(await h1Text(page, /Avery/)).toMatch(/, Avery$/);
  await page.locator('.dashboard-context', { hasText: 'Willow Creek School District' }).waitFor();
  await page.getByText(/\d+ days? left in your free trial/).waitFor();
  await page.getByText('Oregon').waitFor();
});

it("registers a district in the page's language: from a Spanish page it starts in Spanish, with Spanish interaction types (issue 33)", async () => {
  const page = await suite.page({ locale: 'es-US' });
  const sent: unknown[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/auth/register')) sent.push(req.postDataJSON());
  });
  await page.goto('/register');
  expect(await h1Text(page, /prueba gratuita/)).toBe('Comience su prueba gratuita');
  await page.getByLabel(/^Nombre del distrito/).fill('Distrito Escolar de Río Claro');
  await page.getByLabel(/^Estado/).selectOption('TX');
  await page.getByLabel(/^Su nombre/).fill('Ana Treviño');
  await page.getByLabel(/^Correo electrónico del trabajo/).fill('ana@rioclaro.example');
  await page.getByLabel(/^Contraseña/).fill('rio-claro-secret');
  await page.getByLabel(/^Confirme la contraseña/).fill('rio-claro-secret');
  await page.getByRole('button', { name: 'Crear distrito' }).click();
  await page.waitForURL((u) => u.pathname === '/app');
  expect(sent).toEqual([expect.objectContaining({ district_name: 'Distrito Escolar de Río Claro', language: 'es' })]);
  expect(await h1Text(page, /Ana/)).toMatch(/, Ana$/);
  await page.goto('/app/settings/interaction');
  await page.getByText('Observación de aula', { exact: true }).waitFor();
  await page.getByText('Planificación conjunta', { exact: true }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
});

it('provider staff impersonate a district user and stop again', async () => {
  const users = await runCli(suite.server, ['list-users']);
  const teacherId = Number(users.match(/^\s*(\d+)\s+teacher@maplegrove\.example\s/m)?.[1]);
  expect(teacherId, users).toBeGreaterThan(0);

  const page = await suite.signedIn('support@coachwell.example');
  const status = await page.evaluate(async (userId) => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
    const res = await fetch('/api/auth/impersonate', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({ user_id: userId }),
    });
    return res.status;
  }, teacherId);
  expect(status).toBe(200);

  await page.goto('/app');
  const banner = page.getByRole('region', { name: 'Impersonation' });
  await banner.waitFor();
  expect(await banner.textContent()).toContain('you are acting as Jordan Ellis (teacher@maplegrove.example)');
  expect(await h1Text(page, /Jordan/)).toMatch(/, Jordan$/);

  await banner.getByRole('button', { name: 'Stop impersonating' }).click();
  await page.waitForURL((u) => u.pathname === '/admin');
  await h1Text(page, /Coachwell admin/);
  expect(await page.getByRole('region', { name: 'Impersonation' }).count()).toBe(0);
});
