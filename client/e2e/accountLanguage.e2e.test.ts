// The interface language of a person (issue 33): Account Settings' "Language" (English / Español) saves the
// person's locale, writes the language cookie and reloads the page, which is then in Spanish (<html lang="es">,
// the screen's words, the API's answers); back to English the same way. Signing in on the English login page as a
// person who reads Spanish loads the app in full, in Spanish. The login page a Spanish browser gets is Spanish,
// and its script shows the shared schema's messages in Spanish. At 1366 and 390 px: no sideways scrolling, axe clean.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, axeAll, browserSuite, DEMO_PASSWORD, DESKTOP_PAGE, PHONE_PAGE, scrollsSideways } from './harness';

const suite = browserSuite();
const SHOTS = '/tmp/shots-i18n-h3';
const COACH = 'coach@maplegrove.example';

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const cookieOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'cw_lang')?.value;

describe('the interface language', () => {
  fs.mkdirSync(SHOTS, { recursive: true });

  for (const [width, options] of [[1366, DESKTOP_PAGE], [390, PHONE_PAGE]] as const) {
    it(`changing Language to Español on Account Settings shows the app in Spanish after the reload, and back, at ${width} px`, async () => {
      const page = await suite.signedIn(COACH, options);
      await page.goto('/app/settings');
      const profile = page.getByRole('region', { name: 'Profile' });
      const language = profile.getByLabel(/^Language/);
      await language.waitFor();
      expect(await language.inputValue()).toBe('en');
      expect(await language.locator('option').allTextContents()).toEqual(['English', 'Español']);

      await language.selectOption('es');
      await Promise.all([
        page.waitForEvent('load'),
        profile.getByRole('button', { name: 'Save profile' }).click(),
      ]);
      // The reloaded page: the Spanish catalogue loaded before the first render.
      const perfil = page.getByRole('region', { name: 'Perfil' });
      await perfil.getByRole('button', { name: 'Guardar perfil' }).waitFor();
      expect(await lang(page)).toBe('es');
      expect(await cookieOf(page)).toBe('es');
      expect(await perfil.getByLabel(/^Idioma/).first().inputValue()).toBe('es');
      await page.getByRole('region', { name: 'Contraseña' }).getByRole('button', { name: 'Cambiar contraseña' }).waitFor();
      expect((await api<{ locale: string }>(page, 'GET', 'auth/user')).json.locale).toBe('es');
      // The server answers in the person's language too.
      const refused = await api<{ errors: Record<string, string[]> }>(page, 'PUT', 'account/password', { current_password: 'wrong-password', password: 'a-new-password-1', password_confirmation: 'a-new-password-1' });
      expect(refused.status).toBe(422);
      expect(refused.json.errors.current_password).toEqual(['La contraseña es incorrecta.']);

      expect(await scrollsSideways(page)).toBe(false);
      await page.screenshot({ path: `${SHOTS}/account-settings-es-${width}.png`, fullPage: true });
      expect(await axeAll(page)).toEqual([]);

      // A form's instant check speaks Spanish too (the shared schema's message through tText).
      await perfil.getByLabel(/^Nombre/).fill('');
      await perfil.getByRole('button', { name: 'Guardar perfil' }).click();
      await perfil.getByText('El nombre es obligatorio.').waitFor();
      await page.reload();

      // And back to English.
      const back = page.getByRole('region', { name: 'Perfil' });
      await back.getByLabel(/^Idioma/).first().selectOption('en');
      await Promise.all([
        page.waitForEvent('load'),
        back.getByRole('button', { name: 'Guardar perfil' }).click(),
      ]);
      await page.getByRole('region', { name: 'Profile' }).getByRole('button', { name: 'Save profile' }).waitFor();
      expect(await lang(page)).toBe('en');
      expect(await cookieOf(page)).toBe('en');
      expect((await api<{ locale: string }>(page, 'GET', 'auth/user')).json.locale).toBe('en');
    });
  }

  it('signing in on the English login page as a person who reads Spanish loads the app in Spanish', async () => {
    const setup = await suite.signedIn(COACH, DESKTOP_PAGE);
    const me = (await api<{ name: string; date_locale: string; timezone: string }>(setup, 'GET', 'auth/user')).json;
    const put = (locale: string) => api(setup, 'PUT', 'account/profile', { name: me.name, date_locale: me.date_locale, timezone: me.timezone, locale });
    expect((await put('es')).status).toBe(200);
    try {
      const page = await suite.page(DESKTOP_PAGE);
      await page.goto('/app/auth/login');
      expect(await lang(page)).toBe('en');
      await page.getByLabel(/^Email/).fill(COACH);
      await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => !u.pathname.includes('/auth/login'));
      await page.locator('html[lang="es"]').waitFor({ state: 'attached' });
      await page.getByRole('link', { name: 'Panel' }).first().waitFor();
      expect(await cookieOf(page)).toBe('es');
    } finally {
      expect((await put('en')).status).toBe(200);
    }
  });

  for (const [width, options] of [[1366, DESKTOP_PAGE], [390, PHONE_PAGE]] as const) {
    it(`a Spanish browser gets the login page in Spanish, its instant checks in Spanish, at ${width} px`, async () => {
      const page = await suite.page({ ...options, locale: 'es-US', extraHTTPHeaders: { 'Accept-Language': 'es-US,es;q=0.9' } });
      await page.goto('/app/auth/login');
      expect(await lang(page)).toBe('es');
      await page.getByRole('heading', { name: 'Iniciar sesión en Coachwell' }).waitFor();
      await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
      await page.getByText('El correo electrónico es obligatorio.').waitFor();
      await page.getByText('La contraseña es obligatoria.').waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await page.screenshot({ path: `${SHOTS}/login-es-${width}.png`, fullPage: true });
      expect(await axeAll(page)).toEqual([]);
      // A wrong password: the server's answer in Spanish too (Accept-Language).
      await page.locator('input[name="email"]').first().fill(COACH);
      await page.locator('input[name="password"]').fill('not-the-password');
      await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
      await page.locator('.form-error, .field__error').first().waitFor();
      expect(await page.locator('#root').innerText()).not.toContain('Something went wrong');
    });
  }
});
