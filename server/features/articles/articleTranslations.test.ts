// The knowledge base in two languages (issue 33, item 3): an article's Spanish version, written by provider staff
// (PUT/DELETE /api/admin/article/{id}/translation/{locale}, audited, 422 naming the field, 404 for a missing
// article or version), read by a reader who reads Spanish (their own language or their district's), else English
// with `translation_missing`; search finds the Spanish text and the English; the seeded Spanish versions
// (migration 20261206_0183) only for addresses whose article exists. Runs on SQLite and PostgreSQL.
import { beforeEach, describe, expect, it } from 'vitest';
import { ARTICLE_MESSAGES as M } from '../../../common/schemas/articles';
import * as seeded from '../../../db/migrations/20261206_0183_articles_spanish';
import { createTestApp, csrfHeaders, guestAgent, loginAs, type TestAgent, type TestApp } from '../../testing/app';
import { buildDistrict, buildUser } from '../../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const SPANISH = { title: 'Cómo planificar un ciclo de coaching', body: '## Antes de empezar\n\nElija las **metas** con el educador. Palabra única: zarzamora.' };

async function provider() {
  const user = await buildUser(t.db, { role: 'provider-admin' });
  return { user, agent: await loginAs(t.app, user) };
}

/** A published article for everyone, written through the admin API. */
async function published(admin: TestAgent) {
  const res = await admin.post('/api/admin/article').set(csrfHeaders(admin)).send({
    title: 'Planning a coaching cycle', body: '## Before you start\n\nChoose the **goals** with the educator. Unique word: blackberry.', category: 'cycles-skills', audience: 'all', roles: [],
  });
  expect(res.status).toBe(201);
  expect((await admin.post(`/api/admin/article/${res.body.id}/publish`).set(csrfHeaders(admin))).status).toBe(200);
  return res.body as { id: number; slug: string };
}

const put = (agent: TestAgent, id: number | string, locale: string, body: object) =>
  agent.put(`/api/admin/article/${id}/translation/${locale}`).set(csrfHeaders(agent)).send(body);
const remove = (agent: TestAgent, id: number | string, locale: string) =>
  agent.delete(`/api/admin/article/${id}/translation/${locale}`).set(csrfHeaders(agent));
const translations = () => t.db.selectFrom('article_translations').selectAll().orderBy('article_id').execute();
const auditRows = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

/** A coach of a district, reading English unless told. */
async function reader(locale: 'en' | 'es' | null = null, districtLanguage?: 'es') {
  const district = await buildDistrict(t.db);
  if (districtLanguage) await t.db.updateTable('districts').set({ settings: JSON.stringify({ language: districtLanguage }) }).where('id', '=', district.id).execute();
  const user = await buildUser(t.db, { role: 'coach', districtId: district.id });
  await t.db.updateTable('users').set({ locale }).where('id', '=', user.id).execute();
  return loginAs(t.app, user);
}

