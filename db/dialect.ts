// SQLite-only statements live here, so the rest of the code stays portable to PostgreSQL.
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from './connection';

/**
 * Refreshes the query planner's statistics where they are missing or stale, so selective filters
 * (a school, a coach) use their indexes on large rosters. PostgreSQL's autovacuum does this itself.
 */
export async function refreshPlannerStatistics(db: DB): Promise<void> {
  await sql`PRAGMA optimize=0x10002`.execute(db);
}

/** LIKE pattern text with the wildcards escaped (used with ESCAPE '\'). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Case-insensitive "contains" for search boxes. SQLite's LIKE already ignores ASCII case (as its
 * lower() does), so no function wraps the column; PostgreSQL would use ILIKE here.
 */
export function containsText(value: Expression<unknown> | RawBuilder<unknown>, term: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${value} like ${`%${escapeLike(term)}%`} escape '\\'`;
}

/**
 * A search box's index. The search helpers below are the seam between the app's search semantics and
 * the database:
 * - SQLite (today): `table` is an FTS5 table with the trigram tokenizer whose rowid is the searched
 *   row's id (`key`), kept in step by triggers; `columns` hold the searched text and `starts` every
 *   word start of the names (and the start of each other field), each after two spaces. See
 *   db/migrations/20261122_0003_staff_search.ts, the pattern for every later search index.
 * - PostgreSQL (later): the same two functions build `col ILIKE '%word%'` over the source columns,
 *   served by `gin (col gin_trgm_ops)` indexes (pg_trgm answers ILIKE for 3+ characters), and the
 *   word-start test as `col ~* ('(^|[\s''-])' || word)`; the callers and their tests do not change.
 * Semantics (both): the search is split into words (at most MAX_SEARCH_WORDS); every word must match.
 * A word of 3+ characters matches a substring of any column, ignoring case; a 1- or 2-letter word
 * matches the start of a word (a trigram index cannot find shorter substrings, and "a" anywhere would
 * match nearly every row anyway). Characters are never syntax: quotes, `*`, `-`, `%`, `_`, NEAR, AND
 * are searched as written.
 */
export type TextSearchIndex = {
  /** The FTS5 table (rowid = the row's id). */
  table: string;
  /** Its columns holding the searched text. */
  columns: readonly string[];
  /** Its column holding the word starts, each after two spaces. */
  starts: string;
};

export const MAX_SEARCH_WORDS = 6;
/** Shortest word a trigram index finds anywhere in the text; shorter words match word starts. */
const TRIGRAM = 3;

/** The words of a search box's text: split at whitespace and control characters, at most MAX_SEARCH_WORDS. */
export function searchWords(search: string): string[] {
  // eslint-disable-next-line no-control-regex
  return search.split(/[\s\u0000-\u001f\u007f]+/u).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

/** One FTS5 phrase: the text in double quotes (a quote doubled), so nothing in it is query syntax. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

function column(index: TextSearchIndex, word: string): string {
  return [...word].length >= TRIGRAM ? `{${index.columns.join(' ')}} : ${phrase(word)}` : `${index.starts} : ${phrase(`  ${word}`)}`;
}

function rowsMatching(index: TextSearchIndex, query: string): RawBuilder<unknown> {
  return sql`(select rowid from ${sql.table(index.table)} where ${sql.table(index.table)} match ${query})`;
}

/** True for rows (`key` = their id) where every word of the search matches (see TextSearchIndex). `words` must not be empty. */
export function textSearchMatches(index: TextSearchIndex, key: string, words: readonly string[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(key)} in ${rowsMatching(index, words.map((w) => column(index, w)).join(' AND '))}`;
}

/**
 * Ranking of a search's results, to order by before the requested sort: 0 when every word starts a
 * word of the name (or starts the email or ID; an exact match is such a match too), 1 when some word
 * matches only inside a word ("son" in "Johnson").
 */
export function textSearchRank(index: TextSearchIndex, key: string, words: readonly string[]): RawBuilder<number> {
  const starts = words.map((w) => `${index.starts} : ${phrase(`  ${w}`)}`).join(' AND ');
  return sql<number>`(case when ${sql.ref(key)} in ${rowsMatching(index, starts)} then 0 else 1 end)`;
}
