// Help article commands. Each write runs in one transaction with its audit row (subject `article`);
// every save (the creation included) writes an article_versions row with the content as saved, so the
// content before any save is the version before it. Views and feedback are readers' counts, not edits:
// they are not audited.
import { ARTICLE_MESSAGES, type ArticlePayload, type ArticleTranslationPayload, type TranslationLocale, slugify } from '../../../common/schemas/articles';
import { lockNamed } from '../../../db/locks';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { conflict, notFound, validationError } from '../../http/errors';
import { type Actor, changedFields, recordAudit } from '../../lib/audit';
import { type ArticleRow, findArticle, rolesOfArticles, slugTaken } from './queries';

type Conn = Parameters<typeof findArticle>[0];

/** A view counts at most once per reader in this many milliseconds. */
export const VIEW_COUNT_INTERVAL_MS = 60 * 60 * 1000;

export async function requireArticle(db: Conn, id: number): Promise<ArticleRow> {
  const article = await findArticle(db, id);
  if (!article) throw notFound(ARTICLE_MESSAGES.notFound);
  return article;
}

/**
 * The article's address: the one asked for (422 when another article has it), or one made from the
 * title, numbered (-2, -3 …) when taken.
 */
async function chooseSlug(db: Conn, input: ArticlePayload, exceptId?: number): Promise<string> {
  if (input.slug) {
    if (await slugTaken(db, input.slug, exceptId)) throw validationError({ slug: [ARTICLE_MESSAGES.slugTaken] });
    return input.slug;
  }
  const base = slugify(input.title) || 'article';
  let slug = base;
  for (let n = 2; await slugTaken(db, slug, exceptId); n += 1) slug = `${base.slice(0, 90)}-${n}`;
  return slug;
}

const rolesFor = (input: ArticlePayload) => (input.audience === 'roles' ? [...new Set(input.roles)].sort() : []);

async function writeRoles(db: Conn, articleId: number, roles: string[]): Promise<void> {
  await db.deleteFrom('article_audience_roles').where('article_id', '=', articleId).execute();
  if (roles.length) await db.insertInto('article_audience_roles').values(roles.map((role) => ({ article_id: articleId, role }))).execute();
}

async function writeVersion(db: Conn, actor: Actor, article: { id: number; title: string; slug: string; category: string; audience: 'all' | 'roles'; body: string }, roles: string[], at: string): Promise<void> {
  await db.insertInto('article_versions').values({
    article_id: article.id, title: article.title, slug: article.slug, category: article.category, audience: article.audience,
    audience_roles: JSON.stringify(roles), body: article.body, edited_by: actor.userId, at,
  }).execute();
}

const audit = (db: Conn, actor: Actor, action: string, id: number, details: Record<string, unknown>) =>
  recordAudit(db as DB, actor, { action, subjectType: 'article', subjectId: id, details });

/** Creates a draft; answers its id. */
export function createArticle(db: DB, actor: Actor, input: ArticlePayload): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Help articles are written one at a time (db/locks.ts): slugs unique, states read before written.
    await lockNamed(trx, 'articles');
    const slug = await chooseSlug(trx, input);
    const roles = rolesFor(input);
    const now = nowIso();
    const { id } = await trx.insertInto('articles').values({
      title: input.title, slug, category: input.category, audience: input.audience, body: input.body, status: 'draft',
      published_at: null, created_by: actor.userId, updated_by: actor.userId, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await writeRoles(trx, id, roles);
    await writeVersion(trx, actor, { id, title: input.title, slug, category: input.category, audience: input.audience, body: input.body }, roles, now);
    await audit(trx, actor, 'article_created', id, { title: input.title, slug });
    return id;
  });
}

/** Replaces the article's content; writes a version and the audit row with what changed. */
export function updateArticle(db: DB, actor: Actor, id: number, input: ArticlePayload): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // Help articles are written one at a time (db/locks.ts): slugs unique, states read before written.
    await lockNamed(trx, 'articles');
    const before = await requireArticle(trx, id);
    const rolesBefore = (await rolesOfArticles(trx, [id])).get(id) ?? [];
    const slug = await chooseSlug(trx, input, id);
    const roles = rolesFor(input);
    const now = nowIso();
    await trx.updateTable('articles').set({
      title: input.title, slug, category: input.category, audience: input.audience, body: input.body,
      updated_by: actor.userId, updated_at: now,
    }).where('id', '=', id).execute();
    await writeRoles(trx, id, roles);
    await writeVersion(trx, actor, { id, title: input.title, slug, category: input.category, audience: input.audience, body: input.body }, roles, now);
    const changes: Record<string, unknown> = changedFields(
      { title: before.title, slug: before.slug, category: before.category, audience: before.audience, roles: rolesBefore.join(',') },
      { title: input.title, slug, category: input.category, audience: input.audience, roles: roles.join(',') },
    );
    if (before.body !== input.body) changes.body = { from_length: before.body.length, to_length: input.body.length };
    await audit(trx, actor, 'article_updated', id, { title: input.title, changes });
  });
}

/**
 * Writes the article's version in a language (issue 33), new or replacing the one there; audited as
 * `article_translation_saved` with what changed. Translations keep no versions of their own: the English article's
 * versions are its history, and the audit row says who changed the translation and when.
 */