describe('PUT/DELETE /api/admin/article/{id}/translation/{locale}', () => {
  it('writes, replaces and removes the Spanish version, answered in the admin article and audited each time', async () => {
    const { user, agent } = await provider();
    const article = await published(agent);
    const before = await agent.get(`/api/admin/article/${article.id}`);
    expect(before.body.translations).toEqual([]);

    const created = await put(agent, article.id, 'es', SPANISH);
    expect(created.status).toBe(200);
    expect(created.body.translations).toEqual([{ locale: 'es', ...SPANISH, updated_at: expect.any(String), updated_by: { id: user.id, name: user.name }, english_changed: false }]);
    expect((await agent.get(`/api/admin/article/${article.id}`)).body.translations).toEqual(created.body.translations);
    // The English article is untouched: no new version of it.
    expect(created.body.title).toBe('Planning a coaching cycle');
    expect(created.body.versions).toBe(before.body.versions);
    expect(created.body.body).toBe(before.body.body);
    expect(created.body.translated).toEqual(['es']);
    const listed = await agent.get('/api/admin/article?search=Planning%20a%20coaching');
    expect(listed.body.data.find((a: { id: number }) => a.id === article.id).translated).toEqual(['es']);

    // The English saved again: the Spanish version is flagged until it is saved again too.
    const english = await agent.put(`/api/admin/article/${article.id}`).set(csrfHeaders(agent)).send({
      title: 'Planning a coaching cycle', body: '## Before you start\n\nChoose two **goals**.', category: 'cycles-skills', audience: 'all', roles: [],
    });
    expect(english.body.translations[0].english_changed).toBe(true);
    const replaced = await put(agent, article.id, 'es', { title: 'Planificar un ciclo de coaching', body: SPANISH.body });
    expect(replaced.status).toBe(200);
    expect(replaced.body.translations[0].english_changed).toBe(false);
    expect(replaced.body.translations.map((x: { title: string }) => x.title)).toEqual(['Planificar un ciclo de coaching']);
    expect((await translations()).filter((r) => r.article_id === article.id)).toHaveLength(1);

    const saved = await auditRows('article_translation_saved');
    expect(saved.map((r) => [r.subject_type, r.subject_id, r.actor_id])).toEqual([['article', article.id, user.id], ['article', article.id, user.id]]);
    expect(JSON.parse(saved[0]!.details!)).toMatchObject({ locale: 'es', title: SPANISH.title, created: true });
    expect(JSON.parse(saved[1]!.details!)).toMatchObject({ locale: 'es', created: false, changes: { title: { from: SPANISH.title, to: 'Planificar un ciclo de coaching' } } });

    const removed = await remove(agent, article.id, 'es');
    expect(removed.status).toBe(200);
    expect(removed.body.translations).toEqual([]);
    expect(removed.body.translated).toEqual([]);
    expect((await translations()).filter((r) => r.article_id === article.id)).toEqual([]);
    const gone = await auditRows('article_translation_removed');
    expect(gone).toHaveLength(1);
    expect(JSON.parse(gone[0]!.details!)).toMatchObject({ locale: 'es', title: 'Planificar un ciclo de coaching' });
  });

  it('422 naming the field (the language, the title, the body), 404 for a missing article or version; nothing written', async () => {
    const { agent } = await provider();
    const article = await published(agent);
    const rows = await translations();
    const fr = await put(agent, article.id, 'fr', SPANISH);
    expect(fr.status).toBe(422);
    expect(fr.body.errors).toEqual({ locale: [M.translationLocale] });
    expect((await put(agent, article.id, 'en', SPANISH)).body.errors).toEqual({ locale: [M.translationLocale] });
    const empty = await put(agent, article.id, 'es', { title: '', body: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ title: ['Title is required.'], body: [M.body] });
    const missing = await put(agent, 999_999, 'es', SPANISH);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(M.notFound);
    expect((await remove(agent, 999_999, 'es')).status).toBe(404);
    const none = await remove(agent, article.id, 'es');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(M.translationNotFound);
    expect(await translations()).toEqual(rows);
    expect(await auditRows('article_translation_saved')).toEqual([]);
  });

  it('is for provider staff only: a district administrator 403, a guest 401', async () => {
    const { agent } = await provider();
    const article = await published(agent);
    const admin = await loginAs(t.app, await buildUser(t.db, { role: 'district-admin', districtId: (await buildDistrict(t.db)).id }));
    expect((await put(admin, article.id, 'es', SPANISH)).status).toBe(403);
    const guest = await guestAgent(t.app);
    expect((await guest.put(`/api/admin/article/${article.id}/translation/es`).set(csrfHeaders(guest)).send(SPANISH)).status).toBe(401);
    expect((await translations()).filter((r) => r.article_id === article.id)).toEqual([]);
  });
});

