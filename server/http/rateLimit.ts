import type { Request } from 'express';
import { sql } from 'kysely';
import type { DB } from '../../db/connection';
import { HttpError, tooManyRequests } from './errors';

/** How often one limiter deletes the rows of windows that have ended. */
export const PRUNE_EVERY_MS = 60_000;

/**
 * Fixed-window counters in the database (`rate_limits`, migration 20261125_0100), so every app process
 * on the same database counts together (issue 15): a sign-in failing on one process counts on the next.
 * Each count is one atomic upsert, never a read then a write, so two processes counting the same key at
 * once both count. A limiter that is not `enabled` (load benchmarks, most tests) never touches the table.
 */
export class RateLimiter {
  private lastPrune = 0;

  constructor(private readonly db: DB, private readonly enabled: boolean) {}

  /**
   * Counts this call against `key` and throws 429 (Retry-After: the seconds left in the window) when
   * `key` was hit more than `limit` times in the current window.
   */
  async hit(key: string, limit: number, windowMs = 60_000): Promise<void> {
    if (!this.enabled) return;
    const now = Date.now();
    const window = await this.count(key, windowMs, now);
    if (window.count > limit) throw tooManyRequests(secondsUntil(window.resetAt, now));
  }

  /**
   * Throws 429 with Retry-After when `key` already reached `limit` in its window, without counting
   * this call: pair it with `record` to count only what should count (failed sign-ins).
   */
  async check(key: string, limit: number): Promise<void> {
    if (!this.enabled) return;
    const now = Date.now();
    const row = await this.db.selectFrom('rate_limits').select(['count', 'reset_at']).where('key', '=', key).executeTakeFirst();
    if (row && row.reset_at > now && row.count >= limit) throw tooManyRequests(secondsUntil(row.reset_at, now));
  }

  /** Counts one event against `key` in a fixed window of `windowMs`; answers the window's count so far. */
  async record(key: string, windowMs = 60_000): Promise<number> {
    if (!this.enabled) return 0;
    return (await this.count(key, windowMs, Date.now())).count;
  }

  /** Deletes the rows of windows that ended by `now` (the limiter does it itself every PRUNE_EVERY_MS). */
  async prune(now = Date.now()): Promise<void> {
    this.lastPrune = now;
    await this.db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
  }

  /**
   * One statement: a new key, or one whose window ended, starts a window of `windowMs` at 1; otherwise
   * its count goes up by one. SQLite (3.35+) and PostgreSQL both run this upsert with RETURNING.
   */
  private async count(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }> {
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      // Housekeeping only: a failed prune (the database busy) must not fail the request it rides on.
      await this.prune(now).catch(() => {});
    }
    const ended = sql<boolean>`rate_limits.reset_at <= ${now}`;
    const row = await this.db.insertInto('rate_limits')
      .values({ key, count: 1, reset_at: now + windowMs })
      .onConflict((oc) => oc.column('key').doUpdateSet({
        count: sql<number>`case when ${ended} then 1 else rate_limits.count + 1 end`,
        reset_at: sql<number>`case when ${ended} then ${now + windowMs} else rate_limits.reset_at end`,
      }))
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), resetAt: Number(row.reset_at) };
  }
}

const secondsUntil = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));

export const clientKey = (req: Request, ...parts: (string | undefined)[]) =>
  [req.ip ?? 'unknown', ...parts.map((p) => (p ?? '').toLowerCase())].join('|');

/**
 * Counts a call against `key` like `limiter.hit`, but a refusal answers 429 with `message` (the limiter's
 * own says "a minute"; an hourly or daily email limit names its own wait).
 */
export async function hitWithMessage(limiter: RateLimiter, key: string, max: number, windowMs: number, message: string): Promise<void> {
  try {
    await limiter.hit(key, max, windowMs);
  } catch (err) {
    if (err instanceof HttpError && err.status === 429) throw new HttpError(429, message, 'rate_limited');
    throw err;
  }
}
