// The knowledge base article "Observations and walkthroughs" (issue 28, migration 20261201_0162): published to
// every district user after migrating, once, as Coachwell's own text; found by search; its pictures are the
// real screens (the seeded articles' rules, seededArticles.test.ts, hold it too); an article the provider's
// staff already wrote under its address is left alone, and `down` removes only Coachwell's untouched text.
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../common/markdown';
import { BODY, down, SLUG, TITLE, up } from '../../../db/migrations/20261201_0162_article_observations';
import { createTestApp, loginAs, type TestApp } from '../../testing/app';
import { buildDistrict, buildUser } from '../../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const rows = () => t.db.selectFrom('articles').selectAll().where('slug', '=', SLUG).execute();

describe('the article "Observations and walkthroughs"', () => {
  it('is published to every district user after migrating, once, as Coachwell\'s own text', async () => {
    const [article, ...more] = await rows();
    expect(more).toEqual([]);
    expect(article).toMatchObject({ title: TITLE, category: 'interactions-activity', audience: 'all', status: 'published', created_by: null, body: BODY });
    const versions = await t.db.selectFrom('article_versions').selectAll().where('article_id', '=', article!.id).execute();
    expect(versions).toMatchObject([{ title: TITLE, body: BODY, edited_by: null }]);

    // An educator reads it and finds it by searching; so does a coach.
    const district = await buildDistrict(t.db);
    for (const role of ['educator', 'coach'] as const) {
      const agent = await loginAs(t.app, await buildUser(t.db, { role, districtId: district.id }));
      const read = await agent.get(`/api/article/${SLUG}`);
      expect(read.status).toBe(200);
      expect(read.body.title).toBe(TITLE);
      const found = await agent.get('/api/article?search=acknowledge%20reflection');
      expect(found.body.data.map((a: { slug: string }) => a.slug)).toContain(SLUG);
      const calibrating = await agent.get('/api/article?search=calibration');
      expect(calibrating.body.data.map((a: { slug: string }) => a.slug)).toContain(SLUG);
    }
  });

  it('covers capturing, sharing, acknowledging, the walkthrough report and calibration, as coaching and not evaluation, with real pictures', () => {
    for (const words of ['**New observation**', '**Complete**', '**Share with**', '**Read and acknowledge**', '**Acknowledge**',
      '**Download CSV**', '**Walkthroughs**', 'never an evaluation', 'Private notes are never shared',
      '## Calibrating observers', '**New calibration session**', '**Observe this lesson**', '**Agreement over time**', 'within one level']) {
      expect(BODY).toContain(words);
    }
    const images = [...renderMarkdown(BODY).html.matchAll(/<img [^>]*src="\/help\/([a-z0-9-]+\.png)"[^>]*>/g)].map((m) => m[1]!);
    expect(images).toEqual(['observations.png', 'observation-capture.png', 'walkthrough-report.png']);
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
