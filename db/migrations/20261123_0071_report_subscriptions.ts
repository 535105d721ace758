// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Scheduled report emails (issue 11): a user's subscription to a report view (its query string), sent
// weekly or monthly. The jobs are these rows (next_run_at), so they survive a restart; a runner claims a
// due row by updating it where id and next_run_at still match (only one process wins), and the
// unsubscribe link's token is stored as its SHA-256 hash only.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_subscriptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // interactions | coaching-cycles | teacher-level | coaching-team | comparison
    .addColumn('report', 'text', (c) => c.notNull())
    // weekly | monthly
    .addColumn('frequency', 'text', (c) => c.notNull())
    // the report view's query string, without '?'
    .addColumn('query', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unsubscribe_token_hash', 'text', (c) => c.notNull().unique())
    // UTC instant of the next send
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .addColumn('last_sent_at', 'text')
    // why the last run sent nothing (lost permission, plan, invalid query), null after a send
    .addColumn('last_skipped_reason', 'text')
    // a runner's claim: set with a random token while it renders and sends; a stale claim is taken over
    .addColumn('claimed_at', 'text')
    .addColumn('claim_token', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The runner's question: which rows are due (across districts, by time).
  await db.schema.createIndex('report_subscriptions_due_idx').on('report_subscriptions').columns(['next_run_at', 'claimed_at']).execute();
  // A user's own list (and the limit per user).
  await db.schema.createIndex('report_subscriptions_user_idx').on('report_subscriptions').columns(['district_id', 'user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_subscriptions').execute();
}
