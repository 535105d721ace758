// Frozen once landed: never import app code here, never edit; add a new migration instead.
// A deletion certificate's emails (issue 32): one row per recipient, sent after the purge's commit and, when the
// mail server refuses or is down, again by the hourly deletion job with a growing wait, up to a limit. The address
// is the one personal datum a purged district leaves behind, so it is cleared once the email is sent or given up;
// what stays is the count the provider's list shows (sent, waiting, failed).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certificate_emails')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('certificate_id', 'integer', (c) => c.notNull().references('district_deletion_certificates.id').onDelete('cascade'))
    // null once sent or given up
    .addColumn('recipient', 'text')
    // the district's language at the purge (en | es): the email is written in it
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // when the next attempt is due; also the claim of a runner sending it (moved ahead while it sends)
    .addColumn('next_attempt_at', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('certificate_emails_certificate_idx').on('certificate_emails').columns(['certificate_id']).execute();
  // The due ones: still to send, by when.
  await db.schema.createIndex('certificate_emails_due_idx').on('certificate_emails').columns(['sent_at', 'failed_at', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certificate_emails').ifExists().execute();
}
