// The tests every knowledge base article written by a migration gets (observationsArticle.test.ts,
// educatorsSideArticle.test.ts): published to every district user after migrating, once, as Coachwell's own text;
// found by an educator and a coach searching for what it covers; its words and pictures (the real screens in
// client/help/); an article the provider's staff already wrote under its address left alone, and `down` removing
// only Coachwell's untouched text.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../common/markdown';
import { createTestApp, loginAs, type TestApp } from './app';
import { buildDistrict, buildUser } from './factories';

export interface MigratedArticle {
  migration: { SLUG: string; TITLE: string; BODY: string; up: (db: Kysely<any>) => Promise<void>; down: (db: Kysely<any>) => Promise<void> };
  category: string;
  /** Searches (URL-encoded) that must find it. */
  searches: string[];
  /** What `it` says the article covers, and the words that show it does. */
  covers: string;
  words: string[];
  /** Its pictures in order (files of client/help/). */
  images: string[];
  /** What later migrations made of its body (the text a district reads now), when one changed it. */
  changedSince?: (body: string) => string;
}

export function describeMigratedArticle({ migration: { SLUG, TITLE, BODY, up, down }, category, searches, covers, words, images, changedSince }: MigratedArticle) {
  const now = changedSince ? changedSince(BODY) : BODY;
  describe(`the article "${TITLE}"`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp();
    });
    const rows = () => t.db.selectFrom('articles').selectAll().where('slug', '=', SLUG).execute();

    it('is published to every district user after migrating, once, as Coachwell\'s own text', async () => {
      const [article, ...more] = await rows();
      expect(more).toEqual([]);
      expect(article).toMatchObject({ title: TITLE, category, audience: 'all', status: 'published', created_by: null, body: now });
      const versions = await t.db.selectFrom('article_versions').selectAll().where('article_id', '=', article!.id).orderBy('id').execute();
      // The first version is the migration's; each later migration that changed the text saved one more, the last
      // being the text read now; all of them Coachwell's own (no editor).
      expect(versions[0]).toMatchObject({ title: TITLE, body: BODY, edited_by: null });
      expect(versions.at(-1)).toMatchObject({ title: TITLE, body: now, edited_by: null });
      expect(versions.filter((v) => v.edited_by !== null)).toEqual([]);
      if (now === BODY) expect(versions).toHaveLength(1);

      // An educator reads it and finds it by searching; so does a coach.
      const district = await buildDistrict(t.db);
      for (const role of ['educator', 'coach'] as const) {
        const agent = await loginAs(t.app, await buildUser(t.db, { role, districtId: district.id }));
        const read = await agent.get(`/api/article/${SLUG}`);
        expect(read.status).toBe(200);
        expect(read.body.title).toBe(TITLE);
        for (const search of searches) {
          const found = await agent.get(`/api/article?search=${search}`);
          expect(found.body.data.map((a: { slug: string }) => a.slug), search).toContain(SLUG);
        }
      }
    });

    it(`covers ${covers}, with real pictures`, () => {
      for (const w of words) expect(BODY).toContain(w);
      const found = [...renderMarkdown(BODY).html.matchAll(/<img [^>]*src="\/help\/([a-z0-9-]+\.png)"[^>]*>/g)].map((m) => m[1]!);
      expect(found).toEqual(images);
      for (const file of found) {
        expect(fs.readFileSync(path.resolve(import.meta.dirname, '../../client/help', file)).subarray(1, 4).toString()).toBe('PNG');
      }
    });

    it('leaves alone an article already at its address, and down removes only the untouched text', async () => {
      const [article] = await rows();
      // As this migration left it (before any later one changed it).
      await t.db.updateTable('articles').set({ body: BODY }).where('id', '=', article!.id).execute();
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
}

/** A migration that changed one sentence of an article and of its Spanish version (db/migrationHelpers.ts replaceArticleSentence's way). */
interface SentenceMigration {
  SLUG: string;
  OLD_SENTENCE: string;
  NEW_SENTENCE: string;
  OLD_SPANISH: string;
  NEW_SPANISH: string;
  up: (db: Kysely<any>) => Promise<void>;
}

/**
 * The tests of a migration that changed one sentence of Coachwell's own article: after migrating, the new sentence in
 * English and Spanish, saved by Coachwell (a version row, the Spanish at the same instant); text the provider's staff
 * edited stays as they left it, and running it again changes nothing.
 */
export function describeArticleSentenceChange(name: string, says: string, { SLUG, OLD_SENTENCE, NEW_SENTENCE, OLD_SPANISH, NEW_SPANISH, up }: SentenceMigration) {
  describe(`the article "${SLUG}" after migration ${name}`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp();
    });
    const article = () => t.db.selectFrom('articles').selectAll().where('slug', '=', SLUG).executeTakeFirstOrThrow();
    const spanish = (id: number) => t.db.selectFrom('article_translations').selectAll().where('article_id', '=', id).where('locale', '=', 'es').executeTakeFirstOrThrow();

    it(`says ${says}, in English and Spanish, saved by Coachwell`, async () => {
      const row = await article();
      expect(row.body).toContain(NEW_SENTENCE);
      expect(row.body).not.toContain(OLD_SENTENCE);
      expect(row.updated_by).toBeNull();
      const last = await t.db.selectFrom('article_versions').select(['body', 'edited_by', 'at']).where('article_id', '=', row.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(last).toMatchObject({ edited_by: null });
      expect(last.body).toContain(NEW_SENTENCE);
      const es = await spanish(row.id);
      expect(es.body).toContain(NEW_SPANISH);
      expect(es.body).not.toContain(OLD_SPANISH);
    });

    it('leaves text the provider\'s staff edited as they left it, and runs again without a change', async () => {
      const row = await article();
      const staff = await buildUser(t.db, { role: 'provider-admin' });
      const edited = `${row.body.replace(NEW_SENTENCE, OLD_SENTENCE)}\n\nOur own note.`;
      await t.db.updateTable('articles').set({ body: edited, updated_by: staff.id }).where('id', '=', row.id).execute();
      const editedSpanish = (await spanish(row.id)).body.replace(NEW_SPANISH, OLD_SPANISH);
      await t.db.updateTable('article_translations').set({ body: editedSpanish, updated_by: staff.id }).where('article_id', '=', row.id).where('locale', '=', 'es').execute();
      const versionsBefore = await t.db.selectFrom('article_versions').select('id').where('article_id', '=', row.id).execute();
      await up(t.db);
      expect((await article()).body).toBe(edited);
      expect((await spanish(row.id)).body).toBe(editedSpanish);
      expect(await t.db.selectFrom('article_versions').select('id').where('article_id', '=', row.id).execute()).toEqual(versionsBefore);
    });
  });
}
