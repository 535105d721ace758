// What the migrations build differently on the two databases (issue 15). Migrations are frozen, so these
// helpers are too: the SQLite side must never change what it builds (db/schema.test.ts compares the
// SQLite schema with db/schema.sqlite.sql). Identity columns and 64-bit integers need no helper: the
// PostgreSQL query compiler maps `integer primary key autoincrement` and `integer` (db/postgres.ts).
import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

export function isPostgres(db: Pick<Kysely<any>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** `without rowid` for a table keyed by its primary key (SQLite); PostgreSQL tables have no rowid anyway. */
export function withoutRowid(db: Kysely<any>): RawBuilder<unknown> {
  return isPostgres(db) ? sql`` : sql`without rowid`;
}

/**
 * PostgreSQL's side of a search index (the SQLite side is an FTS5 table fed by triggers): one trigram GIN
 * index over the searched columns, which answers `ILIKE '%word%'` for words of 3+ characters
 * (db/dialect.ts textSearchMatches). Nothing to keep in step: the index follows the table.
 */
export async function createTrigramIndex(db: Kysely<any>, name: string, table: string, columns: readonly string[]): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql.raw(`create index ${name} on ${table} using gin (${columns.map((c) => `${c} gin_trgm_ops`).join(', ')})`).execute(db);
}

/**
 * PostgreSQL's change-version triggers (migration 20261123_0050): one statement-level trigger per table and
 * event, named as the SQLite ones, bumping the scope's counter once per statement.
 */
export async function createChangeVersionTriggers(db: Kysely<any>, scope: string, table: string, events: readonly string[]): Promise<void> {
  await sql`create or replace function bump_change_version() returns trigger language plpgsql as $$
    begin
      update change_versions set version = version + 1 where scope = TG_ARGV[0];
      return null;
    end $$`.execute(db);
  for (const event of events) {
    await sql.raw(`create trigger ${table}_${event}_${scope}_version after ${event} on ${table}
      for each statement execute function bump_change_version('${scope}')`).execute(db);
  }
}

/** How a table's rows name their district, for the district change-version triggers (migration 20261127_0110). */
export type DistrictOf = 'district_id' | 'id' | { via: 'groups' | 'users'; column: string };

/**
 * PostgreSQL's district change-version triggers (migration 20261127_0110): one statement-level trigger per
 * table and event with its transition table, bumping the version of every district the statement's rows
 * belong to, once per statement, in district order (two statements touching the same districts lock their
 * rows in the same order, so they cannot deadlock). The SQLite side is row-level (the migration).
 */
export async function createDistrictVersionTriggers(db: Kysely<any>, table: string, districtOf: DistrictOf): Promise<void> {
  const expression = (rows: string) => {
    if (districtOf === 'district_id') return `select r.district_id from ${rows} r`;
    if (districtOf === 'id') return `select r.id from ${rows} r`;
    return `select p.district_id from ${rows} r join ${districtOf.via} p on p.id = r.${districtOf.column}`;
  };
  const fn = `bump_district_versions_${table}`;
  const bump = (source: string) => `insert into district_versions (district_id, version)
      select distinct d.district_id, 1 from (${source}) as d (district_id) where d.district_id is not null
      order by 1
      on conflict (district_id) do update set version = district_versions.version + 1;`;
  await sql.raw(`create or replace function ${fn}() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        ${bump(expression('new_rows'))}
      elsif TG_OP = 'DELETE' then
        ${bump(expression('old_rows'))}
      else
        ${bump(`${expression('new_rows')} union ${expression('old_rows')}`)}
      end if;
      return null;
    end $$`).execute(db);
  const referencing = { insert: 'new table as new_rows', delete: 'old table as old_rows', update: 'old table as old_rows new table as new_rows' };
  for (const event of ['insert', 'update', 'delete'] as const) {
    await sql.raw(`create trigger ${table}_${event}_district_version after ${event} on ${table}
      referencing ${referencing[event]} for each statement execute function ${fn}()`).execute(db);
  }
}

/**
 * A table's district change-version triggers as migration 20261201_0163 wrote them, for a table whose rows
 * carry `district_id` (a null one bumps nothing): on SQLite 0110's row triggers
 * (`sqliteDistrictVersionTriggers`), on PostgreSQL statement triggers over transition tables with the body
 * 0152/0153 gave every covered table (a note at the transaction's first write of the district, taking the
 * district's writers' lock shared; the version bumped at the commit). A new district table's migration calls it
 * and lists the table for server/lib/districtVersions.test.ts; `dropDistrictVersionTriggers` is its down.
 * Frozen with the migrations that call it (0163, 0169): db/migrationHelpers.test.ts holds its SQL to theirs.
 */
export async function districtVersionTriggers(db: Kysely<any>, table: string): Promise<void> {
  if (!isPostgres(db)) {
    await sqliteDistrictVersionTriggers(db, table);
    return;
  }
  const note = (source: string) => `perform district_version_note(d.district_id)
      from (select distinct x.district_id from (${source}) as x (district_id) where x.district_id is not null order by 1) d;`;
  const body = `if TG_OP = 'INSERT' then
        ${note('select r.district_id from new_rows r')}
      elsif TG_OP = 'DELETE' then
        ${note('select r.district_id from old_rows r')}
      else
        ${note('select r.district_id from new_rows r union select r.district_id from old_rows r')}
      end if;`;
  await sql.raw(`create or replace function bump_district_versions_${table}() returns trigger language plpgsql as $$
        begin
          ${body}
          return null;
        end $$`).execute(db);
  const referencing = { insert: 'new table as new_rows', delete: 'old table as old_rows', update: 'old table as old_rows new table as new_rows' };
  for (const event of ['insert', 'update', 'delete'] as const) {
    await sql.raw(`create trigger ${table}_${event}_district_version after ${event} on ${table}
          referencing ${referencing[event]} for each statement execute function bump_district_versions_${table}()`).execute(db);
  }
}

