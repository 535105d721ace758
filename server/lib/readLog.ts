// The read log (issue 29, "Who has read about me"): a read endpoint of records about educators calls
// `recordRead(db, req, staffIds, kind)` once it knows which educators the answer is about. A row says who read
// (the district login, and the provider staff member impersonating it, if any), their role labels then, the
// educator, the kind of record and the district's day; never what was read. At most one row per reader,
// educator, kind and day (the unique index of migration 20261202_0168, INSERT … ON CONFLICT DO NOTHING), and no
// query at all on a repeat read that day: an in-process memo of (reader, educator, kind, day) per database.
// A person reading records about themself (their own login is the educator's staff.user_id) writes nothing.
// docs/guide/who-has-read-about-me.md lists which reads count.
import type { Request } from 'express';
import { sql } from 'kysely';
import { ROLE_PERMISSIONS } from '../../common/permissions';
import { READ_LOG_KINDS } from '../../common/readLogValues';
import { todayIn } from '../../common/zone';
import type { DB } from '../../db/connection';
import type { ReadKind } from '../../db/types';

export type { ReadKind };
export const READ_KINDS: readonly ReadKind[] = READ_LOG_KINDS;

/** How long a row is kept: two years, purged by `pruneReadLog` in the hourly maintenance (server/main.ts). */
export const READ_LOG_KEEP_YEARS = 2;

/** Keys already written (or found to be the reader's own) per database; cleared past this size or on a new UTC day. */
const MEMO_LIMIT = 200_000;
const memos = new WeakMap<object, { utcDay: number; keys: Set<string> }>();

function memoOf(db: DB, now: number): Set<string> {
  const utcDay = Math.floor(now / 86_400_000);
  let memo = memos.get(db);
  // Keys name the district's day, so yesterday's keys would only be unused: drop them once a day.
  if (!memo || memo.utcDay !== utcDay || memo.keys.size > MEMO_LIMIT) {
    memo = { utcDay, keys: new Set() };
    memos.set(db, memo);
  }
  return memo.keys;
}

/**
 * Today in a timezone, worked out at most once a minute per zone (every zone's day starts on a whole minute):
 * formatting a date in a zone is most of a repeat read's cost otherwise.
 */
const zoneDays = new Map<string, { minute: number; day: string }>();
function dayIn(timeZone: string, now: number): string {
  const minute = Math.floor(now / 60_000);
  const kept = zoneDays.get(timeZone);
  if (kept && kept.minute === minute) return kept.day;
  const day = todayIn(timeZone, new Date(now));
  zoneDays.set(timeZone, { minute, day });
  return day;
}

/** The reader's role labels, in the roles' own order ("Coach", "Principal (building administrator)"). */
export function roleLabelOf(roles: readonly string[]): string {
  const known = Object.keys(ROLE_PERMISSIONS).filter((name) => roles.includes(name));
  const labels = [...known.map((name) => ROLE_PERMISSIONS[name]!.label), ...roles.filter((r) => !ROLE_PERMISSIONS[r])];
  return labels.join(', ') || 'District user';
}

/**
 * Writes the read of `kind` records about each of `staffIds` by the request's reader, once a day. Call it from a
 * read endpoint after authorizing and finding the records (the ids are educators of the reader's district the
 * answer shows). No-op for a guest, provider staff outside a district, or an empty list.
 */
export async function recordRead(db: DB, req: Request, staffIds: number | readonly number[], kind: ReadKind): Promise<void> {
  const auth = req.auth;
  if (!auth?.district || auth.user.district_id === null) return;
  const ids = typeof staffIds === 'number' ? [staffIds] : [...new Set(staffIds)];
  if (!ids.length) return;
  const districtId = auth.district.id;
  const readerId = auth.user.id;
  const impersonatedBy = auth.impersonator?.id ?? null;
  const now = Date.now();
  const day = dayIn(auth.district.timezone, now);
  const memo = memoOf(db, now);
  const prefix = `${districtId}|${readerId}|${impersonatedBy ?? 0}|${kind}|${day}|`;
  const fresh = ids.filter((id) => !memo.has(prefix + id));
  if (!fresh.length) return;
  // One statement: the educators of the district among `fresh` whose login is not the reader's own.
  await db.insertInto('record_reads')
    .columns(['district_id', 'staff_id', 'reader_user_id', 'reader_role', 'impersonated_by', 'kind', 'day'])
    .expression((eb) => eb.selectFrom('staff')
      .select([
        'staff.district_id', 'staff.id',
        sql<number>`cast(${readerId} as bigint)`.as('reader_user_id'),
        sql<string>`cast(${roleLabelOf(auth.roles)} as text)`.as('reader_role'),
        sql<number | null>`cast(${impersonatedBy} as bigint)`.as('impersonated_by'),
        sql<string>`cast(${kind} as text)`.as('kind'),
        sql<string>`cast(${day} as text)`.as('day'),
      ])
      .where('staff.district_id', '=', districtId)
      .where('staff.id', 'in', fresh)
      .where((w) => w.or([w('staff.user_id', 'is', null), w('staff.user_id', '<>', readerId)])))
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const id of fresh) memo.add(prefix + id);
}

/** Deletes read log rows older than two years (every district; the `day` index). Returns how many. */
export async function pruneReadLog(db: DB, now = new Date()): Promise<number> {
  const cutoff = `${now.getUTCFullYear() - READ_LOG_KEEP_YEARS}-${now.toISOString().slice(5, 10)}`;
  const result = await db.deleteFrom('record_reads').where('day', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** Forgets the memo of a database (tests that write rows by hand, or purge them, between reads). */
export function forgetReadMemo(db: DB): void {
  memos.delete(db);
}
