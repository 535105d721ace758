// Help article reads. Articles are the provider's content: they have no district_id (every district
// reads the same ones), so the tenant filter here is the reader's audience (their district roles) and
// the published status, applied by `visiblePublished` to every reader query.
import { type ExpressionBuilder, type Selectable, type Transaction, sql } from 'kysely';
import type { AdminArticleListQuery } from '../../../common/schemas/articles';
import type { DB } from '../../../db/connection';
import { containsText, searchWords, type TextSearchIndex, textSearchMatches, textSearchRank } from '../../../db/dialect';
import type { ArticlesTable, ArticleTranslationsTable, ArticleVersionsTable, Database } from '../../../db/types';
import type { Locale } from '../../../common/locales';
import type { TranslationLocale } from '../../../common/schemas/articles';

type Conn = DB | Transaction<Database>;
type ArticleEb = ExpressionBuilder<Database, 'articles'>;
export type ArticleRow = Selectable<ArticlesTable>;
export type ArticleVersionRow = Selectable<ArticleVersionsTable>;
export type ArticleTranslationRow = Selectable<ArticleTranslationsTable>;

/**
 * The article search: every word must match the title or the body (case-insensitive); 1- and 2-letter
 * words match the start of a word. Backed by the article_search trigram index
 * (db/migrations/20261123_0083_articles.ts, helpers in db/dialect.ts), as the educator search is.
 */
export const ARTICLE_SEARCH: TextSearchIndex = {
  table: 'article_search', key: 'articles.id', columns: ['title', 'body'], starts: 'starts',
  names: ['articles.title'], fields: [], searched: ['articles.title', 'articles.body'],
};

/**
 * The search over an article's Spanish version (issue 33; db/migrations/20261206_0182): the article_search_es
 * trigram table on SQLite (rowid = the article's id), the translations' trigram index on PostgreSQL. Used inside a
 * query over article_translations (`translationMatches`).
 */
const TRANSLATION_SEARCH: Record<TranslationLocale, TextSearchIndex> = {
  es: {
    table: 'article_search_es', key: 'article_translations.article_id', columns: ['title', 'body'], starts: 'starts',
    names: ['article_translations.title'], fields: [], searched: ['article_translations.title', 'article_translations.body'],
  },
};

/** The articles whose version in the language matches every word (see ARTICLE_SEARCH). */
function translationMatches(db: Conn, locale: TranslationLocale, words: readonly string[]) {
  return sql<boolean>`articles.id in (select article_translations.article_id from article_translations
    where article_translations.locale = ${locale} and ${textSearchMatches(db, TRANSLATION_SEARCH[locale], words)})`;
}

/** The title the reader reads: the version's in their language when there is one, else the English. */
const readTitle = (locale: Locale) => (locale === 'en'
  ? sql.ref('articles.title')
  : sql`coalesce((select t.title from article_translations t where t.article_id = articles.id and t.locale = ${locale}), articles.title)`);

export { searchWords };

/** Published articles whose audience includes one of the roles (null: every audience). */
function visiblePublished(eb: ArticleEb, roles: readonly string[] | null) {
  const published = eb('articles.status', '=', 'published');
  if (roles === null) return published;
  const forAll = eb('articles.audience', '=', 'all');
  if (roles.length === 0) return eb.and([published, forAll]);
  return eb.and([published, eb.or([
    forAll,
    eb('articles.id', 'in', eb.selectFrom('article_audience_roles').select('article_id').where('role', 'in', [...roles])),
  ])]);
}

/**
 * The order of search results: a title whose words start with every searched word first (textSearchRank),
 * then titles containing every word, then body-only matches; then the most read.
 */
function searchOrder(db: Conn, words: readonly string[], locale: Locale = 'en') {
  const rank = locale === 'en' ? textSearchRank(db, ARTICLE_SEARCH, words) : undefined;
  const title = readTitle(locale);
  const inTitle = sql<number>`(case when ${sql.join(words.map((w) => sql`(${containsText(db, title, w)})`), sql` and `)} then 0 else 1 end)`;
  return { rank, inTitle };
}

