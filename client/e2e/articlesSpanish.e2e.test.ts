// The knowledge base in two languages (issue 33, item 3) through the real screens: a provider admin writes an
// article's Spanish version in Edit article (live preview, saved, then removed through its dialog); a coach who reads
// Spanish reads it in Spanish, and an article without one in English under a Spanish note, the English marked lang="en";
// at 390 px nothing scrolls sideways; axe-core on every screen. SHOTS_DIR=… saves screenshots of each.
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { api, axeBlocking, browserSuite, DESKTOP_PAGE, PHONE_PAGE, fullPageShot, scrollsSideways, switchToSpanish } from './harness';

vi.setConfig({ testTimeout: 120_000 });
const suite = browserSuite();
const PROVIDER = 'support@coachwell.example';
const COACH = 'coach@maplegrove.example';

const shot = (page: Page, name: string) => fullPageShot(process.env.SHOTS_DIR, page, name);

/** A published article for every district user, through the admin API. */
async function publish(admin: Page, title: string, body: string): Promise<{ id: number; slug: string }> {
  const created = await api<{ id: number; slug: string }>(admin, 'POST', 'admin/article', { title, body, category: 'cycles-skills', audience: 'all', roles: [] });
  expect(created.status).toBe(201);
  expect((await api(admin, 'POST', `admin/article/${created.json.id}/publish`)).status).toBe(200);
  return created.json;
}

const SPANISH_BODY = `Los quokkas ayudan a planificar una visita.

## Antes de la visita

Acuerde un enfoque con el educador.`;

describe('an article in Spanish (issue 33)', () => {
  it('the editor writes its Spanish version with a preview; a Spanish reader reads it, and English with a note where there is none', async () => {
    const admin = await suite.signedIn(PROVIDER, DESKTOP_PAGE);
    const article = await publish(admin, 'Quokka visit notes', 'Quokkas help coaches plan a visit.\n\n## Before the visit\n\nAgree on one focus.');
    const english = await publish(admin, 'Quokka English only', 'Only in English, for now.\n\n## One section\n\nText.\n\n## Another\n\nMore.');

    await admin.goto(`/admin/knowledge-base/${article.id}`);
    const part = admin.getByRole('region', { name: 'Spanish version', exact: true });
    await part.getByText('No Spanish version yet.').waitFor();
    await part.getByLabel('Title in Spanish').fill('Notas de visita con quokkas');
    await part.getByLabel('Body in Spanish (Markdown)').fill(SPANISH_BODY);
    const preview = part.getByRole('region', { name: 'Preview of the Spanish version' });
    await preview.getByRole('heading', { level: 2, name: 'Antes de la visita' }).waitFor();
    expect(await preview.getAttribute('lang')).toBe('es');
    await part.getByRole('button', { name: 'Save Spanish version' }).click();
    await admin.getByText('Readers in Spanish read this version now.').waitFor();
    await part.getByText(/^Saved .+ by /).waitFor();
    expect(await axeBlocking(admin)).toEqual([]);
    await part.scrollIntoViewIfNeeded();
    await shot(admin, 'editor-spanish-1366');

    // A coach who reads Spanish: the Spanish version, then an article with none, in English under a note.
    const coach = await suite.signedIn(COACH, DESKTOP_PAGE);
    const back = await switchToSpanish(coach);
    try {
      await coach.goto(`/app/support/${article.slug}`);
      await coach.getByRole('heading', { level: 1, name: 'Notas de visita con quokkas' }).waitFor();
      expect(await coach.locator('html').getAttribute('lang')).toBe('es');
      expect(await coach.locator('article.prose').getAttribute('lang')).toBeNull();
      expect(await coach.getByText('Este artículo aún no está disponible en español; se muestra en inglés.').count()).toBe(0);
      await shot(coach, 'reader-spanish-1366');

      await coach.goto(`/app/support/${english.slug}`);
      await coach.getByRole('heading', { level: 1, name: 'Quokka English only' }).waitFor();
      await coach.getByText('Este artículo aún no está disponible en español; se muestra en inglés.').waitFor();
      expect(await coach.locator('article.prose').getAttribute('lang')).toBe('en');
      expect(await coach.locator('h1 [lang="en"]').textContent()).toBe('Quokka English only');
      expect(await axeBlocking(coach)).toEqual([]);
      await shot(coach, 'reader-english-note-1366');

      // Search in Spanish finds the Spanish text.
      await coach.goto('/app/support?search=enfoque');
      await coach.locator('.support-results').getByRole('link', { name: 'Notas de visita con quokkas' }).waitFor();
      expect(await coach.locator('.support-result__snippet mark').first().textContent()).toBe('enfoque');
      expect(await axeBlocking(coach)).toEqual([]);
      await shot(coach, 'reader-search-1366');

      const phone = await suite.signedIn(COACH, PHONE_PAGE);
      await phone.goto(`/app/support/${english.slug}`);
      await phone.getByText('Este artículo aún no está disponible en español; se muestra en inglés.').waitFor();
      expect(await scrollsSideways(phone)).toBe(false);
      expect(await axeBlocking(phone)).toEqual([]);
      await shot(phone, 'reader-english-note-390');
      await phone.goto(`/app/support/${article.slug}`);
      await phone.getByRole('heading', { level: 1, name: 'Notas de visita con quokkas' }).waitFor();
      expect(await scrollsSideways(phone)).toBe(false);
      await shot(phone, 'reader-spanish-390');
    } finally {
      await back();
    }

    const adminPhone = await suite.signedIn(PROVIDER, PHONE_PAGE);
    await adminPhone.goto(`/admin/knowledge-base/${article.id}`);
    await adminPhone.getByRole('region', { name: 'Spanish version', exact: true }).getByText(/^Saved .+ by /).waitFor();
    expect(await scrollsSideways(adminPhone)).toBe(false);
    await adminPhone.getByRole('region', { name: 'Spanish version', exact: true }).scrollIntoViewIfNeeded();
    await shot(adminPhone, 'editor-spanish-390');

    // Removing it, through its dialog.
    await part.getByRole('button', { name: 'Remove Spanish version' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Remove the Spanish version?' });
    await dialog.getByRole('button', { name: 'Remove Spanish version' }).click();
    await admin.getByText('Readers in Spanish read the English now.').waitFor();
    await part.getByText('No Spanish version yet.').waitFor();
    expect((await api<{ translations: unknown[] }>(admin, 'GET', `admin/article/${article.id}`)).json.translations).toEqual([]);
  });
});
