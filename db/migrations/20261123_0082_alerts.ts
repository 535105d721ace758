// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Alerts (issue 13): the provider's announcements shown to district users as a banner. An alert's
// audience is stored as target rows (kind, value): one `everyone` row, or one row per plan key, district
// id or role name, so the current alerts of a user are one indexed lookup on (kind, value) joined to
// the alert by its key. Dismissals are per user, once per alert.
import { type Kysely } from 'kysely';
import { withoutRowid } from '../migrationHelpers';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('title', 'text', (c) => c.notNull())
    // Markdown, rendered by common/markdown.ts when answered
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    // info | warning | critical
    .addColumn('level', 'text', (c) => c.notNull())
    // everyone | plan | districts | roles
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  // The admin list: newest start first, deleted ones left out.
  await db.schema.createIndex('alerts_starts_idx').on('alerts').columns(['deleted_at', 'starts_at']).execute();

  await db.schema
    .createTable('alert_targets')
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    // everyone (value '*') | plan (plan key) | district (district id as text) | role (role name)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_targets_pk', ['kind', 'value', 'alert_id'])
    .modifyEnd(withoutRowid(db))
    .execute();
  await db.schema.createIndex('alert_targets_alert_idx').on('alert_targets').column('alert_id').execute();

  await db.schema
    .createTable('alert_dismissals')
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_dismissals_pk', ['user_id', 'alert_id'])
    .modifyEnd(withoutRowid(db))
    .execute();
  await db.schema.createIndex('alert_dismissals_alert_idx').on('alert_dismissals').column('alert_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_dismissals').execute();
  await db.schema.dropTable('alert_targets').execute();
  await db.schema.dropTable('alerts').execute();
}
