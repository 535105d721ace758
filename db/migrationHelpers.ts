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
