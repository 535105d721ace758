// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Asking for coaching (issue 29, item 4). An educator asks for support: a coaching request names the educator
// (`staff_id`), the login that asked (`requested_by_user_id`), a topic, a message and the times that suit. Its
// holders (`coaching_request_holders`) are the coaches whose queue it is in: the educator's coaches when it was
// asked, else the coaches of the educator's school; a pass ends the passer's row (`ended_at`) and adds the new
// coach's. Every holder, current or past, may read the message. Status: open (waiting for its first holders),
// passed (passed on, waiting for the new holder), accepted (a session scheduled: `interaction_id`, the scheduled
// interaction, and who accepted it) or withdrawn (by the educator). No kept answer reads these tables
// (server/lib/districtVersions.test.ts lists them), so they bump no district version.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coaching_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('requested_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('preferred_times', 'text')
    // open | passed | accepted | withdrawn
    .addColumn('status', 'text', (c) => c.notNull())
    // the scheduled session made on acceptance, who accepted and when
    .addColumn('interaction_id', 'integer', (c) => c.references('interactions.id').onDelete('set null'))
    .addColumn('accepted_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('accepted_at', 'text')
    // the latest pass: its note, who passed it and when
    .addColumn('pass_note', 'text')
    .addColumn('passed_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('passed_at', 'text')
    .addColumn('withdrawn_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // An educator's requests, newest first, and the day's count (at most 10 a day).
  await db.schema.createIndex('coaching_requests_staff_idx').on('coaching_requests').columns(['district_id', 'staff_id', 'created_at']).execute();
  // A district's requests by status (a principal's or administrator's list).
  await db.schema.createIndex('coaching_requests_status_idx').on('coaching_requests').columns(['district_id', 'status', 'created_at']).execute();

  await db.schema
    .createTable('coaching_request_holders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('coaching_requests.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // coach (the educator's coach) | school (a coach of the educator's school) | passed (passed on to them)
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // set when the request leaves their queue (passed on by them or to someone else); null while they hold it
    .addColumn('ended_at', 'text')
    .execute();
  // A coach's queue.
  await db.schema.createIndex('coaching_request_holders_user_idx').on('coaching_request_holders').columns(['district_id', 'user_id', 'request_id']).execute();
  await db.schema.createIndex('coaching_request_holders_request_idx').on('coaching_request_holders').columns(['district_id', 'request_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('coaching_request_holders').ifExists().execute();
  await db.schema.dropTable('coaching_requests').ifExists().execute();
}
