// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The seeded articles' Spanish versions (issue 33, item 3): for each address in data/articles-es.json
// (`{ "<slug>": { "title", "body" } }`, Markdown) whose article exists and has no Spanish version yet, that version,
// written as Coachwell's own text (updated_by null). An article the provider deleted, or already translated by its
// staff, is left alone. The JSON is imported, so tsx, the esbuild bundle and the tests all carry it.
//
// down: removes only the Spanish versions still exactly as this migration wrote them (Coachwell's, same title and body).
import type { Kysely } from 'kysely';
import ARTICLES_ES from './data/articles-es.json';

export const LOCALE = 'es';
export const SPANISH: Readonly<Record<string, { title: string; body: string }>> = ARTICLES_ES;

export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  for (const [slug, { title, body }] of Object.entries(SPANISH)) {
    const article = await db.selectFrom('articles').select('id').where('slug', '=', slug).executeTakeFirst();
    if (!article) continue;
    const taken = await db.selectFrom('article_translations').select('article_id')
      .where('article_id', '=', article.id).where('locale', '=', LOCALE).executeTakeFirst();
    if (taken) continue;
    await db.insertInto('article_translations').values({ article_id: article.id, locale: LOCALE, title, body, updated_by: null, updated_at: now }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [slug, { title, body }] of Object.entries(SPANISH)) {
    const article = await db.selectFrom('articles').select('id').where('slug', '=', slug).executeTakeFirst();
    if (!article) continue;
    await db.deleteFrom('article_translations').where('article_id', '=', article.id).where('locale', '=', LOCALE)
      .where('title', '=', title).where('body', '=', body).where('updated_by', 'is', null).execute();
  }
}
