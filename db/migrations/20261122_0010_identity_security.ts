// Security issue 7, findings 1, 3, 10 and 12.
// - An email is held only by an ACTIVE login: invited and deactivated rows are each district's own
//   records and may share an address with rows of other districts (one row per email per district).
//   Provider staff (no district) stay unique among themselves.
// - An account migration names the invited row of the new district it turns into the person's login.
// - Pending email changes: a hashed single-use token to the new address, with an expiry.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_email_unique').execute();
  await db.schema.createIndex('users_email_active_unique').on('users').column('email').unique()
    .where(sql.ref('status'), '=', sql.lit('active')).execute();
  await db.schema.createIndex('users_district_email_unique').on('users').columns(['district_id', 'email']).unique().execute();
  await db.schema.createIndex('users_provider_email_unique').on('users').column('email').unique()
    .where(sql.ref('district_id'), 'is', null).execute();
  await db.schema.createIndex('users_email_idx').on('users').column('email').execute();

  await db.schema.alterTable('account_migrations')
    .addColumn('invite_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_changes_user_idx').on('email_changes').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
  await db.schema.alterTable('account_migrations').dropColumn('invite_user_id').execute();
  for (const name of ['users_email_idx', 'users_provider_email_unique', 'users_district_email_unique', 'users_email_active_unique']) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
}
