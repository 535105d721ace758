// Whole answers of the busiest reads (a coach's agenda, the heat map, the educators list), kept in this
// process while nothing they were read from has changed. Every write to a district's people, schools,
// educators or coaching data bumps that district's version (database triggers, migration
// 20261127_0110_district_versions, whichever process or CLI wrote), so an answer is served again only
// while its district's version, its reader and its query are the same, and not past the moment its
// content would change by time alone (a scheduled interaction becoming "needs completing").
import { compiledOnce } from '../../db/compiledOnce';
import type { DB } from '../../db/connection';

/** What the kept answers of one process may hold in all (bodies and keys, as UTF-16 strings). */
export const KEPT_ANSWER_BYTES = 64 * 1024 * 1024;
/** An answer longer than this is never kept (one export-sized answer would push out hundreds). */
const LARGEST_KEPT_ANSWER = 4 * 1024 * 1024;

const districtVersionQuery = compiledOnce((db: DB, districtId: number) =>
  db.selectFrom('district_versions').select('version').where('district_id', '=', districtId));

/**
 * The change version of a district: 0 until its first write after the migration, then bumped by every
 * statement writing its rows. Read it BEFORE the data it guards: a write landing in between then only
 * makes the kept answer look older than it is.
 */
export async function districtVersion(db: DB, districtId: number): Promise<number> {
  const [row] = await districtVersionQuery(db, districtId);
  return row?.version ?? 0;
}

interface Entry {
  stamp: number;
  body: string;
  /** Epoch ms after which the body may be wrong by time alone (Infinity: never). */
  validUntil: number;
  bytes: number;
}

/** The kept answers of one database, least recently used first (a Map keeps insertion order). Exported for its tests. */
export class AnswerKeeper {
  private readonly entries = new Map<string, Entry>();
  /** Computations under way, by key: requests missing at the same version wait for them. */
  readonly running = new Map<string, { stamp: number; body: Promise<string> }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string, stamp: number, now: number): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Past its moment, or a newer version read: it can never be wanted again.
    if (now >= entry.validUntil || stamp > entry.stamp) {
      this.remove(key, entry);
      return undefined;
    }
    // An older version read (before a write another request has already seen): the newer entry stays.
    if (stamp < entry.stamp) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, stamp: number, body: string, validUntil: number): void {
    const bytes = 2 * (key.length + body.length);
    if (bytes > LARGEST_KEPT_ANSWER) return;
    const old = this.entries.get(key);
    if (old) {
      if (old.stamp > stamp) return;
      this.remove(key, old);
    }
    this.entries.set(key, { stamp, body, validUntil, bytes });
    this.bytes += bytes;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldestKey, oldest);
    }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

const keepers = new WeakMap<DB, AnswerKeeper>();

function keeperOf(db: DB): AnswerKeeper {
  let keeper = keepers.get(db);
  if (!keeper) {
    keeper = new AnswerKeeper(KEPT_ANSWER_BYTES);
    keepers.set(db, keeper);
  }
  return keeper;
}

/** What a kept read computes: its answer, and when it would change by time alone (epoch ms; 0 keeps nothing). */
export interface Computed {
  answer: unknown;
  validUntil?: number;
}

/**
 * The JSON text of `query`'s answer for `reader` (identity/context.ts readerKey: who they are and what they
 * may see) in a district: the kept one while the district's data stands, else `compute()`'s, then kept.
 * Requests that miss together at the same version wait for one computation instead of each running their
 * own (after a write, every request in flight misses at once). Call it after validating and authorizing,
 * before reading anything: the district's version is read first. An error of `compute` keeps nothing and
 * reaches every request that waited for it (the same reader and query: the same error).
 */
export async function keptAnswer(db: DB, districtId: number, reader: string, query: unknown, compute: () => Promise<Computed>): Promise<string> {
  const keeper = keeperOf(db);
  const stamp = await districtVersion(db, districtId);
  const key = `${districtId}\u0000${reader}\u0000${JSON.stringify(query)}`;
  const kept = keeper.get(key, stamp, Date.now());
  if (kept !== undefined) return kept;
  const running = keeper.running.get(key);
  if (running && running.stamp === stamp) return running.body;
  const body = (async () => {
    const { answer, validUntil = Infinity } = await compute();
    const text = JSON.stringify(answer);
    if (validUntil > Date.now()) keeper.set(key, stamp, text, validUntil);
    return text;
  })();
  keeper.running.set(key, { stamp, body });
  try {
    return await body;
  } finally {
    if (keeper.running.get(key)?.body === body) keeper.running.delete(key);
  }
}
