// The knowledge base article "Reports" and its Spanish version say what the reports show since issue 29: follow-through
// (action steps done on time) and educator-initiated coaching (coaching requests), by coach and by school, and the
// Coaching team report's tables of them; and they name the Walkthroughs report (migration
// 20261206_0184_reports_article_follow_through). Its words are the screens' own (the reports' English and Spanish
// messages); a coach finds it by searching for them in either language; the rewrite is a save by Coachwell, and text
// the provider's staff edited stays as they left it. The seeded articles' rules (seededArticles.test.ts) hold it too.
// Runs on SQLite and PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../common/markdown';
import { REWRITES } from '../../../db/migrations/20261129_0151_articles_for_district_staff';
import { SPANISH } from '../../../db/migrations/20261206_0183_articles_spanish';
import { BODY, SLUG, SPANISH_BODY, up } from '../../../db/migrations/20261206_0184_reports_article_follow_through';
import { createTestApp, loginAs, type TestApp } from '../../testing/app';
import { buildDistrict, buildUser } from '../../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const ROOT = path.resolve(import.meta.dirname, '../../..');
const article = () => t.db.selectFrom('articles').selectAll().where('slug', '=', SLUG).executeTakeFirstOrThrow();
const versions = async (id: number) => t.db.selectFrom('article_versions').select(['body', 'edited_by', 'at']).where('article_id', '=', id).orderBy('id').execute();
const spanish = async (id: number) => t.db.selectFrom('article_translations').selectAll().where('article_id', '=', id).where('locale', '=', 'es').executeTakeFirstOrThrow();

/** A coach of a new district, reading `locale`. */
async function coach(locale: 'en' | 'es') {
  const user = await buildUser(t.db, { role: 'coach', districtId: (await buildDistrict(t.db)).id });
  await t.db.updateTable('users').set({ locale }).where('id', '=', user.id).execute();
  return loginAs(t.app, user);
}

