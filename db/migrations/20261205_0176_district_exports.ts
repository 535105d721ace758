// Frozen once landed: never import app code here, never edit; add a new migration instead.
// A district's full export (issue 32, item 1). `district_exports` holds one row per export a district administrator
// started: who asked, the status (queued → running → ready | failed), the progress (rows written so far and kinds done
// of kinds in all, updated after every batch), the zip's path under the data folder and its size once ready, the
// failure's message, when it was created, started and finished, when a ready file expires (finished + 7 days) and
// when the hourly prune removed the file (`file_deleted_at`; the row stays, so the screen says it expired), and the job's
// heartbeat (`heartbeat_at`), by which a later start-up or prune tells an export whose process died.
// No kept answer reads it (server/lib/districtVersions.test.ts lists it): no district-version triggers, so the
// progress written every batch never voids the district's kept answers.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('district_exports')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // queued | running | ready | failed
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kinds_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kinds_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_path', 'text')
    .addColumn('size_bytes', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('file_deleted_at', 'text')
    // Written every 15 s while the job runs: a queued or running export without one for a minute lost its process.
    .addColumn('heartbeat_at', 'text')
    .execute();
  // A district's recent exports, newest first, and its running one (the one-at-a-time check).
  await db.schema.createIndex('district_exports_district_idx').on('district_exports').columns(['district_id', 'id']).execute();
  // One export being written per district: two starts at once, one insert fails (the service answers 409).
  await db.schema.createIndex('district_exports_one_unfinished_idx').on('district_exports').column('district_id').unique()
    .where(sql<boolean>`status in ('queued', 'running')`).execute();
  // The start-up check (running → failed) and the hourly prune (ready and expired) read by status.
  await db.schema.createIndex('district_exports_status_idx').on('district_exports').columns(['status', 'expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('district_exports').ifExists().execute();
}
