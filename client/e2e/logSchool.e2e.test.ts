// The log form's school (issue 26), through the real app and the demo seed, at 1366 and 390 px: choosing
// an educator fills School with their school; educators at two schools (and a district administrator with
// no school of their own) leave it to the person, who is asked for it in words; the saved interaction has
// the school. axe-core finds nothing serious on the form.
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeBlocking, browserSuite } from './harness';

vi.setConfig({ testTimeout: 90_000 });
const suite = browserSuite();
const ADMIN = 'admin@maplegrove.example';

interface StaffRow { id: number; name: string; first_name: string; last_name: string; status: string; building: { id: number; name: string } | null }

/** Two active educators at two different schools (read from the demo district, so the seed's names may change). */
async function educatorsAtTwoSchools(page: Page): Promise<[StaffRow, StaffRow]> {
  const { json } = await api<{ data: StaffRow[] }>(page, 'GET', 'staff?per_page=100&filter[status]=active');
  const placed = json.data.filter((s) => s.building !== null);
  const first = placed[0]!;
  const second = placed.find((s) => s.building!.id !== first.building!.id)!;
  return [first, second];
}

async function addEducator(page: Page, person: StaffRow) {
  const dialog = page.getByRole('dialog', { name: 'Log interaction' });
  await dialog.getByLabel('Find an educator').fill(person.name);
  await dialog.getByRole('list', { name: 'Matching educators' }).getByRole('button', { name: new RegExp(person.name) }).first().click();
  await dialog.getByRole('button', { name: `Remove ${person.name}` }).waitFor();
}

describe('the log form’s school', () => {
  for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
    it(`defaults from the educator, asks when they are at two schools, and saves it (${viewport.width} px)`, async () => {
      const page = await suite.signedIn(ADMIN, { viewport, bypassCSP: true });
      const [a, b] = await educatorsAtTwoSchools(page);
      await page.goto('/app/activity');
      await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
      await page.getByRole('button', { name: 'Log interaction' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Log interaction' });
      await dialog.getByRole('radio').first().waitFor({ state: 'attached' });
      await dialog.getByRole('radio').first().check({ force: true });
      const school = dialog.getByRole('combobox', { name: /^School/ });

      // The administrator has no school: nothing yet. One educator: their school, and the form says so.
      expect(await school.inputValue()).toBe('');
      await addEducator(page, a);
      await expect.poll(() => school.inputValue()).toBe(String(a.building!.id));
      await dialog.getByText('The educator’s school.').waitFor();
      expect(await axeBlocking(page)).toEqual([]);

      // A second educator at another school: School is left to the person, with the reason, and saving asks for it.
      await addEducator(page, b);
      await expect.poll(() => school.inputValue()).toBe('');
      await dialog.getByText('These educators are at different schools: choose where it took place.').waitFor();
      await dialog.getByRole('button', { name: 'Log interaction' }).click();
      await dialog.getByText('Choose the school where this interaction took place.').waitFor();
      expect(await school.evaluate((el) => el === document.activeElement || el.getAttribute('aria-invalid') === 'true')).toBe(true);
      expect(await axeBlocking(page)).toEqual([]);

      // Chosen by the person: kept, and saved.
      await school.selectOption(String(b.building!.id));
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/interaction') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Log interaction' }).click();
      const response = await saved;
      expect(response.status()).toBe(201);
      await dialog.waitFor({ state: 'detached' });
      const { id } = await response.json() as { id: number };
      const { json } = await api<{ building: { id: number } | null; participants: { id: number }[] }>(page, 'GET', `interaction/${id}`);
      expect(json.building?.id).toBe(b.building!.id);
      expect(json.participants.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    });
  }
});
