// Work without a signal (issue 31), the server's side of syncing: idempotent creates and version-checked edits
// (common/syncValues.ts holds the messages and the rules in words).
// - A create carrying a `client_id` (the device's UUID for the record) looks for a record its author already
//   made in the district with that id (migration 20261204_0174: one per district, author and client id, a partial
//   unique index) in the same transaction as the write: found, it answers that record (the route's 200) and
//   writes nothing, no audit row, no email; deleted since, the record's own 404. Two such creates at once: on
//   SQLite they run one after the other (BEGIN IMMEDIATE), so the second finds the first; on PostgreSQL both may
//   look before either has committed, and the second's insert waits on the unique index and then fails: its
//   transaction is rolled back (nothing of it written) and it answers the record the first one made.
// - An edit carrying `base_updated_at` is checked in its writing transaction, after the record's lock
//   (db/locks.ts `lockRecord`), against the stored `updated_at`: another version is 409 `edit_conflict`.
import { sql, type Transaction } from 'kysely';
import { EDIT_CONFLICT_CODE } from '../../common/syncValues';
import { type DB, isUniqueViolation } from '../../db/connection';
import type { Database } from '../../db/types';
import { HttpError, notFound } from '../http/errors';

/** The tables whose creates take a client id, and each one's author column (part of the unique index). */
const AUTHOR = { interactions: 'created_by', observations: 'observer_id', action_steps: 'set_by_user_id' } as const;
export type ClientIdTable = keyof typeof AUTHOR;

/** Whose create it is: the table, the district and the author (the actor), and the client id sent (null: none). */
export interface ClientKey {
  table: ClientIdTable;
  districtId: number;
  userId: number;
  clientId: string | null;
  /** The record's 404 message: a repeat whose record was deleted since. */
  notFoundMessage: string;
}

/** What a create did: `created` the value its write answered, else the id of the record a repeat answers. */
export type Made<T> = { created: true; value: T } | { created: false; id: number };

/** The record this author already made in the district with this client id; 404 when it was deleted since. */
async function madeBefore(db: DB, key: ClientKey & { clientId: string }): Promise<number | undefined> {
  // Action steps are never deleted (only dropped, which is a state of the record).
  const deletedAt = key.table === 'action_steps' ? sql<null>`null` : sql.ref<string | null>('deleted_at');
  const { rows: [row] } = await sql<{ id: number; deleted_at: string | null }>`select id, ${deletedAt} as deleted_at
    from ${sql.table(key.table)}
    where district_id = ${key.districtId} and ${sql.ref(AUTHOR[key.table])} = ${key.userId} and client_id = ${key.clientId}`.execute(db);
  if (!row) return undefined;
  if (row.deleted_at !== null) throw notFound(key.notFoundMessage);
  return Number(row.id);
}

/**
 * A create that a repeat of its client id answers instead of running again: `write` runs in one transaction
 * (its record written with `client_id: key.clientId`, and its audit row) unless the author already made a record
 * with that client id in the district.
 */
export async function createOnce<T>(db: DB, key: ClientKey, write: (trx: Transaction<Database>) => Promise<T>): Promise<Made<T>> {
  const { clientId } = key;
  if (clientId === null) return { created: true, value: await db.transaction().execute(write) };
  try {
    return await db.transaction().execute(async (trx): Promise<Made<T>> => {
      const id = await madeBefore(trx, { ...key, clientId });
      return id !== undefined ? { created: false, id } : { created: true, value: await write(trx) };
    });
  } catch (err) {
    // A create with the same client id committed first (PostgreSQL): this transaction was rolled back; answer that one.
    if (!isUniqueViolation(err)) throw err;
    const id = await madeBefore(db, { ...key, clientId });
    if (id === undefined) throw err;
    return { created: false, id };
  }
}

const sameInstant = (a: string, b: string) => a === b || Date.parse(a) === Date.parse(b);

/**
 * An edit from the version `base` (its `updated_at`; null: not checked) of a record now at `updatedAt`: another
 * version is 409 `edit_conflict` with the feature's message. Call it in the writing transaction after the
 * record's lock, so no write lands between the check and the edit.
 */
export function requireBaseVersion(base: string | null, updatedAt: string, message: string): void {
  if (base !== null && !sameInstant(base, updatedAt)) throw new HttpError(409, message, EDIT_CONFLICT_CODE);
}

/**
 * The `updated_at` of an edit of a record last changed at `before`: now, and always later than `before` (two
 * edits within one millisecond, or a clock set back, would otherwise leave the version an edit started from
 * looking current).
 */
export function editedAt(before: string, now: string): string {
  const previous = Date.parse(before);
  return Number.isNaN(previous) || Date.parse(now) > previous ? now : new Date(previous + 1).toISOString();
}
