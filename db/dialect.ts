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
