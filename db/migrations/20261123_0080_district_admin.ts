// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Admin Districts (issue 13): a suspension's time, reason and the status to restore on reactivation;
// an index that answers each district's user count and latest sign-in from the index alone (the admin
// district list groups them for every district at once).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('districts').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('districts').addColumn('suspension_reason', 'text').execute();
  // trial | active: what reactivating restores (null while not suspended).
  await db.schema.alterTable('districts').addColumn('status_before_suspension', 'text').execute();
  await db.schema.createIndex('users_district_activity_idx').on('users').columns(['district_id', 'status', 'last_login_at']).execute();
  await db.schema.createIndex('districts_status_idx').on('districts').columns(['status', 'name']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('districts_status_idx').execute();
  await db.schema.dropIndex('users_district_activity_idx').execute();
  await db.schema.alterTable('districts').dropColumn('status_before_suspension').execute();
  await db.schema.alterTable('districts').dropColumn('suspension_reason').execute();
  await db.schema.alterTable('districts').dropColumn('suspended_at').execute();
}