export function saveTranslation(db: DB, actor: Actor, id: number, locale: TranslationLocale, input: ArticleTranslationPayload): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // Help articles are written one at a time (db/locks.ts).
    await lockNamed(trx, 'articles');
    const article = await requireArticle(trx, id);
    const before = await trx.selectFrom('article_translations').selectAll().where('article_id', '=', id).where('locale', '=', locale).executeTakeFirst();
    const now = nowIso();
    if (before) {
      await trx.updateTable('article_translations').set({ title: input.title, body: input.body, updated_by: actor.userId, updated_at: now })
        .where('article_id', '=', id).where('locale', '=', locale).execute();
    } else {
      await trx.insertInto('article_translations').values({ article_id: id, locale, title: input.title, body: input.body, updated_by: actor.userId, updated_at: now }).execute();
    }
    const changes: Record<string, unknown> = before ? changedFields({ title: before.title }, { title: input.title }) : {};
    if (before && before.body !== input.body) changes.body = { from_length: before.body.length, to_length: input.body.length };
    await audit(trx, actor, 'article_translation_saved', id, {
      article: article.title, locale, title: input.title, created: !before, ...(before ? { changes } : { body_length: input.body.length }),
    });
  });
}

/** Removes the article's version in a language (404 when it has none); audited as `article_translation_removed`. */
export function removeTranslation(db: DB, actor: Actor, id: number, locale: TranslationLocale): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await lockNamed(trx, 'articles');
    const article = await requireArticle(trx, id);
    const row = await trx.selectFrom('article_translations').select('title').where('article_id', '=', id).where('locale', '=', locale).executeTakeFirst();
    if (!row) throw notFound(ARTICLE_MESSAGES.translationNotFound);
    await trx.deleteFrom('article_translations').where('article_id', '=', id).where('locale', '=', locale).execute();
    await audit(trx, actor, 'article_translation_removed', id, { article: article.title, locale, title: row.title });
  });
}

/** Publishes (409 when already published) or unpublishes (409 when a draft). */
export function setPublished(db: DB, actor: Actor, id: number, publish: boolean): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // Help articles are written one at a time (db/locks.ts): slugs unique, states read before written.
    await lockNamed(trx, 'articles');
    const article = await requireArticle(trx, id);
    if (publish && article.status === 'published') throw conflict(ARTICLE_MESSAGES.alreadyPublished);
    if (!publish && article.status === 'draft') throw conflict(ARTICLE_MESSAGES.alreadyDraft);
    const now = nowIso();
    await trx.updateTable('articles').set(publish
      ? { status: 'published', published_at: now, updated_by: actor.userId, updated_at: now }
      : { status: 'draft', updated_by: actor.userId, updated_at: now }).where('id', '=', id).execute();
    await audit(trx, actor, publish ? 'article_published' : 'article_unpublished', id, { title: article.title, slug: article.slug });
  });
}

/** Deletes the article with its versions, votes and views. */
export function deleteArticle(db: DB, actor: Actor, id: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // Help articles are written one at a time (db/locks.ts): slugs unique, states read before written.
    await lockNamed(trx, 'articles');
    const article = await requireArticle(trx, id);
    await trx.deleteFrom('articles').where('id', '=', id).execute();
    await audit(trx, actor, 'article_deleted', id, { title: article.title, slug: article.slug, status: article.status });
  });
}

/** Counts a reader's view unless their last counted view of it is less than an hour old. */
export function recordView(db: DB, articleId: number, userId: number, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // A reader's view counts once an hour (db/locks.ts).
    await lockNamed(trx, `article view ${articleId} ${userId}`);
    const last = await trx.selectFrom('article_views').select('counted_at').where('article_id', '=', articleId).where('user_id', '=', userId).executeTakeFirst();
    if (last && now.getTime() - Date.parse(last.counted_at) < VIEW_COUNT_INTERVAL_MS) return false;
    const at = now.toISOString();
    await trx.insertInto('article_views').values({ article_id: articleId, user_id: userId, counted_at: at })
      .onConflict((oc) => oc.columns(['article_id', 'user_id']).doUpdateSet({ counted_at: at })).execute();
    await trx.updateTable('articles').set((eb) => ({ view_count: eb('view_count', '+', 1) })).where('id', '=', articleId).execute();
    return true;
  });
}

/** The reader's vote (one per reader, changeable); the article's counts are recounted from the votes. */
export function recordFeedback(db: DB, articleId: number, userId: number, helpful: boolean): Promise<{ helpful_yes: number; helpful_no: number }> {
  return db.transaction().execute(async (trx) => {
    // The counts recounted from the votes include every committed vote (db/locks.ts).
    await lockNamed(trx, `article feedback ${articleId}`);
    const at = nowIso();
    await trx.insertInto('article_feedback').values({ article_id: articleId, user_id: userId, helpful: helpful ? 1 : 0, at })
      .onConflict((oc) => oc.columns(['article_id', 'user_id']).doUpdateSet({ helpful: helpful ? 1 : 0, at })).execute();
    const counts = await trx.selectFrom('article_feedback').where('article_id', '=', articleId)
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when('helpful', '=', 1).then(1).else(0).end()).as('yes'),
        eb.fn.sum<number>(eb.case().when('helpful', '=', 0).then(1).else(0).end()).as('no'),
      ]).executeTakeFirstOrThrow();
    const result = { helpful_yes: Number(counts.yes ?? 0), helpful_no: Number(counts.no ?? 0) };
    await trx.updateTable('articles').set(result).where('id', '=', articleId).execute();
    return result;
  });
}
