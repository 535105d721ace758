// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Single sign-on (issue 30). A district's sign-in connections, one per provider kind: `sso_connections` holds the
// kind (google | microsoft | clever | classlink | oidc), the issuer (the OpenID discovery base), the client id, the
// client secret sealed by server/lib/secretBox.ts (AES-256-GCM; never the plain secret), the email domains allowed
// (a JSON array of lower-case domains), whether password sign-in stays on for the district's users (1, the default)
// and whether a first sign-in may create an educator login (0, the default), who made it, and the last "Test
// connection" (when and what it said). `sso_links` ties a login to a provider's subject (issuer + subject, unique),
// so a link survives an email change at the provider; a connection's deletion removes its links.
// No kept answer reads either table (server/lib/districtVersions.test.ts lists them): no district-version triggers.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_connections')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    // google | microsoft | clever | classlink | oidc
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret_sealed', 'text', (c) => c.notNull())
    // JSON array of lower-case domains
    .addColumn('domains', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('password_login', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_users', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_tested_at', 'text')
    .addColumn('last_test_result', 'text')
    .execute();
  // One connection per district and kind; it also serves a district's list (district_id leads).
  await db.schema.createIndex('sso_connections_district_kind_idx').on('sso_connections').columns(['district_id', 'kind']).unique().execute();

  await db.schema
    .createTable('sso_links')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('connection_id', 'integer', (c) => c.notNull().references('sso_connections.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email_at_link', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'text')
    .execute();
  // A provider's subject belongs to one login.
  await db.schema.createIndex('sso_links_issuer_subject_idx').on('sso_links').columns(['issuer', 'subject']).unique().execute();
  // A login's links.
  await db.schema.createIndex('sso_links_user_idx').on('sso_links').columns(['district_id', 'user_id']).execute();
  // A connection's links (the cascade of its deletion).
  await db.schema.createIndex('sso_links_connection_idx').on('sso_links').columns(['connection_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_links').ifExists().execute();
  await db.schema.dropTable('sso_connections').ifExists().execute();
}