export interface PublishedFilters {
  words: string[];
  /** The reader's language: a search matches the article's version in it too, and ranks by the title they read. */
  locale?: Locale;
  category: string;
  limit: number;
  offset: number;
}

/** One page of the published articles a reader may see, ranked when searching, else by title. */
export async function listPublished(db: Conn, roles: readonly string[] | null, filters: PublishedFilters): Promise<{ rows: ArticleRow[]; total: number }> {
  let base = db.selectFrom('articles').where((eb) => visiblePublished(eb, roles));
  if (filters.category) base = base.where('articles.category', '=', filters.category);
  const locale = filters.locale ?? 'en';
  if (filters.words.length) {
    const english = textSearchMatches(db, ARTICLE_SEARCH, filters.words);
    base = base.where(locale === 'en' ? english : sql<boolean>`(${english} or ${translationMatches(db, locale, filters.words)})`);
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let query = base.selectAll('articles');
  if (filters.words.length) {
    const { rank, inTitle } = searchOrder(db, filters.words, locale);
    if (rank) query = query.orderBy(rank);
    query = query.orderBy(inTitle).orderBy('articles.view_count', 'desc');
  }
  const rows = await query.orderBy('articles.title').orderBy('articles.id').limit(filters.limit).offset(filters.offset).execute();
  return { rows, total: Number(total) };
}

/** How many published articles the reader may see in each category. */
export async function categoryCounts(db: Conn, roles: readonly string[] | null): Promise<Map<string, number>> {
  const rows = await db.selectFrom('articles').where((eb) => visiblePublished(eb, roles))
    .select(['articles.category', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('articles.category').execute();
  return new Map(rows.map((r) => [r.category, Number(r.count)]));
}

/** The reader's most viewed published articles (ties by title). */
export function mostViewed(db: Conn, roles: readonly string[] | null, limit: number): Promise<ArticleRow[]> {
  return db.selectFrom('articles').where((eb) => visiblePublished(eb, roles)).selectAll('articles')
    .orderBy('articles.view_count', 'desc').orderBy('articles.title').limit(limit).execute();
}

/** A published article the reader may see, by its address. */
export function findPublishedBySlug(db: Conn, roles: readonly string[] | null, slug: string): Promise<ArticleRow | undefined> {
  return db.selectFrom('articles').where((eb) => visiblePublished(eb, roles)).where('articles.slug', '=', slug)
    .selectAll('articles').executeTakeFirst();
}

/**
 * Articles related to one: the same category first (most read first), then articles sharing a word of
 * its title (words of 4+ letters), all published and visible to the reader.
 */
export async function relatedArticles(db: Conn, roles: readonly string[] | null, article: ArticleRow, limit: number): Promise<ArticleRow[]> {
  const same = await db.selectFrom('articles').where((eb) => visiblePublished(eb, roles))
    .where('articles.category', '=', article.category).where('articles.id', '!=', article.id)
    .selectAll('articles').orderBy('articles.view_count', 'desc').orderBy('articles.title').limit(limit).execute();
  if (same.length >= limit) return same;
  const words = [...new Set(article.title.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => [...w].length >= 4))].slice(0, 6);
  if (!words.length) return same;
  const taken = [article.id, ...same.map((a) => a.id)];
  const shared = await db.selectFrom('articles').where((eb) => visiblePublished(eb, roles))
    .where('articles.id', 'not in', taken)
    .where((eb) => eb.or(words.map((w) => textSearchMatches(db, ARTICLE_SEARCH, [w]))))
    .selectAll('articles').orderBy('articles.view_count', 'desc').orderBy('articles.title').limit(limit - same.length).execute();
  return [...same, ...shared];
}

/** The reader's vote on an article, or null. */
export async function feedbackOf(db: Conn, articleId: number, userId: number): Promise<boolean | null> {
  const row = await db.selectFrom('article_feedback').select('helpful').where('article_id', '=', articleId).where('user_id', '=', userId).executeTakeFirst();
  return row ? row.helpful === 1 : null;
}

/** The articles' versions in a language, by article id (none for English: the articles are English). */
export async function translationsOf(db: Conn, ids: readonly number[], locale: Locale): Promise<Map<number, ArticleTranslationRow>> {
  if (locale === 'en' || !ids.length) return new Map();
  const rows = await db.selectFrom('article_translations').selectAll().where('article_id', 'in', [...new Set(ids)]).where('locale', '=', locale).execute();
  return new Map(rows.map((r) => [r.article_id, r]));
}

/** The languages each article has a version in (admin list). */
export async function translatedLocales(db: Conn, ids: readonly number[]): Promise<Map<number, TranslationLocale[]>> {
  const out = new Map<number, TranslationLocale[]>();
  if (!ids.length) return out;
  const rows = await db.selectFrom('article_translations').select(['article_id', 'locale']).where('article_id', 'in', [...ids]).orderBy('locale').execute();
  for (const row of rows) out.set(row.article_id, [...(out.get(row.article_id) ?? []), row.locale]);
  return out;
}

/** Every version of an article in another language, by language. */
export function translationsOfArticle(db: Conn, articleId: number): Promise<ArticleTranslationRow[]> {
  return db.selectFrom('article_translations').selectAll().where('article_id', '=', articleId).orderBy('locale').execute();
}

// ---- the admin side: every article, drafts included ----

export function findArticle(db: Conn, id: number): Promise<ArticleRow | undefined> {
  return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function slugTaken(db: Conn, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('articles').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The audience roles of each article. */
export async function rolesOfArticles(db: Conn, ids: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!ids.length) return out;
  const rows = await db.selectFrom('article_audience_roles').select(['article_id', 'role']).where('article_id', 'in', [...ids]).orderBy('role').execute();
  for (const row of rows) out.set(row.article_id, [...(out.get(row.article_id) ?? []), row.role]);
  return out;
}

/** Names of users (authors, editors). */
export async function namesOf(db: Conn, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

const ADMIN_SORT_COLUMNS = { title: 'articles.title', updated_at: 'articles.updated_at', view_count: 'articles.view_count' } as const;

/** One page of every article for the admin list: search, category and status filters, sort. */
export async function listAdminArticles(db: Conn, query: AdminArticleListQuery, limit: number, offset: number): Promise<{ rows: ArticleRow[]; total: number }> {
  const words = searchWords(query.search);
  let base = db.selectFrom('articles');
  if (query.filter.category.length) base = base.where('articles.category', 'in', query.filter.category);
  if (query.filter.status.length) base = base.where('articles.status', 'in', query.filter.status);
  if (words.length) base = base.where(textSearchMatches(db, ARTICLE_SEARCH, words));
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let rows = base.selectAll('articles');
  if (words.length) {
    const { rank, inTitle } = searchOrder(db, words);
    if (rank) rows = rows.orderBy(rank);
    rows = rows.orderBy(inTitle);
  }
  const desc = query.sort.startsWith('-');
  const column = ADMIN_SORT_COLUMNS[query.sort.replace(/^-/, '') as keyof typeof ADMIN_SORT_COLUMNS];
  rows = rows.orderBy(column, desc ? 'desc' : 'asc').orderBy('articles.id', desc ? 'desc' : 'asc');
  return { rows: await rows.limit(limit).offset(offset).execute(), total: Number(total) };
}

/** An article's versions, oldest first (the first is the article as created). */
export function versionsOf(db: Conn, articleId: number): Promise<ArticleVersionRow[]> {
  return db.selectFrom('article_versions').selectAll().where('article_id', '=', articleId).orderBy('id').execute();
}

/** When the article's content was last saved (its latest version), or null. */
export async function lastSavedAt(db: Conn, articleId: number): Promise<string | null> {
  const row = await db.selectFrom('article_versions').select('at').where('article_id', '=', articleId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.at ?? null;
}

export async function versionCount(db: Conn, articleId: number): Promise<number> {
  const { n } = await db.selectFrom('article_versions').select((eb) => eb.fn.countAll<number>().as('n')).where('article_id', '=', articleId).executeTakeFirstOrThrow();
  return Number(n);
}
