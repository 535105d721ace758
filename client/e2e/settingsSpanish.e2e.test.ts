// Settings screens in Spanish (issue 33): a district administrator who reads Spanish opens Site settings (profile,
// targets, schools, retention), Export and import, Interaction settings and Single sign-on; a coach opens Calendar
// sync. Headings, labels and counts are Spanish, <html lang="es">, nothing scrolls sideways at 390 px and axe-core
// finds nothing. With I18N_SHOTS=<dir> each screen is also saved there at both widths.
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { axeBlocking, browserSuite, DESKTOP_PAGE, PHONE_PAGE, scrollsSideways, fullPageShot, switchToSpanish } from './harness';

vi.setConfig({ testTimeout: 120_000 });

const suite = browserSuite();
const ADMIN = 'admin@maplegrove.example';
const COACH = 'coach@maplegrove.example';
const SHOTS = process.env.I18N_SHOTS;

const shot = (page: Page, name: string) => fullPageShot(SHOTS, page, name);

const SCREENS: { path: string; heading: string; texts: string[]; name: string; as: string }[] = [
  { name: 'site', path: '/app/settings/site', heading: 'Configuración del sitio', as: ADMIN,
    texts: ['Perfil del distrito', 'Metas de coaching', 'Escuelas', 'Retención de datos', 'Guardar perfil'] },
  { name: 'export-import', path: '/app/settings/export-import', heading: 'Exportar e importar', as: ADMIN,
    texts: ['Descargar educadores', 'Exportar todos los datos del distrito', 'Importar educadores', 'Importaciones anteriores'] },
  { name: 'interaction-settings', path: '/app/settings/interaction', heading: 'Configuración de interacciones', as: ADMIN,
    texts: ['Tipos de interacción', 'Agregar tipo', 'Lo que los coaches eligen al registrar una interacción, en el orden en que lo ven.'] },
  { name: 'single-sign-on', path: '/app/settings/single-sign-on', heading: 'Inicio de sesión único', as: ADMIN,
    texts: ['Permita que su personal inicie sesión con las cuentas escolares que ya tiene: Google, Microsoft, Clever o ClassLink.'] },
  { name: 'calendar-sync', path: '/app/activity/calendar-sync', heading: 'Sincronización del calendario', as: COACH,
    texts: ['Suscríbase en su app de calendario', 'Cómo suscribirse', 'Importar desde un archivo de calendario'] },
];

describe('the settings screens in Spanish (issue 33)', () => {
  for (const [width, options] of [['1366', DESKTOP_PAGE], ['390', PHONE_PAGE]] as const) {
    it(`at ${width} px: site, export and import, interaction settings, single sign-on and calendar sync`, async () => {
      for (const as of [ADMIN, COACH]) {
        const page = await suite.signedIn(as, options);
        const back = await switchToSpanish(page);
        try {
          for (const screen of SCREENS.filter((s) => s.as === as)) {
            await page.goto(screen.path);
            // The h1 is the route's title (the app catalogue's, translated there); the screen's own words are checked here.
            await page.getByRole('heading', { level: 1 }).waitFor();
            expect(await page.locator('html').getAttribute('lang')).toBe('es');
            for (const text of screen.texts) await page.getByText(text, { exact: true }).first().waitFor();
            if (screen.name === 'site') await page.getByText(/^\d+ escuelas? activas?$/).waitFor();
            expect(await scrollsSideways(page), `${screen.name} scrolls sideways at ${width} px`).toBe(false);
            expect(await axeBlocking(page), screen.name).toEqual([]);
            await shot(page, `${screen.name}-${width}`);
          }
        } finally {
          await back();
        }
      }
    });
  }
});
