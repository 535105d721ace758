// The explicit locks of check-then-write transactions (issue 34). On PostgreSQL transactions run at READ
// COMMITTED (db/postgres.ts): each statement sees what was committed before it began, and two
// transactions may read the same "before" and both write on it. A transaction whose writes depend on what
// it read (a count, a uniqueness check, a next number, a "still in this state") takes one of these locks
// before it reads, and so runs after every other transaction that took the same lock, seeing all they
// wrote: what SQLite's one writer (BEGIN IMMEDIATE) gives every transaction. On SQLite each is a no-op
// for that reason. Every caller says in a comment which rule it keeps.
import { sql } from 'kysely';
import type { DB } from './connection';
import { isPostgres } from './migrationHelpers';

/** The advisory-lock namespace of a district's writers (migration 20261129_0153; 7217 and 7218 are the rollups'). */
const DISTRICT_WRITERS = 7219;

/**
 * A district's writes one at a time: the district's writers' lock, which every write to the district's
 * data takes shared from its first statement to its commit (the district-version triggers, migration
 * 20261129_0153: writers never wait for one another on it), taken here exclusively. So a transaction that
 * takes it first runs its checks after every other writer of the district has committed, and no writer
 * of the district commits between its checks and its own commit.
 */
export async function lockDistrictWrites(trx: DB, districtId: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(${sql.lit(DISTRICT_WRITERS)}, hashtext(${String(districtId)}))`.execute(trx);
}

/** Tables whose records are edited under lockRecord (one record's edits one at a time). */
export type LockedTable = 'interactions' | 'activities' | 'coaching_cycles' | 'staff' | 'users' | 'districts' | 'quotes' | 'invoices' | 'imports' | 'observations' | 'action_steps';

/**
 * One record's edits one at a time: `select … for update` of its row, so a second edit of the same record
 * waits for the first to commit and then reads what it wrote (its checks and its "before" for the audit
 * row), while edits of other records go on side by side.
 */
export async function lockRecord(trx: DB, table: LockedTable, id: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select 1 from ${sql.table(table)} where id = ${id} for update`.execute(trx);
}

/** The advisory-lock namespace of lockNamed (db/dialect.ts's import runs use 7215). */
const NAMED_LOCKS = 7216;

/**
 * A lock on a rule outside any one district's rows (a login's email across districts, the provider's
 * administrators, a claim between processes): PostgreSQL's transaction-scoped advisory lock on the name.
 */
export async function lockNamed(trx: DB, name: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(${sql.lit(NAMED_LOCKS)}, hashtext(${name}))`.execute(trx);
}
