// The read-only trial (issue 14, "Plans and trials"): a district whose status is 'trial' and whose
// trial_ends_at has passed can read and export everything but change nothing. One middleware, mounted
// once by app.ts right after the signed-in user is loaded and before every feature router, answers each
// state-changing /api request of such a district's user with 402 and TRIAL_ENDED_MESSAGE. Feature
// routes never check the trial themselves.
import type { RequestHandler } from 'express';
import { TRIAL_ENDED_MESSAGE } from '../../common/schemas/billing';
import { SAFE_METHODS } from '../http/csrf';
import { HttpError } from '../http/errors';

/** The district's trial has ended (status still 'trial', end in the past): it is read-only. */
export function trialHasEnded(district: { status: string; trial_ends_at: string | null }, now = Date.now()): boolean {
  if (district.status !== 'trial' || !district.trial_ends_at) return false;
  const ends = Date.parse(district.trial_ends_at);
  return Number.isFinite(ends) && ends <= now;
}

const DAY_MS = 24 * 3600_000;

/** Whole days left in a trial, rounded up (0 once it has ended); null when the district is not on one. */
export function trialDaysLeft(district: { status: string; trial_ends_at: string | null }, now = Date.now()): number | null {
  if (district.status !== 'trial' || !district.trial_ends_at) return null;
  const ends = Date.parse(district.trial_ends_at);
  if (!Number.isFinite(ends)) return null;
  return Math.max(0, Math.ceil((ends - now) / DAY_MS));
}

/**
 * The writes that keep working after a trial ends (paths under /api), so the district can still buy
 * and its people can still sign in and out and look after their own login:
 * - /auth/…: sign in and out, password reset, accepting invites, impersonate and unimpersonate;
 * - /account/…: a person's own profile, email and password (their login, not district data);
 * - /account-migration/{token}: a person moving their own login to another district's invitation;
 * - /billing, /quote and /quote/…: the billing contact and quotes, the way to buy a plan;
 * - /client-error: browser error reports (they are ours, not the district's);
 * - /alert/{id}/dismiss: hiding an announcement (a personal preference), so the banner can be read;
 * - /support-request: writing to Coachwell support (the way to reach a person, above all when stuck);
 * - /district/export: starting the district's full export (issue 32: the district's data is its own, trial or not).
 * Matched case-insensitively with an optional trailing slash, as the router matches paths.
 */
const WRITABLE_AFTER_TRIAL: readonly RegExp[] = [
  /^\/auth(\/.*)?$/i,
  /^\/account(\/.*)?$/i,
  /^\/account-migration\/[^/]+\/?$/i,
  /^\/billing\/?$/i,
  /^\/quote(\/.*)?$/i,
  /^\/client-error\/?$/i,
  /^\/alert\/[^/]+\/dismiss\/?$/i,
  /^\/support-request\/?$/i,
  /^\/district\/export\/?$/i,
];

export function writableAfterTrial(path: string): boolean {
  return WRITABLE_AFTER_TRIAL.some((pattern) => pattern.test(path));
}

export const trialEnded = () => new HttpError(402, TRIAL_ENDED_MESSAGE, 'trial_ended');

/**
 * 402 for every non-GET/HEAD/OPTIONS request of a district user whose district's trial has ended, but
 * the paths above. `req.path` is relative to the /api mount. Provider staff are never affected, except
 * while impersonating such a district's user: the session then acts as that user, and is refused too.
 * Extending the trial (an admin action) changes the district row, which reloads the signed-in context
 * (identity/context.ts), so writes work again on the very next request.
 */
export const refuseWritesAfterTrial: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const district = req.auth?.district;
  if (!district || !trialHasEnded(district) || writableAfterTrial(req.path)) return next();
  next(trialEnded());
};
