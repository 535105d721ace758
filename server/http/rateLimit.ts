import type { Request } from 'express';
import { tooManyRequests } from './errors';

/**
 * A fixed-window limiter in process memory: enough for one Express process. A multi-process
 * deployment moves the counters to the database or Redis behind the same interface.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly enabled: boolean) {}

  /** Throws 429 when `key` was hit more than `limit` times in the current window. */
  hit(key: string, limit: number, windowMs = 60_000): void {
    if (this.record(key, windowMs) > limit) throw tooManyRequests();
  }

  /**
   * Throws 429 with Retry-After when `key` already reached `limit` in its window, without counting
   * this call: pair it with `record` to count only what should count (failed sign-ins).
   */
  check(key: string, limit: number): void {
    if (!this.enabled) return;
    const now = Date.now();
    const entry = this.hits.get(key);
    if (entry && entry.resetAt > now && entry.count >= limit) throw tooManyRequests(Math.ceil((entry.resetAt - now) / 1000));
  }

  /** Counts one event against `key` in a fixed window of `windowMs`; answers the window's count so far. */
  record(key: string, windowMs = 60_000): number {
    if (!this.enabled) return 0;
    const now = Date.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size > 10_000) this.sweep(now);
      this.hits.set(key, { count: 1, resetAt: now + windowMs });
      return 1;
    }
    entry.count += 1;
    return entry.count;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

export const clientKey = (req: Request, ...parts: (string | undefined)[]) =>
  [req.ip ?? 'unknown', ...parts.map((p) => (p ?? '').toLowerCase())].join('|');
