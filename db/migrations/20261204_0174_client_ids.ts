// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Work without a signal (issue 31): a device makes each record it writes offline with a UUID of its own, the
// `client_id`, and sends it with the create. A create that repeats a client id of the same author in the same
// district answers the record already made instead of making a second one (the outbox resends what it cannot
// know was written). `client_id` is nullable (every record made before, and any made without one, has none) and
// never changes once written. The author is who made the record: `interactions.created_by`,
// `observations.observer_id`, `action_steps.set_by_user_id`. One record per (district, author, client id): the
// partial unique indexes below, which also make the lookup of a repeat an index read; two creates with the same
// client id that arrive at once cannot both be written (the second fails on the index and answers the first).
// No kept answer needs a new trigger: the tables' district-version triggers already see every write to them.
import type { Kysely } from 'kysely';

const TABLES = [
  { table: 'interactions', author: 'created_by' },
  { table: 'observations', author: 'observer_id' },
  { table: 'action_steps', author: 'set_by_user_id' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, author } of TABLES) {
    await db.schema.alterTable(table).addColumn('client_id', 'text').execute();
    await db.schema.createIndex(`${table}_client_id_unique`).on(table).columns(['district_id', author, 'client_id']).unique()
      .where('client_id', 'is not', null).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of TABLES) {
    await db.schema.dropIndex(`${table}_client_id_unique`).execute();
    await db.schema.alterTable(table).dropColumn('client_id').execute();
  }
}