describe('reading in Spanish', () => {
  it('a Spanish reader reads the Spanish version (title, html, locale); an English reader the English', async () => {
    const { agent } = await provider();
    const article = await published(agent);
    await put(agent, article.id, 'es', SPANISH);

    const es = await (await reader('es')).get(`/api/article/${article.slug}`);
    expect(es.status).toBe(200);
    expect(es.body).toMatchObject({ title: SPANISH.title, locale: 'es', translation_missing: false });
    expect(es.body.html).toContain('<strong>metas</strong>');
    expect(es.body.headings).toEqual([{ level: 2, id: expect.any(String), text: 'Antes de empezar' }]);

    const en = await (await reader('en')).get(`/api/article/${article.slug}`);
    expect(en.body).toMatchObject({ title: 'Planning a coaching cycle', locale: 'en', translation_missing: false });
    expect(en.body.html).toContain('<strong>goals</strong>');
  });

  it("follows the district's language when the person chose none", async () => {
    const { agent } = await provider();
    const article = await published(agent);
    await put(agent, article.id, 'es', SPANISH);
    const res = await (await reader(null, 'es')).get(`/api/article/${article.slug}`);
    expect(res.body).toMatchObject({ title: SPANISH.title, locale: 'es' });
  });

  it('without a Spanish version: English with translation_missing for a Spanish reader; views and votes stay per article', async () => {
    const { agent } = await provider();
    const article = await published(agent);
    const es = await reader('es');
    const res = await es.get(`/api/article/${article.slug}`);
    expect(res.body).toMatchObject({ title: 'Planning a coaching cycle', locale: 'en', translation_missing: true });
    await put(agent, article.id, 'es', SPANISH);
    const en = await reader('en');
    await en.get(`/api/article/${article.slug}`);
    expect((await es.post(`/api/article/${article.slug}/feedback`).set(csrfHeaders(es)).send({ helpful: true })).body).toEqual({ helpful: true, helpful_yes: 1, helpful_no: 0 });
    expect((await en.post(`/api/article/${article.slug}/feedback`).set(csrfHeaders(en)).send({ helpful: false })).body).toEqual({ helpful: false, helpful_yes: 1, helpful_no: 1 });
    const row = await t.db.selectFrom('articles').select(['view_count', 'helpful_yes', 'helpful_no']).where('id', '=', article.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ view_count: 2, helpful_yes: 1, helpful_no: 1 });
  });

  it('the list answers each title in the reader\'s language with its locale; search finds the Spanish text and the English', async () => {
    const { agent } = await provider();
    const article = await published(agent);
    await put(agent, article.id, 'es', SPANISH);
    const es = await reader('es');
    const en = await reader('en');

    const list = await es.get('/api/article?per_page=100');
    const mine = list.body.data.find((a: { id: number }) => a.id === article.id);
    expect(mine).toMatchObject({ title: SPANISH.title, locale: 'es' });
    const untranslated = await agent.post('/api/admin/article').set(csrfHeaders(agent)).send({ title: 'An English-only note', body: 'Only in English.', category: 'reports', audience: 'all', roles: [] });
    await agent.post(`/api/admin/article/${untranslated.body.id}/publish`).set(csrfHeaders(agent));
    const other = (await es.get('/api/article?category=reports&per_page=100')).body.data.find((a: { id: number }) => a.id === untranslated.body.id);
    expect(other).toMatchObject({ title: 'An English-only note', locale: 'en' });

    const spanish = await es.get('/api/article').query({ search: 'zarzamora' });
    expect(spanish.body.data.map((a: { id: number }) => a.id)).toEqual([article.id]);
    expect(spanish.body.data[0].snippet_html).toContain('<mark>zarzamora</mark>');
    expect(spanish.body.data[0].title).toBe(SPANISH.title);
    // The English text is found too, answered in Spanish.
    const english = await es.get('/api/article').query({ search: 'blackberry' });
    expect(english.body.data.map((a: { id: number; title: string }) => [a.id, a.title])).toEqual([[article.id, SPANISH.title]]);
    // Every word in the Spanish title, short words at a word's start.
    const words = await es.get('/api/article').query({ search: 'planificar ci' });
    expect(words.body.data.map((a: { id: number }) => a.id)).toContain(article.id);
    // An English reader's search does not look at the Spanish.
    expect((await en.get('/api/article').query({ search: 'zarzamora' })).body.data).toEqual([]);
    // Removed: the Spanish is no longer found.
    await remove(agent, article.id, 'es');
    expect((await es.get('/api/article').query({ search: 'zarzamora' })).body.data).toEqual([]);
  });

  it('a guest is refused in their browser\'s language (guests do not read the knowledge base)', async () => {
    const guest = await guestAgent(t.app);
    const res = await guest.get('/api/article/logging-time').set('Accept-Language', 'es-PR,es;q=0.9');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Inicie sesión para continuar.');
    expect((await (await guestAgent(t.app)).get('/api/article/logging-time')).body.message).toBe('You need to sign in to continue.');
  });
});

