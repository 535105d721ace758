// The admin operations contract (issue 13): the cross-district audit feed, the Logs (client errors,
// server errors, security events) with their retention setting, and the admin dashboard's figures.
import * as z from 'zod/mini';
import { filterObject, optionalIsoDate, positiveId } from './query';

export const LOG_KINDS = ['client', 'server', 'security'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

// 'database-busy': a 503 answered because the database could not take the write in time (SQLite's lock,
// PostgreSQL's retried conflicts; server/http/errors.ts): kept here, apart from the server errors, as a
// refusal the person may simply repeat, with the same per-minute cap as the other refusals.
export const SECURITY_EVENT_KINDS = ['failed-sign-in', 'rate-limited', 'csrf-refused', 'database-busy'] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];
export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  'failed-sign-in': 'Failed sign-in',
  'rate-limited': 'Rate limited',
  'csrf-refused': 'CSRF refused',
  'database-busy': 'Database busy (503)',
};

export const LOG_RETENTION = { min: 7, max: 730, default: 90 } as const;

export const ADMIN_OPS_MESSAGES = {
  retentionRange: `Retention must be a whole number of days from ${LOG_RETENTION.min} to ${LOG_RETENTION.max}.`,
  providerAdminOnly: 'Only a Coachwell administrator can change the log retention.',
  providerOnly: 'This area is for Coachwell staff.',
  logNotFound: 'We could not find that log entry.',
  cursor: 'Cursor must be a cursor from a previous page.',
} as const;

const shortText = (label: string, max = 200) =>
  z.pipe(
    z.optional(z.string({ error: `${label} must be text.` }).check(z.maxLength(max, `${label} must be at most ${max} characters.`))),
    z.transform((v) => (v ?? '').trim()),
  );

const optionalId = (label: string) =>
  z.pipe(
    z.optional(z.string({ error: `${label} must be an ID.` })),
    z.transform((v) => (v === undefined ? null : v.trim() === '' ? null : v.trim())),
  ).check(z.refine((v) => v === null || positiveId(v) !== undefined, `${label} must be an ID.`));

const date = optionalIsoDate;

/** A range given both ways round is a mistake to name, not an empty answer. */
const rangeInOrder = (f: { from?: unknown; to?: unknown }) =>
  typeof f.from !== 'string' || typeof f.to !== 'string' || f.from <= f.to;

/** The filters of a dated list: a range given both ways round is refused on `to`. */
const filters = <T extends z.core.$ZodLooseShape>(shape: T, names: string) =>
  z.prefault(
    filterObject(shape, names).check(z.refine((f) => rangeInOrder(f as { from?: unknown; to?: unknown }), { path: ['to'], message: 'To must be on or after From.' })),
    {} as never,
  );

/** GET /api/admin/audit query (besides per_page): dates are UTC days, inclusive. */
export const auditFeedQuerySchema = z.object({
  filter: filters({
    district_id: optionalId('District'),
    actor: shortText('Person', 200),
    action: shortText('Action', 100),
    from: date('From'),
    to: date('To'),
  }, 'district_id, actor, action, from and to'),
  cursor: shortText('Cursor', 100),
});
export type AuditFeedQuery = z.output<typeof auditFeedQuerySchema>;

/** GET /api/admin/log query (besides page, per_page). */
export const logListQuerySchema = z.object({
  kind: z.pipe(
    z.optional(z.string({ error: 'Kind must be client, server or security.' })),
    z.transform((v) => (v === undefined || v === '' ? 'client' : v)),
  ).check(z.refine((v) => (LOG_KINDS as readonly string[]).includes(v), 'Kind must be client, server or security.')),
  filter: filters({
    search: shortText('Search', 200),
    district_id: optionalId('District'),
    user: shortText('User', 200),
    from: date('From'),
    to: date('To'),
    security_kind: z.pipe(
      z.optional(z.string({ error: 'Security kind must be one of failed-sign-in, rate-limited, csrf-refused, database-busy.' })),
      z.transform((v) => (v === undefined || v === '' ? null : v)),
    ).check(z.refine((v) => v === null || (SECURITY_EVENT_KINDS as readonly string[]).includes(v), 'Security kind must be one of failed-sign-in, rate-limited, csrf-refused, database-busy.')),
  }, 'search, district_id, user, from, to and security_kind'),
});
export type LogListQuery = z.output<typeof logListQuerySchema>;

