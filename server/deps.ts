import type { DB } from '../db/connection';
import type { Config } from './config';
import type { Mailer } from './lib/mailer';
import type { RateLimiter } from './http/rateLimit';

/** Everything a feature's routes need, passed in by createApp so tests can swap any part. */
export interface Deps {
  db: DB;
  config: Config;
  mailer: Mailer;
  limiter: RateLimiter;
  log: (...args: unknown[]) => void;
}
