// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Interactions (issue 9): every scope narrower than the district also shows the interactions a user
// authored (created_by), so the "coach or author" test of a coach's list reads two indexes.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('interactions_author_idx').on('interactions').columns(['district_id', 'created_by', 'starts_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('interactions_author_idx').execute();
}