describe('migration 20261206_0183: the seeded Spanish versions', () => {
  const SLUG = 'logging-time';
  const seededRow = async () => t.db.selectFrom('article_translations').innerJoin('articles', 'articles.id', 'article_translations.article_id')
    .select(['articles.slug', 'article_translations.title', 'article_translations.body', 'article_translations.updated_by'])
    .where('articles.slug', '=', SLUG).executeTakeFirst();

  it("wrote Coachwell's Spanish for the seeded article, read by a Spanish coach", async () => {
    expect(seeded.SPANISH[SLUG]).toBeDefined();
    expect(await seededRow()).toEqual({ slug: SLUG, ...seeded.SPANISH[SLUG], updated_by: null });
    const res = await (await reader('es')).get(`/api/article/${SLUG}`);
    expect(res.body).toMatchObject({ title: seeded.SPANISH[SLUG]!.title, locale: 'es', translation_missing: false });
  });

  it('inserts only for addresses whose article exists and has no Spanish yet; down removes only its own untouched rows', async () => {
    await seeded.down(t.db);
    expect(await seededRow()).toBeUndefined();
    // Another article translated by the provider's staff meanwhile stays.
    const { agent } = await provider();
    const article = await published(agent);
    await put(agent, article.id, 'es', SPANISH);
    // A seeded address whose article was deleted gets nothing.
    await t.db.deleteFrom('articles').where('slug', '=', SLUG).execute();
    await seeded.up(t.db);
    expect(await seededRow()).toBeUndefined();
    const all = await translations();
    expect(all.filter((r) => r.updated_by === null).map((r) => r.article_id)).toEqual(
      (await t.db.selectFrom('articles').select('id').where('slug', 'in', Object.keys(seeded.SPANISH)).orderBy('id').execute()).map((r) => r.id),
    );
    expect(all.find((r) => r.article_id === article.id)).toMatchObject({ title: SPANISH.title });
    // A Spanish version edited since stays through down; the untouched ones go. ("Reports" and "Working offline" are no
    // longer this migration's text: migrations 20261206_0184, 0187, 20261207_0188 and 20261209_0190 changed them, so they stay too.)
    await seeded.down(t.db);
    const changedSince = await t.db.selectFrom('articles').select('id').where('slug', 'in', ['reports', 'working-offline']).execute();
    expect((await translations()).map((r) => r.article_id).sort((a, b) => a - b))
      .toEqual([...changedSince.map((r) => r.id), article.id].sort((a, b) => a - b));
  });

  it('leaves a Spanish version already there as it is', async () => {
    const { agent } = await provider();
    const id = (await t.db.selectFrom('articles').select('id').where('slug', '=', SLUG).executeTakeFirstOrThrow()).id;
    await put(agent, id, 'es', SPANISH);
    await seeded.up(t.db);
    expect(await seededRow()).toMatchObject({ title: SPANISH.title });
    await seeded.down(t.db);
    expect(await seededRow()).toMatchObject({ title: SPANISH.title });
  });
});
