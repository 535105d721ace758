// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Deleting a district for real (issue 32, item 3). `districts` gains the deletion schedule: when provider staff
// scheduled it (`deletion_scheduled_at`), when the grace ends and the hourly job purges it (`deletion_due_at`), and
// who scheduled it (`deletion_scheduled_by`, a provider login). The status is left as it was, so restoring within the
// grace only clears these three columns and the status before it is there unchanged.
// `district_deletion_certificates` is the provider's record of each purge: NOT a district table (no foreign key to
// `districts`, no district-version triggers), so it survives the purge it certifies. It keeps the district's id,
// name and timezone, when and by whom it was scheduled and purged (`purged_by` null: the scheduled deletion job), the
// counts per kind (JSON), how many people it was emailed to, and the certificate PDF itself (`pdf`: bytes).
// Four indexes on foreign-key columns a purge's deletions look up on PostgreSQL (see below).
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../migrationHelpers';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('districts').addColumn('deletion_scheduled_at', 'text').execute();
  await db.schema.alterTable('districts').addColumn('deletion_due_at', 'text').execute();
  // The provider login who scheduled it: a plain id, no foreign key, since `users.district_id` already references
  // `districts` and a key back would make a cycle that copying to PostgreSQL (scripts/copyToPostgres.ts) cannot order.
  await db.schema.alterTable('districts').addColumn('deletion_scheduled_by', 'integer').execute();
  // The hourly job's question: scheduled districts whose grace has passed.
  await db.schema.createIndex('districts_deletion_due_idx').on('districts').column('deletion_due_at')
    .where(sql.ref('deletion_due_at'), 'is not', null).execute();

  // Foreign keys whose referencing column leads no index, on the tables a purge deletes many rows from: PostgreSQL
  // checks (or sets null, or cascades to) the referencing rows of every deleted parent row with `where column = $1`,
  // a scan of the whole child table (every district's rows) without one. Interactions → skill ratings, skill
  // ratings → current levels, coaching cycles → interactions, educators → participants.
  await db.schema.createIndex('skill_ratings_interaction_fk_idx').on('skill_ratings').column('interaction_id')
    .where(sql.ref('interaction_id'), 'is not', null).execute();
  await db.schema.createIndex('skill_current_levels_rating_fk_idx').on('skill_current_levels').column('rating_id').execute();
  await db.schema.createIndex('interactions_cycle_fk_idx').on('interactions').column('coaching_cycle_id')
    .where(sql.ref('coaching_cycle_id'), 'is not', null).execute();
  await db.schema.createIndex('interaction_participants_staff_fk_idx').on('interaction_participants').column('staff_id').execute();

  await db.schema
    .createTable('district_deletion_certificates')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // The certificate's own number, printed on it (DDC-…).
    .addColumn('certificate_number', 'text', (c) => c.notNull().unique())
    // The purged district's id (not `district_id`: no district's table, no foreign key; the district row is gone).
    .addColumn('purged_district_id', 'integer', (c) => c.notNull())
    .addColumn('district_name', 'text', (c) => c.notNull())
    .addColumn('district_timezone', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', 'text')
    .addColumn('scheduled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('scheduled_by_name', 'text')
    .addColumn('purged_at', 'text', (c) => c.notNull())
    // null: the scheduled deletion job purged it.
    .addColumn('purged_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('purged_by_name', 'text')
    // JSON: [{ kind, label, count }] in the certificate's order.
    .addColumn('counts', 'text', (c) => c.notNull())
    .addColumn('files_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pdf', isPostgres(db) ? sql`bytea` : 'blob', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('district_deletion_certificates_purged_idx').on('district_deletion_certificates')
    .columns(['purged_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('district_deletion_certificates').ifExists().execute();
  await db.schema.dropIndex('districts_deletion_due_idx').ifExists().execute();
  for (const index of ['skill_ratings_interaction_fk_idx', 'skill_current_levels_rating_fk_idx', 'interactions_cycle_fk_idx', 'interaction_participants_staff_fk_idx']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable('districts').dropColumn('deletion_scheduled_by').execute();
  await db.schema.alterTable('districts').dropColumn('deletion_due_at').execute();
  await db.schema.alterTable('districts').dropColumn('deletion_scheduled_at').execute();
}
