// The district login answer (User settings): server/features/users/presenter.ts presentDistrictUser.
import * as z from 'zod/mini';
import { type DistrictUser, type OwnUserSettings, USER_STATUSES } from '../users';
import { id, instant, ref, type SameShape } from './shapes';

export const districtUserAnswer = z.strictObject({
  id,
  name: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  roles: z.array(z.strictObject({ name: z.string(), label: z.string() })),
  buildings: z.array(ref),
  last_login_at: z.nullable(instant),
  invite: z.nullable(z.strictObject({ expires_at: instant, expired: z.boolean() })),
});
export type DistrictUserAnswer = z.infer<typeof districtUserAnswer>;
export const districtUserAnswerMatches: SameShape<DistrictUserAnswer, DistrictUser> = true;

/** GET /api/user/self: the caller's own User settings, and whom to ask (no ids, hashes or others' dates). */
export const ownUserSettingsAnswer = z.strictObject({
  name: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  last_login_at: z.nullable(instant),
  roles: z.array(z.strictObject({ name: z.string(), label: z.string() })),
  buildings: z.array(ref),
  district: z.strictObject({ name: z.string() }),
  /** The district's administrators: names and emails. */
  administrators: z.array(z.strictObject({ name: z.string(), email: z.string() })),
});
export type OwnUserSettingsAnswer = z.infer<typeof ownUserSettingsAnswer>;
export const ownUserSettingsAnswerMatches: SameShape<OwnUserSettingsAnswer, OwnUserSettings> = true;
