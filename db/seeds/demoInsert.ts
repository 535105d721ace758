// Inserting a demo district's rows many at a time: on PostgreSQL every statement is a round trip and fires
// its statement triggers once, so row-by-row inserts took the demo seed past a minute. The rows go in the
// order given, a chunk per statement; in the seed's one transaction ids are handed out in that order.
import type { Insertable } from 'kysely';
import type { DB } from '../connection';
import type { Database as Tables } from '../types';

/** Rows per INSERT: well under PostgreSQL's 65 535 parameters for the widest demo table. */
const CHUNK = 400;

/** Inserts `rows` a chunk at a time. */
export async function insertRows<T extends keyof Tables & string>(db: DB, table: T, rows: Insertable<Tables[T]>[]): Promise<void> {
  for (let k = 0; k < rows.length; k += CHUNK) await db.insertInto(table).values(rows.slice(k, k + CHUNK) as never).execute();
}

/** Inserts `rows` a chunk at a time and answers their new ids, in the rows' order. */
export async function insertRowsReturningIds<T extends keyof Tables & string>(db: DB, table: T, rows: Insertable<Tables[T]>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let k = 0; k < rows.length; k += CHUNK) {
    const chunk = rows.slice(k, k + CHUNK);
    const made = (await db.insertInto(table).values(chunk as never).returning('id' as never).execute() as unknown as { id: number | string }[])
      .map((r) => Number(r.id)).sort((a, b) => a - b);
    if (made.length !== chunk.length) throw new Error(`demo ${table}: ${made.length} ids for ${chunk.length} rows`);
    ids.push(...made);
  }
  return ids;
}
