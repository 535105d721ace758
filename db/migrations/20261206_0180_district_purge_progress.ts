// Frozen once landed: never import app code here, never edit; add a new migration instead.
// A district's purge in batches (issue 32, item 3). Purging a whole district in one transaction held the Node event
// loop (SQLite is synchronous) for seconds to minutes, so the purge now runs as many small transactions, and
// `district_purges` holds a purge under way between them, one row per district being purged:
// - `started_at`: when it began. From then on the district cannot be restored and the hourly job carries the purge on
//   until the district is gone (a crash or restart in the middle resumes from here).
// - `started_by` (a provider login: a plain id, like `districts.deletion_scheduled_by`) and `started_by_name` (kept
//   for the certificate): null for the scheduled deletion job.
// - `progress`: JSON { counts: { kind: rows deleted }, files: [paths], recipients: [emails], scheduled_by_name }: what
//   was read at the start (the files and the certificate's addresses go with the district's rows) and the rows
//   deleted so far, added to in the same transaction as each batch's deletions.
// - `runner` and `heartbeat_at`: the process purging it now (a random token) and when it last committed a batch;
//   another runner claims the purge only when nobody holds it or its heartbeat is a minute old.
// Not on `districts` and without the district-version triggers on purpose: every batch writes this row after taking
// the district's writers' lock (db/locks.ts), and a write to the district row fires its version trigger, which takes
// that lock shared after the row's lock: the opposite order, a deadlock with any concurrent write of the district row
// (a provider changing its plan). No foreign key either: the last transaction of the purge deletes this row with
// the district's other rows (the schema walk of purge.test.ts sees its `district_id`).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('district_purges')
    .addColumn('district_id', 'integer', (c) => c.primaryKey())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('started_by', 'integer')
    .addColumn('started_by_name', 'text')
    .addColumn('progress', 'text', (c) => c.notNull())
    .addColumn('runner', 'text')
    .addColumn('heartbeat_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('district_purges').ifExists().execute();
}
