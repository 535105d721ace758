// Frozen once landed: never import app code here, never edit; add a new migration instead.
// "Who has read about me" (issue 29, item 5): the read log. A row says that a reader opened records of one kind
// about one educator on one day of the district's timezone: the reader's login (`reader_user_id`, the district
// user; while provider staff impersonate that user, `impersonated_by` names the provider staff member), the
// reader's role labels at the time (`reader_role`) and the kind: observation | interaction | skill_rating |
// action_step | cycle. Never what was read. At most one row per reader (the login and whoever impersonated it),
// educator, kind and day: the unique index below, written by INSERT … ON CONFLICT DO NOTHING
// (server/lib/readLog.ts). Rows older than two years are purged by the hourly maintenance (server/main.ts).
// The district setting that shows the log to educators, `educator_read_log_visible` (on by default), is a key
// of districts.settings (common/schemas/site.ts): a missing key reads as on, so no existing row changes here.
// No kept answer reads this table (server/lib/districtVersions.test.ts lists it), so writing it bumps no
// district version: a first read of the day never ends anyone's kept answers.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('record_reads')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('reader_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reader_role', 'text', (c) => c.notNull())
    .addColumn('impersonated_by', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // YYYY-MM-DD in the district's timezone
    .addColumn('day', 'text', (c) => c.notNull())
    .execute();
  // Once a day per reader, educator and kind; also the educator's view (their rows, newest day first).
  // The same expression on SQLite and PostgreSQL: a read without impersonation is 0 in the key.
  await sql`create unique index record_reads_once on record_reads
    (district_id, staff_id, day, reader_user_id, kind, coalesce(impersonated_by, 0))`.execute(db);
  // The two-year purge across districts.
  await db.schema.createIndex('record_reads_day_idx').on('record_reads').column('day').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('record_reads').execute();
}
