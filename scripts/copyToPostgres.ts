// `npm run cli -- copy-to-postgres --to URL` (issue 15): moves a district's SQLite database into a new,
// empty PostgreSQL database. The schema comes from the migrations on both sides (SQLite first brought
// to the latest one, then the target migrated from scratch); the rows are copied in one PostgreSQL
// transaction, table by table in foreign-key order, in multi-row batches read from one consistent SQLite
// snapshot (never the whole table in memory); identity sequences are moved past the copied ids; every
// table's row count is compared inside the transaction, which rolls back on any difference.
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { openSqlite } from '../db/connection';
import { migrateToLatest } from '../db/migrator';
import { openPostgres } from '../db/postgres';
import { seedReference } from '../db/seeds/reference';
import { WALKTHROUGH_ROLLUP_TABLES } from '../db/walkthroughRollups';

/** The copy was refused before anything was written (bad address, no source, a target holding data). */
export class CopyRefused extends Error {}

/** The copy ran and was rolled back; the target holds the schema and nothing else. */
export class CopyFailed extends Error {}

export interface CopyOptions {
  sourceFile: string;
  targetUrl: string;
  /** Rows per INSERT at most (fewer for wide tables: PostgreSQL takes 65 535 parameters a statement). */
  batchSize?: number;
}

export interface CopyResult {
  tables: { name: string; rows: number }[];
  rows: number;
}

const DEFAULT_BATCH = 500;
const MAX_PARAMETERS = 60_000;

/**
 * Tables other tables' triggers write to: PostgreSQL's change-version triggers bump their counter on
 * every statement against the tables they watch (db/migrationHelpers.ts createChangeVersionTriggers), and
 * the reports' rollup triggers sum the interactions copied (db/reportRollups.ts), the walkthrough report's the
 * observations (db/walkthroughRollups.ts). Copied after every other
 * table, each emptied just before, so the counters and sums arrive as they were.
 */
const WRITTEN_BY_TRIGGERS = ['change_versions', 'report_interaction_months', 'report_participation_months', ...WALKTHROUGH_ROLLUP_TABLES];

export function isPostgresUrl(url: string): boolean {
  if (!/^postgres(ql)?:\/\//.test(url)) return false;
  try {
    return Boolean(new URL(url).host);
  } catch {
    return false;
  }
}

/** The address without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//…@');
  }
}

/**
 * The app's tables in an SQLite database: FTS5 search tables and their shadow tables (`*_search`,
 * `*_search_data`, …), SQLite's own `sqlite_*` and Kysely's `kysely_migration*` stay behind (PostgreSQL
 * has trigram indexes instead of search tables and keeps its own migration records).
 */
export function appTables(source: SQLite.Database): { name: string; withoutRowid: boolean }[] {
  const list = source.pragma('table_list') as { schema: string; name: string; type: string; wr: number }[];
  return list
    .filter((t) => t.schema === 'main' && t.type === 'table')
    .filter((t) => !/^sqlite_/.test(t.name) && !/^kysely_migration/.test(t.name) && !/_search(_\w+)?$/.test(t.name))
    .map((t) => ({ name: t.name, withoutRowid: t.wr === 1 }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The tables in an order that inserts every referenced row before the rows referencing it (`pragma
 * foreign_key_list`), alphabetical among equals. A table referencing itself is not an edge: its rows are
 * copied in id order, parents first (the schema has no such column today). A cycle between tables has no
 * such order and is refused by name.
 */
export function foreignKeyOrder(source: SQLite.Database, tables: string[]): string[] {
  const known = new Set(tables);
  const parents = new Map<string, Set<string>>();
  for (const table of tables) {
    const keys = source.pragma(`foreign_key_list(${quoteSqlite(table)})`) as { table: string }[];
    parents.set(table, new Set(keys.map((k) => k.table).filter((p) => p !== table && known.has(p))));
  }
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (!ready.length) {
      const left = tables.filter((t) => !placed.has(t));
      throw new CopyFailed(`The foreign keys between ${left.join(', ')} form a cycle; there is no order to copy them in.`);
    }
    for (const t of ready) {
      order.push(t);
      placed.add(t);
    }
  }
  const last = order.filter((t) => WRITTEN_BY_TRIGGERS.includes(t));
  return [...order.filter((t) => !last.includes(t)), ...last];
}

function quoteSqlite(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * How many rows each table holds in a database that only the migrations and the reference data have
 * written to (default interaction types and cycle stages, the starter skill framework and help articles,
 * change-version counters, plans, roles and permissions): what a new, empty database holds, found by
 * building one in memory. A target holding more than this in any table holds someone's data.
 */
async function setupRowCounts(tables: string[]): Promise<Map<string, number>> {
  const fresh = openSqlite(':memory:');
  try {
    await migrateToLatest(fresh);
    await seedReference(fresh);
    const counts = new Map<string, number>();
    for (const table of tables) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(fresh);
      counts.set(table, Number(rows[0]!.n));
    }
    return counts;
  } finally {
    await fresh.destroy();
  }
}

async function postgresTables(db: Kysely<any>): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return new Set(rows.map((r) => r.name));
}

async function countRows(db: Kysely<any>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.n);
}

/** Refuses a target whose app tables hold anything beyond a new database's setup rows (see above). */
async function refuseUnlessEmpty(target: Kysely<any>, tables: string[], targetUrl: string): Promise<void> {
  const existing = await postgresTables(target);
  const present = tables.filter((t) => existing.has(t));
  if (!present.length) return;
  const setup = await setupRowCounts(present);
  const holding: string[] = [];
  for (const table of present) {
    const rows = await countRows(target, table);
    if (rows > (setup.get(table) ?? 0)) holding.push(`${table} (${rows} rows)`);
  }
  if (holding.length) {
    const shown = holding.length > 5 ? `${holding.slice(0, 5).join(', ')} and ${holding.length - 5} more tables` : holding.join(', ');
    throw new CopyRefused(`${redactUrl(targetUrl)} already holds data: ${shown}. copy-to-postgres only fills a new, empty database; it never merges into or overwrites one. Nothing was changed.`);
  }
}

/** Every identity column of the target's tables, to move its sequence past the copied ids. */
async function identityColumns(db: Kysely<any>): Promise<{ table: string; column: string }[]> {
  const { rows } = await sql<{ table: string; column: string }>`select table_name as "table", column_name as "column"
    from information_schema.columns where table_schema = current_schema() and is_identity = 'YES'`.execute(db);
  return rows;
}

async function postgresColumns(db: Kysely<any>, table: string): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return new Set(rows.map((r) => r.name));
}

