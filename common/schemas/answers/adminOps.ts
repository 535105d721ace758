// The provider's operations answers (Admin → Activity, Logs, dashboard): server/features/adminOps/presenter.ts.
import * as z from 'zod/mini';
import { type AdminDashboard, type AuditEntry, type LogDetail, type LogEntry, LOG_KINDS, type LogSettings, SECURITY_EVENT_KINDS } from '../adminOps';
import { id, instant, ref, type SameShape } from './shapes';

const person = z.strictObject({ id, name: z.string(), email: z.string() });
/** Free-form details as recorded (JSON object). */
const details = z.nullable(z.record(z.string(), z.unknown()));

export const auditEntryAnswer = z.strictObject({
  /** The newest row's id. */
  id,
  action: z.string(),
  /** Whom the action is recorded under (the impersonated user when impersonating). */
  actor: z.nullable(person),
  /** The provider staff member acting as `actor`. */
  impersonator: z.nullable(person),
  district: z.nullable(ref),
  subject: z.nullable(z.strictObject({ type: z.string(), id: z.nullable(id), label: z.nullable(z.string()) })),
  details,
  ip: z.nullable(z.string()),
  user_agent: z.nullable(z.string()),
  at: instant,
  /** The entry as a sentence, without its time. */
  sentence: z.string(),
  /** The impersonated write request folded into this change. */
  request: z.nullable(z.strictObject({ id, at: instant, method: z.nullable(z.string()), path: z.nullable(z.string()) })),
  /** A run of an impersonation's reads: how many, when, and each (oldest first, at most 100 listed). */
  reads: z.nullable(z.strictObject({
    count: z.number(),
    screens: z.number(),
    first_at: instant,
    last_at: instant,
    items: z.array(z.strictObject({ id, at: instant, screen: z.nullable(z.string()), path: z.nullable(z.string()) })),
  })),
});
export type AuditEntryAnswer = z.infer<typeof auditEntryAnswer>;
export const auditEntryAnswerMatches: SameShape<AuditEntryAnswer, AuditEntry> = true;

const logEntryFields = {
  id,
  kind: z.enum(LOG_KINDS),
  /** The error message, or the security event's label and what it concerned. */
  message: z.string(),
  security_kind: z.nullable(z.enum(SECURITY_EVENT_KINDS)),
  status: z.nullable(z.number()),
  method: z.nullable(z.string()),
  /** The browser URL (client), the API path (server, security). */
  url: z.nullable(z.string()),
  user: z.nullable(person),
  district: z.nullable(ref),
  email: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  at: instant,
};
export const logEntryAnswer = z.strictObject(logEntryFields);
export type LogEntryAnswer = z.infer<typeof logEntryAnswer>;
export const logEntryAnswerMatches: SameShape<LogEntryAnswer, LogEntry> = true;

export const logDetailAnswer = z.strictObject({
  ...logEntryFields,
  stack: z.nullable(z.string()),
  user_agent: z.nullable(z.string()),
  request_id: z.nullable(z.string()),
  details,
});
export type LogDetailAnswer = z.infer<typeof logDetailAnswer>;
export const logDetailAnswerMatches: SameShape<LogDetailAnswer, LogDetail> = true;

export const logSettingsAnswer = z.strictObject({
  /** Days each log keeps its entries. */
  retention_days: z.number(),
  /** The caller may change it (provider administrators). */
  can_change: z.boolean(),
  updated_at: z.nullable(instant),
});
export type LogSettingsAnswer = z.infer<typeof logSettingsAnswer>;
export const logSettingsAnswerMatches: SameShape<LogSettingsAnswer, LogSettings> = true;

/** A figure with the admin screen listing what it counts. */
const figure = z.strictObject({ key: z.string(), label: z.string(), count: z.number(), link: z.nullable(z.string()) });
export const adminDashboardAnswer = z.strictObject({
  districts_by_status: z.array(figure),
  districts_by_plan: z.array(figure),
  trials_ending: z.array(z.strictObject({ id, name: z.string(), plan: z.string(), trial_ends_at: instant, link: z.string() })),
  active_users: z.strictObject({ last_7_days: z.number(), last_30_days: z.number(), link: z.string() }),
  interactions_this_week: z.strictObject({ count: z.number(), since: z.string(), link: z.string() }),
  errors_last_24_hours: z.strictObject({ client: figure, server: figure }),
  generated_at: instant,
});
export type AdminDashboardAnswer = z.infer<typeof adminDashboardAnswer>;
export const adminDashboardAnswerMatches: SameShape<AdminDashboardAnswer, AdminDashboard> = true;