describe('the article "Reports" after migration 20261206_0184', () => {
  it('holds the follow-through text in English and Spanish, saved by Coachwell, the Spanish not flagged as older', async () => {
    const row = await article();
    expect(row).toMatchObject({ body: BODY, updated_by: null, status: 'published' });
    const history = await versions(row.id);
    expect(history.map((v) => v.edited_by)).toEqual([null, null, null]);
    expect(history.at(-1)!.body).toBe(BODY);
    expect(history.at(-2)!.body).toBe(REWRITES.find((r) => r.slug === SLUG)!.body);
    const es = await spanish(row.id);
    expect(es).toMatchObject({ title: SPANISH[SLUG]!.title, body: SPANISH_BODY, updated_by: null, updated_at: history.at(-1)!.at });

    // The provider's editor sees the Spanish as up to date with the English.
    const provider = await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }));
    const admin = await provider.get(`/api/admin/article/${row.id}`);
    expect(admin.body.translations).toEqual([expect.objectContaining({ locale: 'es', body: SPANISH_BODY, english_changed: false })]);
  });

  it("names the figures with the screens' own words, in English and in Spanish, and shows the real screens", () => {
    const followThrough = fs.readFileSync(path.join(ROOT, 'client/features/reports/components/FollowThrough.tsx'), 'utf8');
    const team = fs.readFileSync(path.join(ROOT, 'client/features/reports/CoachingTeamReportScreen.tsx'), 'utf8');
    const english = (source: string, id: string) => new RegExp(`id: '${id.replaceAll('.', '\\.')}', defaultMessage: '([^']+)'`).exec(source)![1]!;
    const es = JSON.parse(fs.readFileSync(path.join(ROOT, 'client/i18n/es/reports.json'), 'utf8')) as Record<string, string>;
    for (const id of ['reports.follow.onTimeLabel', 'reports.follow.overdue', 'reports.follow.requests', 'reports.follow.initiated',
      'reports.follow.accepted', 'reports.follow.passed', 'reports.follow.waiting', 'reports.follow.withdrawn']) {
      expect(BODY, id).toContain(`**${english(followThrough, id)}**`);
      expect(SPANISH_BODY, id).toContain(`**${es[id]}**`);
    }
    for (const id of ['reports.team.follow', 'reports.team.requestsTitle']) {
      expect(BODY, id).toContain(`**${english(team, id)}**`);
      expect(SPANISH_BODY, id).toContain(`**${es[id]}**`);
    }
    for (const [body, words] of [[BODY, ['**Coaching team**', '**Walkthroughs**', 'by coach and by school', 'Observations and walkthroughs']],
      [SPANISH_BODY, ['**Equipo de coaching**', '**Recorridos**', 'por coach y por escuela', 'Observaciones y recorridos de aula']]] as const) {
      for (const w of words) expect(body).toContain(w);
      const images = [...renderMarkdown(body).html.matchAll(/<img [^>]*src="\/help\/([a-z0-9-]+\.png)"[^>]*>/g)].map((m) => m[1]!);
      expect(images).toEqual(['reports.png', 'report-follow-through.png']);
      for (const file of images) expect(fs.readFileSync(path.join(ROOT, 'client/help', file)).subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('is found by a coach searching for the follow-through figures, in English and in Spanish', async () => {
    const en = await coach('en');
    for (const search of ['done on time', 'educator-initiated', 'coaching requests']) {
      const found = await en.get('/api/article').query({ search });
      expect(found.body.data.map((a: { slug: string }) => a.slug), search).toContain(SLUG);
    }
    const read = await en.get(`/api/article/${SLUG}`);
    expect(read.body.html).toContain('<strong>Action steps done on time</strong>');
    const es = await coach('es');
    for (const search of ['hechos a tiempo', 'pedidas por educadores']) {
      const found = await es.get('/api/article').query({ search });
      expect(found.body.data.map((a: { slug: string }) => a.slug), search).toContain(SLUG);
    }
    const leido = await es.get(`/api/article/${SLUG}`);
    expect(leido.body).toMatchObject({ locale: 'es', translation_missing: false });
    expect(leido.body.html).toContain('<strong>Pasos de acción hechos a tiempo</strong>');
  });

  it("rewrites only Coachwell's untouched text: what the provider's staff edited stays, with no new version", async () => {
    const row = await article();
    const before = (await versions(row.id)).length;
    // Back to the texts of 0151 and 0183: rewritten again, one more version.
    await t.db.updateTable('articles').set({ body: REWRITES.find((r) => r.slug === SLUG)!.body }).where('id', '=', row.id).execute();
    await t.db.updateTable('article_translations').set({ body: SPANISH[SLUG]!.body }).where('article_id', '=', row.id).execute();
    await up(t.db);
    expect((await article()).body).toBe(BODY);
    expect((await spanish(row.id)).body).toBe(SPANISH_BODY);
    expect(await versions(row.id)).toHaveLength(before + 1);

    // Edited by the provider's staff (the English's words; the Spanish saved by a person): left alone.
    const staff = await buildUser(t.db, { role: 'provider-admin' });
    await t.db.updateTable('articles').set({ body: 'Our own words about reports.' }).where('id', '=', row.id).execute();
    await t.db.updateTable('article_translations').set({ body: SPANISH[SLUG]!.body, updated_by: staff.id }).where('article_id', '=', row.id).execute();
    await up(t.db);
    expect((await article()).body).toBe('Our own words about reports.');
    expect(await spanish(row.id)).toMatchObject({ body: SPANISH[SLUG]!.body, updated_by: staff.id });
    expect(await versions(row.id)).toHaveLength(before + 1);

    // An article deleted by the provider: nothing to do.
    await t.db.deleteFrom('article_translations').where('article_id', '=', row.id).execute();
    await t.db.deleteFrom('article_versions').where('article_id', '=', row.id).execute();
    await t.db.deleteFrom('article_audience_roles').where('article_id', '=', row.id).execute();
    await t.db.deleteFrom('articles').where('id', '=', row.id).execute();
    await up(t.db);
    expect(await t.db.selectFrom('articles').select('id').where('slug', '=', SLUG).execute()).toEqual([]);
  });
});
