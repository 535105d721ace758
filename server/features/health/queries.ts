import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import type { DB } from '../../../db/connection';
import { MIGRATION_NAMES } from '../../../db/migrator';

/** Throws when the database does not answer. */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * The migrations this build knows that the database has not applied (all of them when the migrations'
 * own table is missing). A read only: the migrator's table is never created here. Migrations applied by
 * a newer build (a rolling upgrade in progress) are not this build's business, so they do not count.
 */
export async function pendingMigrations(db: DB): Promise<string[]> {
  let applied: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
    applied = new Set(rows.map((r) => r.name));
  } catch {
    applied = new Set();
  }
  return MIGRATION_NAMES.filter((name) => !applied.has(name));
}