export async function copyToPostgres(options: CopyOptions): Promise<CopyResult> {
  const { sourceFile, targetUrl } = options;
  if (!isPostgresUrl(targetUrl)) throw new CopyRefused(`--to must be a postgres:// address such as postgres://user@host:5432/coachwell, got "${redactUrl(targetUrl)}".`);
  if (!fs.existsSync(sourceFile)) throw new CopyRefused(`No database at ${sourceFile}.`);

  // Both databases get the same schema: the source the migrations it lacks, the target all of them.
  const migrating = openSqlite(sourceFile);
  try {
    await migrateToLatest(migrating);
  } finally {
    await migrating.destroy();
  }

  const source = new SQLite(sourceFile, { readonly: true, fileMustExist: true });
  const target = openPostgres(targetUrl, { max: 2 }) as unknown as Kysely<any>;
  try {
    const tables = appTables(source);
    const order = foreignKeyOrder(source, tables.map((t) => t.name));
    await refuseUnlessEmpty(target, order, targetUrl);
    await migrateToLatest(target);

    const columns = new Map<string, string[]>();
    for (const table of order) {
      const names = (source.pragma(`table_info(${quoteSqlite(table)})`) as { name: string }[]).map((c) => c.name);
      const there = await postgresColumns(target, table);
      if (!there.size) throw new CopyFailed(`The migrations built no table ${table} in PostgreSQL; nothing was copied.`);
      const missing = names.filter((n) => !there.has(n));
      if (missing.length) throw new CopyFailed(`PostgreSQL's ${table} has no column ${missing.join(', ')}; nothing was copied.`);
      columns.set(table, names);
    }
    const withoutRowid = new Set(tables.filter((t) => t.withoutRowid).map((t) => t.name));
    const identities = await identityColumns(target);

    // One read transaction: every row and every count comes from the same snapshot, even with the
    // server still writing (it should be stopped: later writes stay behind).
    source.exec('begin');
    try {
      const copied = await target.transaction().execute(async (trx) => {
        // The migrations' own rows (default types, stages, articles, counters) give way to the source's.
        for (const table of [...order].reverse()) await trx.deleteFrom(table).execute();
        const result: { name: string; rows: number }[] = [];
        for (const table of order) {
          if (WRITTEN_BY_TRIGGERS.includes(table)) await trx.deleteFrom(table).execute();
          result.push({ name: table, rows: await copyTable(source, trx, table, columns.get(table)!, !withoutRowid.has(table), options.batchSize) });
        }
        for (const { table, column } of identities) {
          await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce(max(${sql.ref(column)}), 1), max(${sql.ref(column)}) is not null)
            from ${sql.table(table)}`.execute(trx);
        }
        for (const table of order) {
          const inSource = Number((source.prepare(`select count(*) as n from ${quoteSqlite(table)}`).get() as { n: number }).n);
          const inTarget = await countRows(trx, table);
          if (inSource !== inTarget) {
            throw new CopyFailed(`Row counts differ for ${table}: ${inSource} in SQLite, ${inTarget} in PostgreSQL. Rolled back: nothing was copied; the target is as the migrations left it.`);
          }
        }
        return result;
      });
      return { tables: copied, rows: copied.reduce((sum, t) => sum + t.rows, 0) };
    } finally {
      source.exec('rollback');
    }
  } finally {
    source.close();
    await target.destroy();
  }
}

/**
 * Streams one table's rows (`iterate`, in rowid order so that a row referencing its own table follows
 * its parent) into multi-row INSERTs. Integers are read as bigint so that none loses precision.
 */
async function copyTable(source: SQLite.Database, trx: Kysely<any>, table: string, columns: string[], hasRowid: boolean, batchSize = DEFAULT_BATCH): Promise<number> {
  const perInsert = Math.max(1, Math.min(batchSize, Math.floor(MAX_PARAMETERS / columns.length)));
  const statement = source.prepare(`select ${columns.map(quoteSqlite).join(', ')} from ${quoteSqlite(table)}${hasRowid ? ' order by rowid' : ''}`).safeIntegers(true);
  let batch: Record<string, unknown>[] = [];
  let rows = 0;
  const flush = async () => {
    try {
      await trx.insertInto(table).values(batch).execute();
    } catch (err) {
      throw new CopyFailed(`Copying ${table} failed after ${rows} rows: ${(err as Error).message}. Rolled back: nothing was copied; the target is as the migrations left it.`);
    }
    rows += batch.length;
    batch = [];
  };
  for (const row of statement.iterate() as Iterable<Record<string, unknown>>) {
    batch.push(row);
    if (batch.length >= perInsert) await flush();
  }
  if (batch.length) await flush();
  return rows;
}
