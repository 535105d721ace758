// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Coachwell staff signing in to /admin through the provider's own OpenID Connect connection (issue 30, item 4;
// configured by PROVIDER_SSO_* in the environment, not in a table). A staff login's link to the provider's subject
// (issuer + subject, unique), made at its first sign-in by email, so the link survives an email change at the
// provider, as `sso_links` does for a district's people. No district: provider staff belong to none.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('provider_sso_links')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email_at_link', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'text')
    .execute();
  await db.schema.createIndex('provider_sso_links_issuer_subject_idx').on('provider_sso_links').columns(['issuer', 'subject']).unique().execute();
  await db.schema.createIndex('provider_sso_links_user_idx').on('provider_sso_links').columns(['user_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('provider_sso_links').ifExists().execute();
}
