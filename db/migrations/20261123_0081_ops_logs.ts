// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Admin operations (issue 13): server errors and security events stored for the admin Logs screen, the
// provider's settings (log retention), and the indexes the cross-district audit feed and the logs read by.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_errors')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('stack', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('impersonator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('district_id', 'integer', (c) => c.references('districts.id').onDelete('set null'))
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('server_errors_at_idx').on('server_errors').column('at').execute();
  await db.schema.createIndex('server_errors_district_idx').on('server_errors').columns(['district_id', 'at']).execute();
  await db.schema.createIndex('server_errors_user_idx').on('server_errors').columns(['user_id', 'at']).execute();

  await db.schema
    .createTable('security_events')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // failed-sign-in | rate-limited | csrf-refused
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    // The email a sign-in tried (lower-case), when there was one.
    .addColumn('email', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('district_id', 'integer', (c) => c.references('districts.id').onDelete('set null'))
    .addColumn('method', 'text')
    .addColumn('path', 'text')
    // JSON: what else is known (the reason of a failed sign-in, the refusal's message)
    .addColumn('details', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('security_events_at_idx').on('security_events').column('at').execute();
  await db.schema.createIndex('security_events_kind_idx').on('security_events').columns(['kind', 'at']).execute();
  await db.schema.createIndex('security_events_district_idx').on('security_events').columns(['district_id', 'at']).execute();
  await db.schema.createIndex('security_events_user_idx').on('security_events').columns(['user_id', 'at']).execute();

  await db.schema
    .createTable('provider_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    // JSON value
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // client_errors (issue 1) had no index: the Logs screen and the pruning job read it by time.
  await db.schema.createIndex('client_errors_at_idx').on('client_errors').column('at').execute();
  await db.schema.createIndex('client_errors_district_idx').on('client_errors').columns(['district_id', 'at']).execute();
  await db.schema.createIndex('client_errors_user_idx').on('client_errors').columns(['user_id', 'at']).execute();

  // The audit feed across districts, newest first, filtered by person or action.
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'at']).execute();
  await db.schema.createIndex('audit_log_impersonator_idx').on('audit_log').columns(['impersonator_id', 'at']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'audit_log_action_idx', 'audit_log_impersonator_idx', 'audit_log_actor_idx', 'audit_log_at_idx',
    'client_errors_user_idx', 'client_errors_district_idx', 'client_errors_at_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const table of ['provider_settings', 'security_events', 'server_errors']) await db.schema.dropTable(table).execute();
}
