// Every statement that differs between SQLite and PostgreSQL lives here (issue 15), so the rest of the
// code is portable: each function takes the database (or a transaction on it) first and builds the
// statement for it. Nothing else asks which database it talks to.
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { compiledOnce } from './compiledOnce';
import type { DB } from './connection';
import { isPostgres } from './migrationHelpers';

export { isPostgres };

type Db = Pick<Kysely<any>, 'getExecutor'>;
type Value = Expression<unknown> | RawBuilder<unknown>;

/**
 * Whether the process talks to the database over one connection that every request shares (SQLite): a
 * TEMP table then lives as long as the process and can keep what a request derived (the educators
 * search's kept matches). A PostgreSQL pool hands each query any connection, so nothing is kept there.
 */
export function hasOneConnection(db: Db): boolean {
  return !isPostgres(db);
}

/**
 * A connection of a background reader of its own (the district export's worker thread, issue 32) made small and
 * read-only. SQLite: its page cache held to `cacheMb` (better-sqlite3 builds SQLite with 16 MB per connection, which a
 * reader of every table fills, outside any JavaScript heap limit) and `query_only`, so it can never write. PostgreSQL:
 * nothing here; the reader's pool is opened with `readOnly` (db/postgres.ts PoolOptions), so its transactions cannot
 * write either.
 */
export async function asSmallReader(db: DB, cacheMb: number): Promise<void> {
  if (isPostgres(db)) return;
  await sql.raw(`pragma cache_size = -${Math.max(1, Math.round(cacheMb * 1024))}`).execute(db);
  await sql.raw('pragma query_only = on').execute(db);
}

/**
 * Runs `read` so every query in it sees the database at one instant: a page and its total, or a change
 * version and the rows it describes, never straddle a concurrent write. PostgreSQL: a REPEATABLE READ,
 * READ ONLY transaction (the pool would otherwise hand each query its own connection and snapshot).
 * SQLite: the shared connection as is (its kept search matches and totals are keyed by that connection,
 * and a read there is not interleaved with a write inside one statement).
 */
export async function readOneSnapshot<T>(db: DB, read: (db: DB) => Promise<T>): Promise<T> {
  // Already in a transaction: its snapshot is the caller's to choose.
  if (!isPostgres(db) || db.isTransaction) return read(db);
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute((trx) => read(trx));
}

/**
 * Refreshes the query planner's statistics where they are missing or stale, so selective filters
 * (a school, a coach) use their indexes on large rosters. PostgreSQL's autovacuum does this itself.
 * SQLite: every table checked (0x10000), not only those this connection queried, and ANALYZE run in full on each whose
 * row count changed tenfold since its statistics or that has none (0x02): exact figures, once at start.
 */
export async function refreshPlannerStatistics(db: DB): Promise<void> {
  // PostgreSQL: autovacuum analyzes in the background (an ANALYZE at every start of every process of a
  // large shared database would cost seconds for nothing).
  if (isPostgres(db)) return;
  await sql`PRAGMA optimize=0x10002`.execute(db);
}

/**
 * After a write that changed a large share of some tables' rows (a district purged, an import: issue 32), their
 * planner statistics taken again at once rather than at the next start (SQLite) or whenever autovacuum comes round
 * (PostgreSQL: within a minute once a tenth of a table changed, but a purge's last step and the requests right after
 * an import would plan on the old figures). PostgreSQL: ANALYZE of `tables`, which samples each (no lock that stops
 * reads or writes; the event loop only awaits it). Outside a transaction.
 * SQLite: `PRAGMA optimize` as at start but under SQLite's own temporary analysis limit (0x10), which reads a sample of
 * each index rather than all of it, because here it runs while the server answers (synchronously: the event loop
 * waits). Measured on the 1 000 000-interaction bench database (docs/benchmarks.md): 1–2 ms when no table changed
 * tenfold; 14–53 ms after that district's purge; 180–260 ms where the interactions and their participants must be
 * analyzed again, against 2.0–2.1 s in full. The sampled figures count each table's rows exactly but estimate rows per
 * value from the sample (a district's rows in a one-district database come out in hundreds, not a million).
 */
