// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The educator's weekly action-step digest (issue 29, item 2: "a weekly email digest tells an educator what is due
// (only when something is; a setting turns it off)"). One row per login, written only when needed (no row reads as
// the defaults): `weekly_email` is the login's own setting on Account Settings (1 = send, the default; 0 = turned
// off), `last_week` the Monday (YYYY-MM-DD, in the district's timezone) of the last week whose digest this login
// has had written: sent, or nothing was due. The runner (server/features/actionSteps/digestJobs.ts) claims a
// week for a whole set of logins in one INSERT … ON CONFLICT DO UPDATE … WHERE last_week < the week RETURNING, so
// however many processes run, each login's week is claimed by exactly one of them.
// No kept answer reads this table (server/lib/districtVersions.test.ts lists it): no district-version triggers.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('action_step_digests')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('weekly_email', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_week', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A district's logins that turned the email off (the runner's exclusion).
  await db.schema.createIndex('action_step_digests_district_idx').on('action_step_digests').columns(['district_id', 'weekly_email']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('action_step_digests').execute();
}
