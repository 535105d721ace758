// Quote and invoice numbers (Q-2026-0001, INV-2026-0001): one counter per kind and year, incremented
// by the statement that reads it, inside the caller's transaction, so two creations at once never
// share a number and a rolled-back creation gives its number back.
import { sql } from 'kysely';
import type { DB } from '../../../db/connection';

export type NumberKind = 'quote' | 'invoice';
const PREFIX: Record<NumberKind, string> = { quote: 'Q', invoice: 'INV' };

/** The next number of this kind for the year (4 digits, more when a year passes 9 999). Call inside a transaction. */
export async function nextNumber(trx: DB, kind: NumberKind, year: number): Promise<string> {
  const name = `${kind}-${year}`;
  const row = await trx.insertInto('billing_counters').values({ name, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql`billing_counters.value + 1` }))
    .returning('value').executeTakeFirstOrThrow();
  return `${PREFIX[kind]}-${year}-${String(row.value).padStart(4, '0')}`;
}
