// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Rate limits in the database (issue 15): fixed-window counters shared by every app process on the
// same database, behind server/http/rateLimit.ts's RateLimiter. One row per limited key (the same keys
// as before: clientKey(), `invite-emails|district|…`), its count in the current window and when the
// window ends (reset_at, epoch milliseconds). Expired rows are pruned by the limiter by reset_at.
// Built with the schema builder only, so it runs unchanged on SQLite and PostgreSQL.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_at_idx').on('rate_limits').column('reset_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
