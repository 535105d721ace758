// The knowledge base article "Your side of coaching (for educators)" (issue 29, migration 20261202_0171): published
// to every district user after migrating, once, as Coachwell's own text; found by search; its pictures are the
// real screens (the seeded articles' rules, seededArticles.test.ts, hold it too); an article the provider's
// staff already wrote under its address is left alone, and `down` removes only Coachwell's untouched text.
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../common/markdown';
import { BODY, down, SLUG, TITLE, up } from '../../../db/migrations/20261202_0171_article_educators_side';
import { createTestApp, loginAs, type TestApp } from '../../testing/app';
import { buildDistrict, buildUser } from '../../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const rows = () => t.db.selectFrom('articles').selectAll().where('slug', '=', SLUG).execute();

describe('the article "Your side of coaching (for educators)"', () => {
  it('is published to every district user after migrating, once, as Coachwell\'s own text', async () => {
    const [article, ...more] = await rows();
    expect(more).toEqual([]);
    expect(article).toMatchObject({ title: TITLE, category: 'getting-started', audience: 'all', status: 'published', created_by: null, body: BODY });
    const versions = await t.db.selectFrom('article_versions').selectAll().where('article_id', '=', article!.id).execute();
    expect(versions).toMatchObject([{ title: TITLE, body: BODY, edited_by: null }]);

    // An educator reads it and finds it by searching; so does a coach.
    const district = await buildDistrict(t.db);
    for (const role of ['educator', 'coach'] as const) {
      const agent = await loginAs(t.app, await buildUser(t.db, { role, districtId: district.id }));
      const read = await agent.get(`/api/article/${SLUG}`);
      expect(read.status).toBe(200);
      expect(read.body.title).toBe(TITLE);
      for (const search of ['action%20steps', 'self-assessment', 'ask%20for%20coaching', 'who%20has%20read']) {
        const found = await agent.get(`/api/article?search=${search}`);
        expect(found.body.data.map((a: { slug: string }) => a.slug), search).toContain(SLUG);
      }
    }
  });

  it('covers the home, action steps, rating oneself, asking for coaching and who has read about them, with real pictures', () => {
    for (const words of ['**Read and acknowledge**', '**Add to calendar**', '**Mark done**', '**Add a step**', '**Self-assessment**',
      'never changes the levels your coach recorded', '**Ask for coaching**', '**Send request**', '*Session scheduled*', '**Who has read about me**',
      'never what they read', '**Coachwell support for**', 'private notes are never shown']) {
      expect(BODY).toContain(words);
    }
    const images = [...renderMarkdown(BODY).html.matchAll(/<img [^>]*src="\/help\/([a-z0-9-]+\.png)"[^>]*>/g)].map((m) => m[1]!);
    expect(images).toEqual(['educator-home.png', 'action-steps.png']);
    for (const file of images) {
      expect(fs.readFileSync(path.resolve(import.meta.dirname, '../../../client/help', file)).subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('leaves alone an article already at its address, and down removes only the untouched text', async () => {
    const [article] = await rows();
    // Untouched: down removes it (with its history), up writes it again.
    await down(t.db);
    expect(await rows()).toEqual([]);
    expect(await t.db.selectFrom('article_versions').select('id').where('article_id', '=', article!.id).execute()).toEqual([]);
    await up(t.db);
    const [again] = await rows();
    expect(again!.body).toBe(BODY);

    // Edited by the provider's staff: down keeps it, and up adds no second article.
    await t.db.updateTable('articles').set({ body: `${BODY}\n\nOur district's own note.` }).where('id', '=', again!.id).execute();
    await down(t.db);
    await up(t.db);
    const kept = await rows();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.body).toContain('Our district\'s own note.');
  });
});
