// The people screens in Spanish (issue 33): a district administrator who reads Spanish finds educators (count,
// filter chip, table headers), deactivates and reactivates one (dialog and toasts in Spanish), and reads the
// groups, coaches and school staff requests in Spanish; at 390 px nothing scrolls sideways and axe-core finds nothing.
import { describe, expect, it, vi } from 'vitest';
import { axeBlocking, browserSuite, DESKTOP_PAGE, PHONE_PAGE, scrollsSideways, switchToSpanish } from './harness';

vi.setConfig({ testTimeout: 90_000 });

const suite = browserSuite();
const ADMIN = 'admin@maplegrove.example';

describe('the people screens in Spanish (issue 33)', () => {
  it('Educators: the count, a filter chip, the table, View Educator and deactivating with its dialog and toasts', async () => {
    const page = await suite.signedIn(ADMIN, DESKTOP_PAGE);
    const back = await switchToSpanish(page);
    try {
      await page.goto('/app/staff');
      await page.getByRole('heading', { level: 1, name: 'Educadores' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      await page.getByText('Mostrando 1–25 de 58 educadores').waitFor();
      for (const header of ['Puesto', 'Grados', 'Materias', 'Estado']) await page.getByRole('columnheader', { name: header }).waitFor();

      await page.getByLabel('Estado', { exact: true }).selectOption('inactive');
      await page.waitForURL((u) => u.search.includes('inactive'));
      await page.getByRole('button', { name: /Estado: Inactivo/ }).waitFor();
      await page.getByLabel('Estado', { exact: true }).selectOption('active');

      await page.getByRole('link', { name: 'Adams, Yuki' }).click();
      await page.getByRole('heading', { level: 1, name: 'Yuki Adams' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Perfil' }).waitFor();
      await page.getByRole('link', { name: 'Editar educador' }).click();
      await page.getByRole('heading', { level: 1, name: 'Editar a Yuki Adams' }).waitFor();
      await page.getByRole('button', { name: 'Desactivar educador' }).click();
      const dialog = page.getByRole('dialog', { name: '¿Desactivar a Yuki Adams?' });
      await dialog.getByRole('button', { name: 'Desactivar educador' }).click();
      await page.getByText('Yuki Adams ahora está inactivo/a.').waitFor();
      await page.getByRole('button', { name: 'Reactivar educador' }).click();
      await page.getByText('Yuki Adams vuelve a estar activo/a.').waitFor();
      expect(await axeBlocking(page)).toEqual([]);
    } finally {
      await back();
    }
  });

  it('at 390 px: groups, coaches, users and school staff requests in Spanish, nothing sideways, axe clean', async () => {
    const page = await suite.signedIn(ADMIN, PHONE_PAGE);
    const back = await switchToSpanish(page);
    try {
      const screens: [string, string, string | RegExp][] = [
        ['/app/staff/groups', 'Grupos', /^\d+ grupos activos$/],
        ['/app/coaches', 'Coaches', /^\d+ coaches$/],
        ['/app/settings/user', 'Configuración de usuarios', 'Invitar usuario'],
        ['/app/settings/building-history-requests?status=all', 'Solicitudes de personal escolar', 'Nueva solicitud'],
      ];
      for (const [path, title, text] of screens) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page.getByText(text).first().waitFor();
        expect({ path, sideways: await scrollsSideways(page) }).toEqual({ path, sideways: false });
        expect({ path, axe: await axeBlocking(page) }).toEqual({ path, axe: [] });
      }
    } finally {
      await back();
    }
  });
});