/** PUT /api/admin/log-settings */
export const logSettingsSchema = z.object({
  retention_days: z.number({ error: ADMIN_OPS_MESSAGES.retentionRange }).check(
    z.refine(Number.isInteger, ADMIN_OPS_MESSAGES.retentionRange),
    z.gte(LOG_RETENTION.min, ADMIN_OPS_MESSAGES.retentionRange),
    z.lte(LOG_RETENTION.max, ADMIN_OPS_MESSAGES.retentionRange),
  ),
});
export type LogSettingsInput = z.input<typeof logSettingsSchema>;

export interface PersonRef {
  id: number;
  name: string;
  email: string;
}
export interface DistrictRef {
  id: number;
  name: string;
}

/** One read in a run of reads: the screen it came from (null for an older row) and the API path it read. */
export interface AuditRead {
  id: number;
  at: string;
  screen: string | null;
  path: string | null;
}

/**
 * One entry of the feed: an audit row, or a run of reads of one impersonation (`reads` set: the fields
 * above it are those of the newest read; `at` its time).
 */
export interface AuditEntry {
  /** The newest row's id. */
  id: number;
  action: string;
  /** The person the action is recorded under (the impersonated user when impersonating). */
  actor: PersonRef | null;
  /** The provider staff member acting as `actor`, else null. */
  impersonator: PersonRef | null;
  district: DistrictRef | null;
  subject: { type: string; id: number | null; label: string | null } | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  user_agent: string | null;
  at: string;
  /** The entry as a sentence without its time: "Dana Ruiz updated the article “Getting started” in Maple Grove Schools". */
  sentence: string;
  /** The impersonated request (POST, PUT…) that made this change, when it is folded into it. */
  request: { id: number; at: string; method: string | null; path: string | null } | null;
  /** A run of reads: how many, from when to when, and each read (oldest first, at most 100 listed). */
  reads: { count: number; screens: number; first_at: string; last_at: string; items: AuditRead[] } | null;
}
export interface AuditFeed {
  data: AuditEntry[];
  meta: { per_page: number; next_cursor: string | null };
}

export interface LogEntry {
  id: number;
  kind: LogKind;
  /** The error message, or the security event's kind label and what it concerned. */
  message: string;
  /** failed-sign-in … for security events, else null. */
  security_kind: SecurityEventKind | null;
  status: number | null;
  method: string | null;
  /** The browser URL (client), API path (server, security). */
  url: string | null;
  user: PersonRef | null;
  district: DistrictRef | null;
  email: string | null;
  ip: string | null;
  at: string;
}
export interface LogDetail extends LogEntry {
  stack: string | null;
  user_agent: string | null;
  request_id: string | null;
  details: Record<string, unknown> | null;
}
export interface LogList {
  data: LogEntry[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}
export interface LogSettings {
  retention_days: number;
  can_change: boolean;
  updated_at: string | null;
}

export interface DashboardFigure {
  key: string;
  label: string;
  count: number;
  /** The admin screen listing what the figure counts. */
  link: string | null;
}
export interface AdminDashboard {
  districts_by_status: DashboardFigure[];
  districts_by_plan: DashboardFigure[];
  trials_ending: { id: number; name: string; plan: string; trial_ends_at: string; link: string }[];
  active_users: { last_7_days: number; last_30_days: number; link: string };
  /** `link`: the districts by last activity (where the usage behind the count is, district by district). */
  interactions_this_week: { count: number; since: string; link: string };
  errors_last_24_hours: { client: DashboardFigure; server: DashboardFigure };
  generated_at: string;
}
