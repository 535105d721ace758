// The whole demo (db/seeds/) seeded into a fresh in-memory database, for the tests of the demo data.
import type { DB } from '../../db/connection';
import { prepareDatabase, runDemoSeed } from '../bootstrap';

/** A new in-memory database holding the whole demo, and Maple Grove, the district the demo tests read. */
export async function seededDemo(): Promise<{ db: DB; maple: { id: number; timezone: string } }> {
  const { db } = await prepareDatabase({ databaseFile: ':memory:' });
  await runDemoSeed(db);
  const maple = await db.selectFrom('districts').select(['id', 'timezone']).where('name', 'like', 'Maple Grove%').executeTakeFirstOrThrow();
  return { db, maple };
}
