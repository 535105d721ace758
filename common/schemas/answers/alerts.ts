// The alert answers: the provider's (Admin → Alerts) and the banner's; server/features/alerts/presenter.ts.
import * as z from 'zod/mini';
import { type AdminAlert, ALERT_AUDIENCES, type AlertAudienceOptions, ALERT_LEVELS, ALERT_STATES, type CurrentAlert } from '../alerts';
import { id, instant, ref, type SameShape } from './shapes';

export const adminAlertAnswer = z.strictObject({
  id,
  title: z.string(),
  body: z.string(),
  level: z.enum(ALERT_LEVELS),
  audience: z.enum(ALERT_AUDIENCES),
  audience_values: z.array(z.strictObject({ value: z.union([z.string(), z.number()]), label: z.string() })),
  starts_at: instant,
  ends_at: z.nullable(instant),
  state: z.enum(ALERT_STATES),
  dismissals: z.number(),
  created_by: z.nullable(ref),
  updated_by: z.nullable(ref),
  created_at: instant,
  updated_at: instant,
});
export type AdminAlertAnswer = z.infer<typeof adminAlertAnswer>;
export const adminAlertAnswerMatches: SameShape<AdminAlertAnswer, AdminAlert> = true;

export const currentAlertAnswer = z.strictObject({
  id,
  title: z.string(),
  level: z.enum(ALERT_LEVELS),
  html: z.string(),
  starts_at: instant,
  ends_at: z.nullable(instant),
  dismissible: z.boolean(),
});
export type CurrentAlertAnswer = z.infer<typeof currentAlertAnswer>;
export const currentAlertAnswerMatches: SameShape<CurrentAlertAnswer, CurrentAlert> = true;

/** GET /api/admin/alert-audience: what an announcement's audience may be chosen from. */
export const alertAudienceOptionsAnswer = z.strictObject({
  plans: z.array(z.strictObject({ key: z.string(), name: z.string() })),
  roles: z.array(z.strictObject({ name: z.string(), label: z.string() })),
  /** Districts matching the search (at most 20, by name). */
  districts: z.array(z.strictObject({ id, name: z.string(), state: z.string() })),
});
export type AlertAudienceOptionsAnswer = z.infer<typeof alertAudienceOptionsAnswer>;
export const alertAudienceOptionsAnswerMatches: SameShape<AlertAudienceOptionsAnswer, AlertAudienceOptions> = true;
