// Frozen once landed: never import app code here, never edit; add a new migration instead.
// A person's interface language (issue 33): 'en' or 'es', null = their district's language (districts.settings
// `language`, English when unset).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
