// The User (spec §3): who is signed in, answered by GET /api/auth/user, sign-in, registration, an
// accepted invitation, impersonation and the profile's change (server/identity/presenter.ts presentAuthUser).
import * as z from 'zod/mini';
import type { AuthUser } from '../../authUser';
import { LOCALES } from '../../locales';
import { id, instant, ref, type SameShape } from './shapes';

export const authUserAnswer = z.strictObject({
  id,
  name: z.string(),
  email: z.string(),
  date_locale: z.string(),
  /** The interface language (issue 33): the person's own, else the district's, else `en`. */
  locale: z.enum(LOCALES),
  timezone: z.string(),
  /** `admin` for Coachwell's staff, `app` for district users. */
  area: z.enum(['app', 'admin']),
  last_login_at: z.nullable(instant),
  /** Null for Coachwell's staff (not impersonating). */
  district: z.nullable(z.strictObject({
    id,
    name: z.string(),
    state: z.string(),
    timezone: z.string(),
    status: z.enum(['trial', 'active', 'suspended']),
    trial_ends_at: z.nullable(instant),
    plan: z.strictObject({ key: z.string(), name: z.string() }),
    /** The plan's features (keys of common/permissions.ts PLAN_FEATURES). */
    features: z.array(z.string()),
    /** Site settings: educators see who has read about them (issue 29); their menu leaves the entry out when off. */
    educator_read_log_visible: z.boolean(),
  })),
  /** Permission names (with their scope suffix) and role names. */
  security: z.strictObject({ permissions: z.array(z.string()), roles: z.array(z.string()) }),
  buildings: z.array(ref),
  impersonating: z.boolean(),
  /** The provider staff member acting as this user. */
  impersonator: z.nullable(z.strictObject({ id, name: z.string(), email: z.string() })),
});
export type AuthUserAnswer = z.infer<typeof authUserAnswer>;
export const authUserAnswerMatches: SameShape<AuthUserAnswer, AuthUser> = true;
