import type { DB } from '../db/connection';
import type { Config } from './config';
import type { Mailer } from './lib/mailer';
import type { RateLimiter } from './http/rateLimit';
import type { FetchLike } from './lib/publicAddress';

/** Everything a feature's routes need, passed in by createApp so tests can swap any part. */
export interface Deps {
  db: DB;
  config: Config;
  mailer: Mailer;
  limiter: RateLimiter;
  log: (...args: unknown[]) => void;
  /**
   * Single sign-on's requests to providers (issuer, token and key addresses, "Test connection"). Unset: lib/publicAddress.ts's
   * publicOnlyFetch, or plain fetch with SSO_ALLOW_HTTP=1. Tests set one with their own private-address rule.
   */
  ssoFetch?: FetchLike;
}
