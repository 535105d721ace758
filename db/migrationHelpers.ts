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
