// Spanish wording through the real app (issue 33): cycle statuses agree with "el ciclo" (Planificado, Completado) on
// the coaching workspace and the cycles report; counts agree with their number; the lists' counts are whole
// sentences ("3 distritos"); US state names are Spanish (the admin districts' filter, registration); the audit feed's
// labels are Spanish. Nothing scrolls sideways at 390 px. With O_SHOTS=<dir> each screen is saved at both widths.
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, DESKTOP_PAGE, PHONE_PAGE, scrollsSideways, fullPageShot, settleAnimations, switchToSpanish } from './harness';

vi.setConfig({ testTimeout: 180_000 });

const suite = browserSuite();
const ADMIN = 'admin@maplegrove.example';
const STAFF = 'support@coachwell.example';
const COACH = 'coach@maplegrove.example';
const EDUCATOR = 'teacher@maplegrove.example';
const SHOTS = process.env.O_SHOTS;

const shot = (page: Page, name: string) => fullPageShot(SHOTS, page, name);

const badges = (page: Page, selector = '.badge') => page.locator(selector).allInnerTexts().then((texts) => texts.map((t) => t.trim()));

/** Every "<n> atrasado(s)"-style count on the page agrees with its number. */
async function countsAgree(page: Page): Promise<string[]> {
  const texts = await page.locator('body').innerText();
  const wrong: string[] = [];
  for (const match of texts.matchAll(/\b(\d[\d,]*) (atrasados?|abiertos?|hechos?|vencen? pronto)\b/g)) {
    const one = match[1] === '1';
    const plural = /s$|vencen/.test(match[2]!);
    if (one === plural) wrong.push(match[0]);
  }
  return wrong;
}

describe('Spanish wording (issue 33)', () => {
  for (const [width, options] of [['1366', DESKTOP_PAGE], ['390', PHONE_PAGE]] as const) {
    it(`at ${width} px: a district administrator's cycles, cycles report, observations and dashboard`, async () => {
      const page = await suite.signedIn(ADMIN, options);
      const back = await switchToSpanish(page);
      try {
        await page.goto('/app/coaching?tab=cycles&view=list&status=all');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expect.poll(async () => (await badges(page)).some((b) => ['Activo', 'Planificado', 'Completado', 'Cancelado', 'Meta alcanzada'].includes(b)), { timeout: 20_000 }).toBe(true);
        const cycleBadges = await badges(page);
        expect(cycleBadges.filter((b) => ['Planned', 'Active', 'Completed', 'Cancelled', 'Activa', 'Completada', 'Cancelada', 'Planificada'].includes(b))).toEqual([]);
        expect(await countsAgree(page)).toEqual([]);
        expect(await scrollsSideways(page), `cycles scroll sideways at ${width} px`).toBe(false);
        await shot(page, `cycles-${width}`);

        await page.goto('/app/reports/coaching-cycles');
        // The "By status" chart's summary names each status as a cycle's ("el ciclo").
        await page.getByText(/^Planificado \d+, Activo \d+, Completado \d+, Cancelado \d+$/).waitFor();
        expect(await page.locator('main').innerText()).not.toMatch(/\b(Planned|Completada|Cancelada|Planificada)\b/);
        expect(await countsAgree(page)).toEqual([]);
        expect(await scrollsSideways(page), `the cycles report scrolls sideways at ${width} px`).toBe(false);
        await shot(page, `cycles-report-${width}`);

        await page.goto('/app/observations');
        await page.getByText(/^\d[\d,]* observaci(ón|ones)$/).waitFor();
        expect(await scrollsSideways(page)).toBe(false);
        await shot(page, `observations-${width}`);

        await page.goto('/app');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await settleAnimations(page);
        expect(await countsAgree(page)).toEqual([]);
        expect(await scrollsSideways(page)).toBe(false);
        await shot(page, `dashboard-${width}`);

        await page.goto('/app/settings/site');
        await page.getByText('Perfil del distrito', { exact: true }).first().waitFor();
        await page.getByText('Illinois', { exact: true }).first().waitFor();
        expect(await scrollsSideways(page)).toBe(false);
        await shot(page, `site-${width}`);
      } finally {
        await back();
      }
    });

    it(`at ${width} px: Coachwell staff's districts (count, Spanish state names) and activity feed`, async () => {
      const page = await suite.signedIn(STAFF, options);
      const back = await switchToSpanish(page);
      try {
        await page.goto('/admin/districts');
        await page.getByText(/^\d+ distritos?$/).waitFor();
        const states = await page.getByLabel('Estado (EE. UU.)', { exact: true }).locator('option').allInnerTexts();
        expect(states).toEqual(expect.arrayContaining(['Nueva York (NY)', 'Carolina del Norte (NC)', 'Illinois (IL)']));
        expect(states.indexOf('Carolina del Norte (NC)')).toBeLessThan(states.indexOf('Colorado (CO)'));
        expect(await scrollsSideways(page)).toBe(false);
        await shot(page, `admin-districts-${width}`);

        await page.goto('/admin/activity');
        await expect.poll(async () => (await badges(page, '.audit-entry__action')).includes('Inicio de sesión'), { timeout: 20_000 }).toBe(true);
        expect((await badges(page, '.audit-entry__action')).filter((b) => b === 'Signed in')).toEqual([]);
        const actions = await page.getByLabel('Acción', { exact: true }).locator('option').allInnerTexts();
        expect(actions).toEqual(expect.arrayContaining(['Inicio de sesión', 'Aviso creado']));
        expect(await scrollsSideways(page)).toBe(false);
        await shot(page, `admin-activity-${width}`);
      } finally {
        await back();
      }
    });

    it(`at ${width} px: a coach's follow-through and an educator's home count their action steps in agreement ("1 atrasado")`, async () => {
      for (const [who, name] of [[COACH, 'coach'], [EDUCATOR, 'educator']] as const) {
        const page = await suite.signedIn(who, options);
        const back = await switchToSpanish(page);
        try {
          await page.goto('/app');
          await page.getByText(/^\d+ atrasados?$/).first().waitFor();
          expect(await page.getByText(/^1 atrasados$/).count()).toBe(0);
          expect(await countsAgree(page)).toEqual([]);
          expect(await scrollsSideways(page)).toBe(false);
          await shot(page, `dashboard-${name}-${width}`);
        } finally {
          await back();
        }
      }
    });

    it(`at ${width} px: a Spanish-reading guest registers a district with the states named in Spanish`, async () => {
      const page = await suite.page({ ...options, locale: 'es-US', extraHTTPHeaders: { 'Accept-Language': 'es-US,es;q=0.9' } });
      await page.goto('/register');
      const state = page.locator('select[name="state"]');
      await state.waitFor();
      const names = await state.locator('option').allInnerTexts();
      expect(names).toEqual(expect.arrayContaining(['Nueva York', 'Pensilvania', 'Texas']));
      await state.selectOption('NY');
      // The timezone's hint names the state in Spanish.
      await page.getByText(/^Tomada de Nueva York\./).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await shot(page, `register-${width}`);
    });
  }
});
