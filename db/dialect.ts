// SQLite-only statements live here, so the rest of the code stays portable to PostgreSQL.
import { sql } from 'kysely';
import type { DB } from './connection';

/**
 * Refreshes the query planner's statistics where they are missing or stale, so selective filters
 * (a school, a coach) use their indexes on large rosters. PostgreSQL's autovacuum does this itself.
 */
export async function refreshPlannerStatistics(db: DB): Promise<void> {
  await sql`PRAGMA optimize=0x10002`.execute(db);
}
