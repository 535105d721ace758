// The knowledge base article "Working offline" and its Spanish version say that an observation meets the same conflict
// panel as an interaction (issue 31; migration 20261207_0188_working_offline_observation_conflicts): the old sentence
// (conflicts of "the same interaction" only) is gone, the change is a save by Coachwell, and text the provider's staff
// edited stays as they left it. Runs on SQLite and PostgreSQL. (The article's own tests: workingOfflineArticle.test.ts.)
import { beforeEach, describe, expect, it } from 'vitest';
import {
  NEW_SENTENCE, NEW_SPANISH, OLD_SENTENCE, OLD_SPANISH, SLUG, up,
} from '../../../db/migrations/20261207_0188_working_offline_observation_conflicts';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const article = () => t.db.selectFrom('articles').selectAll().where('slug', '=', SLUG).executeTakeFirstOrThrow();
const spanish = (id: number) => t.db.selectFrom('article_translations').selectAll().where('article_id', '=', id).where('locale', '=', 'es').executeTakeFirstOrThrow();

describe('the article "Working offline" after migration 20261207_0188', () => {
  it('says an observation\'s change meets the same comparison as an interaction\'s, in English and Spanish, saved by Coachwell', async () => {
    const row = await article();
    expect(row.body).toContain(NEW_SENTENCE);
    expect(row.body).not.toContain(OLD_SENTENCE);
    expect(row.updated_by).toBeNull();
    const last = await t.db.selectFrom('article_versions').select(['body', 'edited_by', 'at']).where('article_id', '=', row.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last).toMatchObject({ body: row.body, edited_by: null });
    const es = await spanish(row.id);
    expect(es.body).toContain(NEW_SPANISH);
    expect(es.body).not.toContain(OLD_SPANISH);
    expect(es.updated_at).toBe(last.at);
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
