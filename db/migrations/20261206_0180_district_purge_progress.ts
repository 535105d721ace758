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
//
// Indexes for the batches: each batch finds at most N rows of one table by the purge plan's condition, so a table
// whose condition no index answers is scanned whole (every district's rows) once per batch, and on SQLite that scan
// holds the event loop for as long as the table is big. These are the purge plan's tables that had none: the
// coaching records' child tables by `district_id`, and the other columns of the audit log's, the read log's and the
// server errors' "the district or its people" conditions (each term of an OR indexed, SQLite answers it with one
// index per term). Tables of a few rows per login (invites, password resets, calendar feeds…) are left scanned.
import type { Kysely } from 'kysely';

const BY_DISTRICT = [
  'interaction_field_values', 'interaction_skills', 'coaching_cycle_notes', 'coaching_cycle_stage_history', 'coaching_cycle_skills',
  'observation_form_items', 'observation_form_versions', 'interaction_fields', 'skill_levels', 'skill_domains', 'import_rows',
] as const;

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
  for (const table of BY_DISTRICT) await db.schema.createIndex(`${table}_district_idx`).on(table).column('district_id').execute();
  await db.schema.createIndex('audit_log_subject_idx').on('audit_log').columns(['subject_type', 'subject_id']).execute();
  await db.schema.createIndex('record_reads_reader_idx').on('record_reads').column('reader_user_id').execute();
  await db.schema.createIndex('record_reads_impersonator_idx').on('record_reads').column('impersonated_by').execute();
  await db.schema.createIndex('server_errors_impersonator_idx').on('server_errors').column('impersonator_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['server_errors_impersonator_idx', 'record_reads_impersonator_idx', 'record_reads_reader_idx', 'audit_log_subject_idx']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const table of BY_DISTRICT) await db.schema.dropIndex(`${table}_district_idx`).ifExists().execute();
  await db.schema.dropTable('district_purges').ifExists().execute();
}