export async function refreshStatisticsAfterLargeWrite(db: DB, tables: readonly string[]): Promise<void> {
  if (!isPostgres(db)) {
    await sql`PRAGMA optimize=0x10012`.execute(db);
    return;
  }
  const names = [...new Set(tables)];
  if (names.length) await sql`analyze ${sql.join(names.map((t) => sql.table(t)))}`.execute(db);
}

/** LIKE pattern text with the wildcards escaped (used with ESCAPE '\'). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * An ISO UTC instant column plus a whole number of minutes, as the same ISO text (so it compares with
 * stored instants): an interaction's end. PostgreSQL: `to_char((col::timestamptz + minutes * interval
 * '1 minute') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.
 */
export function instantPlusMinutes(db: Db, instant: Value, minutes: Value): RawBuilder<string> {
  if (isPostgres(db)) {
    return sql<string>`to_char((${instant})::timestamptz at time zone 'UTC' + (${minutes}) * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${instant}, '+' || ${minutes} || ' minutes')`;
}

/**
 * Case-insensitive "contains" for search boxes. SQLite's LIKE already ignores ASCII case (as its
 * lower() does), so no function wraps the column; PostgreSQL would use ILIKE here.
 * Still used by the small per-district lists (a district's users, groups): they read at most a few
 * hundred rows. A list that can grow to thousands (educators, articles, every login, districts) has a
 * search index instead: a migration like 20261122_0003_staff_search.ts and textSearchMatches /
 * textSearchRank below (the staff-request candidates search uses the educator index too).
 */
export function containsText(db: Db, value: Value, term: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${value} ${sql.raw(isPostgres(db) ? 'ilike' : 'like')} ${`%${escapeLike(term)}%`} escape '\\'`;
}

/**
 * A search box's index. The search helpers below are the seam between the app's search semantics and
 * the database:
 * - SQLite (today): `table` is an FTS5 table with the trigram tokenizer whose rowid is the searched
 *   row's id (`key`), kept in step by triggers; `columns` are its columns holding the searched text
 *   and `starts` its column holding every word start (of the names split at spaces, hyphens and
 *   apostrophes, and of each other field), each after two spaces. See
 *   db/migrations/20261122_0003_staff_search.ts, the pattern for every later search index.
 * - PostgreSQL: the same functions build `col ILIKE '%word%'` over the source columns (`searched`),
 *   served by a `gin (col gin_trgm_ops, …)` index (pg_trgm answers ILIKE for 3+ characters; see
 *   db/migrationHelpers.ts createTrigramIndex), and the word-start test as `' ' || col ILIKE '% word%'`
 *   (names with hyphens and apostrophes as spaces); callers and tests stay. ILIKE folds the case of every
 *   letter, so there a non-ASCII capital inside a word ranks as a word start too.
 * Semantics (both): the search is split into words (at most MAX_SEARCH_WORDS) and every word must
 * match. A word of 3+ characters matches a substring of any searched field, ignoring case (all of
 * Unicode) and keeping accents; a 1- or 2-letter word matches the start of a word (a trigram index
 * cannot find shorter substrings, and "a" anywhere would match nearly every row anyway). Characters
 * are never syntax: quotes, `*`, `-`, `%`, `_`, NEAR, AND are searched as written.
 */
export type TextSearchIndex = {
  /** The FTS5 table (rowid = the row's id). */
  table: string;
  /** The searched row's id column, e.g. `staff.id`. */
  key: string;
  /** The FTS5 columns holding the searched text. */
  columns: readonly string[];
  /** The FTS5 column holding the word starts, each after two spaces. */
  starts: string;
  /** Source columns holding names: a word starting any of their words ranks first. */
  names: readonly string[];
  /** Other source columns searched (email, ID): a word starting one of them ranks first too. */
  fields: readonly string[];
  /** Every source column whose text is searched (PostgreSQL searches these; FTS5 has `columns`). */
  searched: readonly string[];
};

export const MAX_SEARCH_WORDS = 6;
/** Shortest word a trigram index finds anywhere in the text; shorter words match word starts. */
const TRIGRAM = 3;
const isShort = (word: string) => [...word].length < TRIGRAM;

/** The words of a search box's text: split at whitespace and control characters, at most MAX_SEARCH_WORDS. */
export function searchWords(search: string): string[] {
  // eslint-disable-next-line no-control-regex
  return search.split(/[\s\u0000-\u001f\u007f]+/u).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

/** One FTS5 phrase: the text in double quotes (a quote doubled), so nothing in it is query syntax. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * True for rows where every word of the search matches (see TextSearchIndex). `words` must not be empty.
 * The query starts from the index's matches, unless `narrowed`: another condition already picks a
 * small set of rows by an index (a school's educators, a caseload, a group) and the matches are only
 * checked against it. A common trigram ("son") matches a fifth of a roster; starting from 500 rows
 * of a school instead costs half as much.
 */
export function textSearchMatches(db: Db, index: TextSearchIndex, words: readonly string[], options: { narrowed?: boolean } = {}): RawBuilder<SqlBool> {
  if (isPostgres(db)) return pgTextSearchMatches(index, words);
  const query = words.map((w) => (isShort(w) ? `${index.starts} : ${phrase(`  ${w}`)}` : `{${index.columns.join(' ')}} : ${phrase(w)}`));
  const fts = sql.table(index.table);
  // SQLite: a unary + keeps the planner from looking the key up by the match list.
  const key = options.narrowed ? sql`+${sql.ref(index.key)}` : sql.ref(index.key);
  return sql<SqlBool>`${key} in (select rowid from ${fts} where ${fts} match ${query.join(' AND ')})`;
}

function pgTextSearchMatches(index: TextSearchIndex, words: readonly string[]): RawBuilder<SqlBool> {
  const ilike = (value: RawBuilder<unknown>, pattern: string) => sql`${value} ilike ${pattern} escape '\\'`;
  const word = (w: string) => {
    const escaped = escapeLike(w);
    if (!isShort(w)) return sql.join(index.searched.map((c) => ilike(sql.ref(c), `%${escaped}%`)), sql` or `);
    return sql.join(index.searched.map((c) => (index.fields.includes(c)
      ? ilike(sql.ref(c), `${escaped}%`)
      : ilike(index.names.includes(c) ? nameWords(c) : sql`(' ' || translate(${sql.ref(c)}, ${'\n\r\t'}, '   '))`, `% ${escaped}%`))), sql` or `);
  };
  return sql<SqlBool>`(${sql.join(words.map((w) => sql`(${word(w)})`), sql` and `)})`;
}

/** The words of a name column, each after a space: `' ' || name` with hyphens and apostrophes as spaces. */
function nameWords(column: string): RawBuilder<string> {
  return sql<string>`(' ' || replace(replace(replace(${sql.ref(column)}, '-', ' '), '''', ' '), ${'\u2019'}, ' '))`;
}

/**
 * Ranking of a search's results, to order by before the requested sort: 0 when every word starts a
 * word of a name, or starts another field (an exact match is such a match too); 1 when some word
 * matches only inside a word ("son" in "Johnson"). Evaluated on the matching rows only. SQLite's LIKE
 * ignores ASCII case only, so a non-ASCII capital inside a word ("JOSÉ" for "josé") ranks 1.
 * Undefined when every word has 1 or 2 letters: those matched word starts already.
 */
export function textSearchRank(db: Db, index: TextSearchIndex, words: readonly string[]): RawBuilder<number> | undefined {
  const long = words.filter((w) => !isShort(w));
  if (!long.length) return undefined;
  const like = sql.raw(isPostgres(db) ? 'ilike' : 'like');
  const startsWord = (word: string) => {
    const escaped = escapeLike(word);
    // LIKE ignores ASCII case only: a word starting with another letter is also tried capitalised ("émile" for "Émile").
    const first = escaped.charAt(0);
    const variants = first > '\u007f' && first.toUpperCase() !== first && !isPostgres(db) ? [escaped, first.toUpperCase() + escaped.slice(1)] : [escaped];
    return sql.join(variants.flatMap((v) => [
      ...index.names.map((c) => sql`${nameWords(c)} ${like} ${`% ${v}%`} escape '\\'`),
      ...index.fields.map((c) => sql`${sql.ref(c)} ${like} ${`${v}%`} escape '\\'`),
    ]), sql` or `);
  };
  return sql<number>`(case when ${sql.join(long.map((w) => sql`(${startsWord(w)})`), sql` and `)} then 0 else 1 end)`;
}

const changeVersionQuery = compiledOnce((db: DB, scope: string) =>
  db.selectFrom('change_versions').select('version').where('scope', '=', scope as 'auth' | 'staff'));

/**
 * The change version of a scope (`auth`, `staff`): a counter that SQLite triggers bump on every row
 * written to the scope's tables, by this process or any other (migration 20261123_0050). What the
 * server derives from those tables may be kept while the version stays the same. Read the version
 * BEFORE the data it guards: a write landing in between then only makes the kept copy look older than
 * it is. PostgreSQL: the same counters kept by plpgsql triggers.
 */
export async function changeVersion(db: DB, scope: 'auth' | 'staff'): Promise<number> {
  const [row] = await changeVersionQuery(db, scope);
  return row?.version ?? -1;
}

/**
 * The ids of a JSON array parameter as a subquery (`col in ${idsOf(json)}`): one statement text for any
 * number of ids, so it can be compiled and prepared once. PostgreSQL: `(select jsonb_array_elements_text($1::jsonb)::int)`.
 */
export function idsOf(db: Db, json: string): RawBuilder<number> {
  if (isPostgres(db)) return sql<number>`(select (jsonb_array_elements_text(${json}::jsonb))::bigint)`;
  return sql<number>`(select value from json_each(${json}))`;
}

/**
 * The local calendar day (YYYY-MM-DD) of an ISO instant column, given the zone's UTC offsets over the
 * range read (`offsets`: each applies to instants before `until`, the last one to the rest; see
 * reports' zoneOffsets), optionally rounded to the Monday of its week or the first of its month. Reports
 * group by it. PostgreSQL: `date_trunc('week'|'month', (col::timestamptz at time zone $tz))::date`.
 */
export function localDayOf(
  db: Db,
  instant: Value,
  offsets: readonly { until: string | null; minutes: number }[],
  round: 'day' | 'week' | 'month' = 'day',
): RawBuilder<string> {
  const last = offsets[offsets.length - 1]?.minutes ?? 0;
  if (isPostgres(db)) {
    const minutes = offsets.length <= 1
      ? sql.lit(last)
      : sql`(case ${sql.join(offsets.slice(0, -1).map((o) => sql`when ${instant} < ${o.until} then ${sql.lit(o.minutes)}`), sql` `)} else ${sql.lit(last)} end)`;
    const local = sql`((${instant})::timestamptz at time zone 'UTC' + ${minutes} * interval '1 minute')`;
    const day = round === 'day' ? local : sql`date_trunc(${round}, ${local})`;
    return sql<string>`to_char(${day}, 'YYYY-MM-DD')`;
  }
  const modifier = (m: number) => `${m >= 0 ? '+' : ''}${m} minutes`;
  const shift = offsets.length <= 1
    ? sql`${modifier(last)}`
    : sql`(case ${sql.join(offsets.slice(0, -1).map((o) => sql`when ${instant} < ${o.until} then ${modifier(o.minutes)}`), sql` `)} else ${modifier(last)} end)`;
  if (round === 'week') return sql<string>`date(${instant}, ${shift}, '-6 days', 'weekday 1')`;
  if (round === 'month') return sql<string>`date(${instant}, ${shift}, 'start of month')`;
  return sql<string>`date(${instant}, ${shift})`;
}

/**
 * What `staff_search` holds for a staff row (rowid, name, email, employee_id, starts), as a select list
 * over `staff`: the same values as the triggers of migration 20261122_0003_staff_search (a test compares
 * the index after a bulk write with one rebuilt from scratch).
 */
export const STAFF_SEARCH_ROW = `staff.id, staff.first_name || ' ' || staff.last_name, staff.email, staff.employee_id,
  '  ' || replace(replace(replace(replace(staff.first_name || ' ' || staff.last_name, '-', ' '), '''', ' '), '\u2019', ' '), ' ', '  ')
  || '  ' || coalesce(staff.email, '') || '  ' || coalesce(staff.employee_id, '')`;

/**
 * The per-row triggers a bulk write of educators goes without: the search index's (20261122_0003) and
 * the `staff` change version's on `staff` and `staff_buildings` (20261123_0050), inserts and updates.
 */
export const STAFF_BULK_TRIGGERS = [
  'staff_search_insert', 'staff_search_update',
  'staff_insert_staff_version', 'staff_update_staff_version',
  'staff_buildings_insert_staff_version', 'staff_buildings_update_staff_version',
];

/**
 * Rebuilds the search index rows of these educators from `staff` (ids of rows since deleted just lose
 * theirs): one statement for any number of ids.
 */
export async function reindexStaffSearch(db: DB, ids: readonly number[]): Promise<void> {
  // PostgreSQL's trigram index follows the table by itself.
  if (!ids.length || isPostgres(db)) return;
  const json = JSON.stringify(ids);
  await sql`delete from staff_search where rowid in ${idsOf(db, json)}`.execute(db);
  await sql`insert into staff_search (rowid, name, email, employee_id, starts)
    select ${sql.raw(STAFF_SEARCH_ROW)} from staff where id in ${idsOf(db, json)}`.execute(db);
}

/**
 * Many educators written in one transaction (the staff import) without the per-row triggers of
 * STAFF_BULK_TRIGGERS. FTS5 flushes its pending index data at the end of every statement, so each
 * single-row insert fed through the index trigger wrote an index segment of its own, and their merging
 * grew faster than the rows; the version trigger runs once per row too. Measured (scripts/benchImports.ts):
 * a bare insert of 10 000 educators with their school rows took 1.7 s of CPU with the triggers, 0.2 s
 * without them and with the index fed by one INSERT … SELECT.
 *
 * `write` runs with those triggers dropped and answers the ids of every educator whose name, email or
 * employee ID it inserted or changed; then the triggers are created again from their own stored SQL
 * (also when `write` throws), those educators' index rows are rebuilt in one statement and the `staff`
 * change version is bumped once, all before the commit. SQLite's DDL is transactional: other
 * connections never see the triggers missing (they read the last commit), and a rollback or a killed
 * process brings them back. Only inside a transaction (it throws otherwise); the transaction holds the
 * process's one connection throughout, so no other query of this process runs without the triggers.
 * Other writes in `write` (deletes, other tables) keep their triggers. PostgreSQL (later): trigram
 * indexes on the columns need no feeding, so this would run `write` and bump the version.
 */
export async function withStaffBulkWrites(trx: DB, write: () => Promise<readonly number[]>): Promise<void> {
  if (!trx.isTransaction) throw new Error('withStaffBulkWrites: only inside a transaction.');
  if (isPostgres(trx)) {
    // The trigram index needs no feeding and the version triggers run once per statement already.
    await write();
    return;
  }
  const { rows: triggers } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
    where type = 'trigger' and name in (${sql.join(STAFF_BULK_TRIGGERS)})`.execute(trx);
  for (const t of triggers) await sql`drop trigger ${sql.id(t.name)}`.execute(trx);
  let ids: readonly number[];
  try {
    ids = await write();
  } finally {
    // Back even when `write` throws, should a caller catch the error and commit.
    for (const t of triggers) await sql.raw(t.sql).execute(trx);
  }
  await reindexStaffSearch(trx, ids);
  await sql`update change_versions set version = version + 1 where scope = 'staff'`.execute(trx);
}

/**
 * How a rollup trigger is known (migrations 20261127_0120, 20261202_0164 and later): its SQL names a rollup table or,
 * on PostgreSQL, calls the functions that write them (rollup_resum, rollup_lock…, walkthrough_rollup_refresh).
 */
const ROLLUP_TABLE_PATTERNS = [
  '%report_interaction_months%', '%report_participation_months%', '%report_observation_%', '%rollup_resum%', '%rollup_lock%',
  '%walkthrough_rollup_refresh%',
];

/**
 * A whole district's rows deleted in one transaction (issue 32: purging a district) without the reports' rollup
 * triggers. Each deleted interaction, participant, observation or answer makes its trigger sum its group again from
 * the rows left, so deleting a district row by row costs the square of its groups' sizes (51 000 interactions took
 * 390 s on SQLite); the purge deletes the district's rollup rows itself afterwards, so the sums are not needed.
 * `write` runs with every trigger whose SQL names a rollup table dropped; they are created again from their stored
 * SQL before the commit (also when `write` throws). SQLite: DDL is transactional and the transaction holds the
 * process's one connection, so nothing else runs without them, and other connections read the last commit.
 * PostgreSQL: the triggers are disabled (ALTER TABLE … DISABLE TRIGGER) rather than dropped, and enabled again before
 * the commit: that takes SHARE ROW EXCLUSIVE on their tables until the commit, so other districts' writes of those
 * tables wait for the purge while their reads go on (a DROP TRIGGER's ACCESS EXCLUSIVE would stop reads too); a failed
 * transaction rolls the change back. Only inside a transaction.
 */
export async function withoutRollupTriggers<T>(trx: DB, write: () => Promise<T>, onTable?: string): Promise<T> {
  if (!trx.isTransaction) throw new Error('withoutRollupTriggers: only inside a transaction.');
  const like = (column: RawBuilder<unknown>) => sql.join(ROLLUP_TABLE_PATTERNS.map((p) => sql`${column} like ${p}`), sql` or `);
  // `onTable`: only that table's triggers (a purge's batch deletes from one table; the others' stay, and on PostgreSQL
  // unlocked).
  const triggers = isPostgres(trx)
    ? (await sql<{ name: string; table: string; sql: string }>`select t.tgname as name, c.relname as "table", pg_get_triggerdef(t.oid) as sql
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace and (${like(sql`p.prosrc`)})
          ${onTable === undefined ? sql`` : sql`and c.relname = ${onTable}`}
        order by c.relname, t.tgname`.execute(trx)).rows
    : (await sql<{ name: string; table: string; sql: string }>`select name, tbl_name as "table", sql from sqlite_master
        where type = 'trigger' and (${like(sql`sql`)}) ${onTable === undefined ? sql`` : sql`and tbl_name = ${onTable}`} order by name`.execute(trx)).rows;
  for (const t of triggers) {
    await (isPostgres(trx) ? sql`alter table ${sql.id(t.table)} disable trigger ${sql.id(t.name)}` : sql`drop trigger ${sql.id(t.name)}`).execute(trx);
  }
  const restore = async () => {
    for (const t of triggers) {
      await (isPostgres(trx) ? sql`alter table ${sql.id(t.table)} enable trigger ${sql.id(t.name)}` : sql.raw(t.sql)).execute(trx);
    }
  };
  let result: T;
  try {
    result = await write();
  } catch (err) {
    // PostgreSQL's failed transaction rolls the change back; SQLite's may still be committed by a caller that catches.
    if (!isPostgres(trx)) await restore();
    throw err;
  }
  await restore();
  return result;
}

/** SQLite: a WITHOUT ROWID table's primary-key columns (null: the table has a rowid), read once per table. */
const withoutRowidKeys = new Map<string, string[] | null>();

/**
 * Deletes at most `limit` rows of `table` that `where` matches and answers how many (a district's purge in batches,
 * issue 32). The rows are picked by their physical key in a subquery: SQLite's `rowid` (a WITHOUT ROWID table's
 * primary key), PostgreSQL's `ctid` through `= any(array(…))`, which the planner answers with a TID scan (an
 * `in (select ctid …)` would be a hash join over the whole table). `where` names the table's columns unqualified.
 */
export async function deleteSome(trx: DB, table: string, where: RawBuilder<unknown>, limit: number): Promise<number> {
  if (isPostgres(trx)) {
    const result = await sql`delete from ${sql.table(table)} where ctid = any(array(select ctid from ${sql.table(table)} where ${where} limit ${limit}))`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  }
  if (!withoutRowidKeys.has(table)) {
    const create = (await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(trx)).rows[0]?.sql ?? '';
    const pk = (await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(trx)).rows
      .filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    withoutRowidKeys.set(table, /without\s+rowid/i.test(create) ? pk : null);
  }
  const pk = withoutRowidKeys.get(table);
  const key = pk ? sql`(${sql.join(pk.map((c) => sql.ref(c)))})` : sql`rowid`;
  const result = await sql`delete from ${sql.table(table)} where ${key} in (select ${pk ? sql.join(pk.map((c) => sql.ref(c))) : sql`rowid`} from ${sql.table(table)} where ${where} limit ${limit})`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * `count` new ids for `table` (an auto-increment `id`), in order, for rows a multi-row insert then writes
 * with these ids (others refer to them, and `returning` does not promise the rows' order). PostgreSQL
 * takes them from the identity's sequence; SQLite, whose one connection runs one transaction at a time,
 * takes the next after the highest ever given (its AUTOINCREMENT counter moves past the ids inserted).
 * Only inside a transaction.
 */
export async function reserveIds(trx: DB, table: 'staff', count: number): Promise<number[]> {
  if (!trx.isTransaction) throw new Error('reserveIds: only inside a transaction.');
  if (count === 0) return [];
  if (isPostgres(trx)) {
    const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence(${table}, 'id')) as id
      from generate_series(1, ${count}::int) as n order by n`.execute(trx);
    return rows.map((r) => Number(r.id));
  }
  const { rows } = await sql<{ last: number }>`select max(
      coalesce((select seq from sqlite_sequence where name = ${table}), 0),
      coalesce((select max(id) from ${sql.table(table)}), 0)) as last`.execute(trx);
  const last = Number(rows[0]!.last);
  return Array.from({ length: count }, (_, i) => last + 1 + i);
}

/**
 * One element of a JSON array held in a text column, as text (`raw` of import_rows holds a row's cells):
 * SQLite's json_extract, PostgreSQL's `->>` on jsonb.
 */
export function jsonArrayElement(db: Db, column: string, index: number): RawBuilder<string | null> {
  if (isPostgres(db)) return sql<string | null>`(${sql.ref(column)}::jsonb ->> ${sql.lit(index)})`;
  return sql<string | null>`json_extract(${sql.ref(column)}, ${`$[${index}]`})`;
}

/**
 * Every import row's outcome from [row_number, outcome, errors JSON, record_id] tuples (a JSON array): one
 * update joining them by row number, leaving rows that already hold their outcome alone (a preview mostly
 * confirms 'pending' rows). SQLite loads the tuples into a keyed TEMP table first (a join on json_each
 * directly would be planned as a nested scan: quadratic on 50 000 rows); PostgreSQL hash-joins
 * jsonb_array_elements as it is. `rows` bounds the row numbers of the tuples: without it PostgreSQL, which
 * has no statistics yet for rows just uploaded, read every row of the import for each call (a hash join).
 * Run it inside a transaction.
 */
export async function writeImportOutcomes(db: Db, districtId: number, importId: number, tuples: string, rows: { first: number; last: number }): Promise<void> {
  if (isPostgres(db)) {
    await sql`update import_rows set outcome = o.outcome, errors = o.errors, record_id = o.record_id
      from (select (v ->> 0)::bigint as row_number, v ->> 1 as outcome, v ->> 2 as errors, (v ->> 3)::bigint as record_id
            from jsonb_array_elements(${tuples}::jsonb) as v) as o
      where import_rows.district_id = ${districtId} and import_rows.import_id = ${importId} and import_rows.row_number = o.row_number
        and import_rows.row_number between ${rows.first} and ${rows.last}
        and (import_rows.outcome, import_rows.errors, import_rows.record_id) is distinct from (o.outcome, o.errors, o.record_id)`.execute(db);
    return;
  }
  await sql`create temp table if not exists import_outcomes (row_number integer primary key, outcome text not null, errors text not null, record_id integer)`.execute(db);
  await sql`delete from temp.import_outcomes`.execute(db);
  await sql`insert into temp.import_outcomes (row_number, outcome, errors, record_id)
    select json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]')
    from json_each(${tuples})`.execute(db);
  await sql`update import_rows set outcome = o.outcome, errors = o.errors, record_id = o.record_id
    from temp.import_outcomes as o
    where import_rows.district_id = ${districtId} and import_rows.import_id = ${importId} and import_rows.row_number = o.row_number
      and import_rows.row_number between ${rows.first} and ${rows.last}
      and (import_rows.outcome is not o.outcome or import_rows.errors is not o.errors or import_rows.record_id is not o.record_id)`.execute(db);
  await sql`delete from temp.import_outcomes`.execute(db);
}

/** The advisory-lock namespace of running imports (PostgreSQL; any constant other locks do not use). */
const IMPORT_RUN_LOCK = 7215;

/**
 * Marks this transaction as the one running the import, until it ends (commits, rolls back, or its process
 * dies): PostgreSQL's transaction-scoped advisory lock. Another process starting meanwhile then knows the
 * import is alive (importRunIsIdle). SQLite: one process owns the database file, nothing to mark.
 */
export async function holdImportRun(trx: DB, importId: number): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${sql.lit(IMPORT_RUN_LOCK)}, ${importId}::int)`.execute(trx);
}

/** True where no live transaction runs the import whose id this is (see holdImportRun). */
export function importRunIsIdle(db: Db, importId: Value): RawBuilder<SqlBool> {
  if (isPostgres(db)) return sql<SqlBool>`pg_try_advisory_xact_lock(${sql.lit(IMPORT_RUN_LOCK)}, (${importId})::int)`;
  return sql<SqlBool>`1 = 1`;
}

// ---- Benchmarks (scripts/bench*.ts; `npm run bench -- --db=pg`) ---------------------------------------

/**
 * After a bench has bulk-loaded its data, before it measures: bring the database to the state a real
 * one long past that load is in. SQLite: checkpoint the WAL into the file and truncate it (the first
 * checkpoint of a bulk insert is not what a request pays). PostgreSQL: VACUUM ANALYZE, the statistics
 * and visibility map autovacuum makes by itself after such a load (refreshPlannerStatistics leaves it to
 * autovacuum), so the first plans are not made on an empty table's estimates and the first measured run
 * does not share the machine with autovacuum's pass over millions of new rows.
 */
export async function settleBulkLoad(db: DB): Promise<void> {
  if (isPostgres(db)) {
    await sql`vacuum analyze`.execute(db);
    return;
  }
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
}

/**
 * A calendar day (YYYY-MM-DD text) plus a whole number of days, as YYYY-MM-DD text: bulk-seeding SQL of
 * the benches. SQLite: `date(day, '+N days')`; PostgreSQL: `to_char(day::date + N, 'YYYY-MM-DD')`.
 */
export function dayPlusDays(db: Db, day: Value, days: Value): RawBuilder<string> {
  if (isPostgres(db)) return sql<string>`to_char((${day})::date + (${days})::int, 'YYYY-MM-DD')`;
  return sql<string>`date(${day}, printf('%+d days', ${days}))`;
}

/**
 * An ISO UTC instant plus a whole number of hours (negative: before it), as the same ISO text
 * (YYYY-MM-DDTHH:MM:SS.sssZ): bulk-seeding SQL of the benches. SQLite: strftime with a signed modifier
 * (`'+-5 hours'` would be NULL, hence printf's `%+d`); PostgreSQL: timestamptz arithmetic and to_char.
 */
export function instantPlusHours(db: Db, instant: Value, hours: Value): RawBuilder<string> {
  if (isPostgres(db)) {
    return sql<string>`to_char((${instant})::timestamptz at time zone 'UTC' + (${hours}) * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${instant}, printf('%+d hours', ${hours}))`;
}

/**
 * `column = districtId` as a filter only, for the exports' keyset reads (a district's rows by id, a batch at a time,
 * server/lib/exportZip.ts keysetBatches). SQLite would otherwise search an index that starts with district_id and sort
 * every row of the district by id for each batch (quadratic on a big district); with the column behind a unary + it
 * walks the table by rowid from the batch's start, reading each row once over the whole export. PostgreSQL plans the
 * plain comparison well.
 */
export function districtRowsById(db: Db, column: string, districtId: number): RawBuilder<SqlBool> {
  return isPostgres(db) ? sql<SqlBool>`${sql.ref(column)} = ${districtId}` : sql<SqlBool>`+${sql.ref(column)} = ${districtId}`;
}