/** SQLite's side of `districtVersionTriggers`: 0110's row triggers (an update moving a row bumps both districts). */
export async function sqliteDistrictVersionTriggers(db: Kysely<any>, table: string): Promise<void> {
  const bump = (district: string, condition = '') => `insert into district_versions (district_id, version) select ${district}, 1 where ${district} is not null${condition}
          on conflict (district_id) do update set version = version + 1;`;
  await sql.raw(`create trigger ${table}_insert_district_version after insert on ${table} begin
          ${bump('new.district_id')}
        end`).execute(db);
  await sql.raw(`create trigger ${table}_update_district_version after update on ${table} begin
          ${bump('new.district_id')}
          ${bump('old.district_id', ' and old.district_id is not new.district_id')}
        end`).execute(db);
  await sql.raw(`create trigger ${table}_delete_district_version after delete on ${table} begin
          ${bump('old.district_id')}
        end`).execute(db);
}

/** The down of `districtVersionTriggers` (and of the migrations before it that wrote the same triggers). */
export async function dropDistrictVersionTriggers(db: Kysely<any>, table: string): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger if exists ${table}_${event}_district_version${isPostgres(db) ? ` on ${table}` : ''}`).execute(db);
  }
  if (isPostgres(db)) await sql.raw(`drop function if exists bump_district_versions_${table}()`).execute(db);
}

/** A knowledge base article a migration publishes as Coachwell's own text (migration 20261123_0083's way). */
export interface MigratedArticle {
  slug: string;
  title: string;
  /** an article category's slug (common/schemas/articles.ts) */
  category: string;
  body: string;
}

/**
 * Publishes `article` to every district user, with its first version (edited_by empty: Coachwell's own text),
 * unless an article already has its slug (the provider's staff may have written one of their own). The search
 * index follows through its triggers (SQLite) or the trigram index (PostgreSQL). `removeArticleIfUntouched` is
 * its down. Frozen with the migrations that call it (0162, 0171): db/migrationHelpers.test.ts holds its SQL to theirs.
 */
export async function insertArticleOnce(db: Kysely<any>, article: MigratedArticle): Promise<void> {
  const { slug, title, category, body } = article;
  const taken = await db.selectFrom('articles').select('id').where('slug', '=', slug).executeTakeFirst();
  if (taken) return;
  const now = new Date().toISOString();
  const { id } = await db.insertInto('articles').values({
    title, slug, category, audience: 'all', body, status: 'published', published_at: now,
    created_by: null, updated_by: null, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('article_versions').values({
    article_id: id, title, slug, category, audience: 'all', audience_roles: '[]', body, edited_by: null, at: now,
  }).execute();
}

/** Removes the article `insertArticleOnce` wrote, with its views, feedback, versions and roles, only while its body is still exactly `body`. */
export async function removeArticleIfUntouched(db: Kysely<any>, article: Pick<MigratedArticle, 'slug' | 'body'>): Promise<void> {
  const row = await db.selectFrom('articles').select(['id', 'body']).where('slug', '=', article.slug).executeTakeFirst();
  if (!row || row.body !== article.body) return;
  for (const table of ['article_views', 'article_feedback', 'article_versions', 'article_audience_roles']) {
    await db.deleteFrom(table).where('article_id', '=', row.id).execute();
  }
  await db.deleteFrom('articles').where('id', '=', row.id).execute();
}

/** One sentence of a knowledge base article and of its Spanish version, before and after a migration changes it. */
export interface ArticleSentenceChange {
  slug: string;
  oldSentence: string;
  newSentence: string;
  oldSpanish: string;
  newSpanish: string;
}

/**
 * Replaces one sentence of Coachwell's own article (migration 20261206_0187's way): only text still as Coachwell wrote
 * it changes (the article and its translation last saved by Coachwell, updated_by null, and still holding the old
 * sentence); what the provider's staff edited stays as they left it. The English change is a save like any other (a
 * version row, edited_by empty), the Spanish saved at the same instant so the editor does not flag it as older.
 * Frozen with the migrations that call it (0188).
 */
export async function replaceArticleSentence(db: Kysely<any>, change: ArticleSentenceChange): Promise<void> {
  const now = new Date().toISOString();
  const row = await db.selectFrom('articles').selectAll().where('slug', '=', change.slug).executeTakeFirst();
  if (!row) return;
  if (row.updated_by === null && row.body.includes(change.oldSentence)) {
    const body = row.body.replace(change.oldSentence, change.newSentence);
    await db.updateTable('articles').set({ body, updated_at: now }).where('id', '=', row.id).execute();
    const roles = await db.selectFrom('article_audience_roles').select('role').where('article_id', '=', row.id).orderBy('role').execute();
    await db.insertInto('article_versions').values({
      article_id: row.id, title: row.title, slug: row.slug, category: row.category, audience: row.audience,
      audience_roles: JSON.stringify(roles.map((r: { role: string }) => r.role)), body, edited_by: null, at: now,
    }).execute();
  }
  const spanish = await db.selectFrom('article_translations').select(['body', 'updated_by'])
    .where('article_id', '=', row.id).where('locale', '=', 'es').executeTakeFirst();
  if (spanish && spanish.updated_by === null && spanish.body.includes(change.oldSpanish)) {
    await db.updateTable('article_translations').set({ body: spanish.body.replace(change.oldSpanish, change.newSpanish), updated_at: now })
      .where('article_id', '=', row.id).where('locale', '=', 'es').execute();
  }
}
