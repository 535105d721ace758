// The alerts contract (issue 13): the provider's announcements (/api/admin/alert) and the banner of
// current alerts district users read (/api/alert). Request schemas, messages and answer shapes shared by
// server and client. Times travel as UTC instants; the admin screen shows them in the staff member's
// profile timezone.
import * as z from 'zod/mini';
import { isUtcTimestamp, optionalTrimmed, text, utcTimestamp } from './fields';
import { DISTRICT_ROLES } from './users';

export const ALERT_TITLE_MAX = 150;
export const ALERT_BODY_MAX = 5000;
export const ALERT_AUDIENCE_VALUES_MAX = 500;

export const ALERT_LEVELS = ['info', 'warning', 'critical'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];
export const ALERT_LEVEL_LABELS: Record<AlertLevel, string> = { info: 'Info', warning: 'Warning', critical: 'Critical' };

export const ALERT_AUDIENCES = ['everyone', 'plan', 'districts', 'roles'] as const;
export type AlertAudience = (typeof ALERT_AUDIENCES)[number];
export const ALERT_AUDIENCE_LABELS: Record<AlertAudience, string> = {
  everyone: 'Everyone', plan: 'Plans', districts: 'Chosen districts', roles: 'Chosen roles',
};

/** scheduled: not started yet; current: started and not ended; ended: its end has passed. */
export const ALERT_STATES = ['scheduled', 'current', 'ended'] as const;
export type AlertState = (typeof ALERT_STATES)[number];
export const ALERT_STATE_LABELS: Record<AlertState, string> = { scheduled: 'Scheduled', current: 'Current', ended: 'Ended' };

/** The roles an alert can be aimed at: the district roles. */
export const ALERT_ROLES = DISTRICT_ROLES;

export const ALERT_MESSAGES = {
  notFound: 'We could not find that alert.',
  level: 'Level must be info, warning or critical.',
  audience: 'Audience must be everyone, plan, districts or roles.',
  valuesList: 'Audience values must be a list.',
  valuesItem: 'Each audience value must be a plan key, a district id or a role name.',
  choosePlan: 'Choose at least one plan.',
  chooseDistrict: 'Choose at least one district.',
  chooseRole: 'Choose at least one role.',
  unknownPlan: 'Choose plans that exist.',
  unknownDistrict: 'Choose districts that exist.',
  unknownRole: 'Choose district roles (administrator, principal, coach or educator).',
  tooManyValues: `Choose at most ${ALERT_AUDIENCE_VALUES_MAX} values.`,
  body: `Body must be at most ${ALERT_BODY_MAX} characters.`,
  bodyText: 'Body must be text.',
  endsAfterStarts: 'The end must be after the start.',
  criticalNotDismissible: 'Critical alerts cannot be dismissed.',
  dismissWhileImpersonating: 'While impersonating you cannot dismiss alerts for this person: they will still see it.',
  providerOnly: 'Alerts are managed by Coachwell staff.',
} as const;

const optionalEnd = optionalTrimmed('End must be a UTC timestamp (ISO 8601).', isUtcTimestamp, 'End must be a UTC timestamp (ISO 8601).');

const MISSING_VALUE: Record<Exclude<AlertAudience, 'everyone'>, string> = {
  plan: ALERT_MESSAGES.choosePlan, districts: ALERT_MESSAGES.chooseDistrict, roles: ALERT_MESSAGES.chooseRole,
};

/**
 * POST /api/admin/alert and PUT /api/admin/alert/{id}. `audience_values` holds plan keys (plan),
 * district ids (districts) or role names (roles); it is ignored for everyone. That the plans and
 * districts exist is checked by the server.
 */
export const alertPayloadSchema = z.pipe(
  z.object({
    title: text('Title', ALERT_TITLE_MAX),
    body: z.pipe(
      z.optional(z.nullable(z.string({ error: ALERT_MESSAGES.bodyText }))),
      z.transform((v) => (v ?? '').trim()),
    ).check(z.refine((v) => v.length <= ALERT_BODY_MAX, ALERT_MESSAGES.body)),
    level: z.enum(ALERT_LEVELS, { error: ALERT_MESSAGES.level }),
    audience: z.enum(ALERT_AUDIENCES, { error: ALERT_MESSAGES.audience }),
    audience_values: z._default(
      z.array(z.union([z.string(), z.number()], { error: ALERT_MESSAGES.valuesItem }), { error: ALERT_MESSAGES.valuesList })
        .check(z.maxLength(ALERT_AUDIENCE_VALUES_MAX, ALERT_MESSAGES.tooManyValues)),
      [],
    ),
    starts_at: utcTimestamp('Start'),
    ends_at: optionalEnd,
  }).check(
    z.superRefine((v, ctx) => {
      if (v.ends_at !== null && Date.parse(v.ends_at) <= Date.parse(v.starts_at)) {
        ctx.issues.push({ code: 'custom', message: ALERT_MESSAGES.endsAfterStarts, path: ['ends_at'], input: v.ends_at });
      }
      if (v.audience === 'everyone') return;
      const issue = (message: string) => {
        ctx.issues.push({ code: 'custom', message, path: ['audience_values'], input: v.audience_values });
      };
      if (v.audience_values.length === 0) return issue(MISSING_VALUE[v.audience]);
      if (v.audience === 'districts' && !v.audience_values.every((x) => typeof x === 'number' && Number.isSafeInteger(x) && x > 0)) {
        return issue(ALERT_MESSAGES.unknownDistrict);
      }
      if (v.audience === 'plan' && !v.audience_values.every((x) => typeof x === 'string' && x.length > 0 && x.length <= 60)) {
        return issue(ALERT_MESSAGES.unknownPlan);
      }
      if (v.audience === 'roles' && !v.audience_values.every((x) => (ALERT_ROLES as readonly unknown[]).includes(x))) {
        return issue(ALERT_MESSAGES.unknownRole);
      }
    }),
  ),
  z.transform((v) => ({
    ...v,
    ends_at: v.ends_at === null ? null : new Date(v.ends_at).toISOString(),
    audience_values: v.audience === 'everyone' ? [] : [...new Set(v.audience_values.map((x) => (typeof x === 'number' ? x : x.trim())))],
  })),
);

export type AlertPayloadInput = z.input<typeof alertPayloadSchema>;
export type AlertPayload = z.output<typeof alertPayloadSchema>;

/** GET /api/admin/alert query (besides page, per_page). */
export const alertListQuerySchema = z.object({
  search: z.pipe(
    z.optional(z.string({ error: 'Search must be text.' }).check(z.maxLength(100, 'Search must be at most 100 characters.'))),
    z.transform((v) => (v ?? '').trim()),
  ),
  filter: z._default(
    z.object({
      level: z.optional(z.enum(ALERT_LEVELS, { error: ALERT_MESSAGES.level })),
      state: z.optional(z.enum(ALERT_STATES, { error: 'State must be scheduled, current or ended.' })),
    }, { error: 'Filter must be an object.' }),
    {},
  ),
});

/** GET /api/admin/alert-audience query: the district picker's search. */
export const alertAudienceQuerySchema = z.object({
  search: z.pipe(
    z.optional(z.string({ error: 'Search must be text.' }).check(z.maxLength(100, 'Search must be at most 100 characters.'))),
    z.transform((v) => (v ?? '').trim()),
  ),
});

/** One value of an alert's audience with its label (plan name, district name, role label). */
export interface AlertAudienceValue {
  value: string | number;
  label: string;
}

/** An alert as the admin calls answer it. */
export interface AdminAlert {
  id: number;
  title: string;
  body: string;
  level: AlertLevel;
  audience: AlertAudience;
  audience_values: AlertAudienceValue[];
  starts_at: string;
  ends_at: string | null;
  state: AlertState;
  /** How many people dismissed it. */
  dismissals: number;
  created_by: { id: number; name: string } | null;
  updated_by: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
}

export interface AdminAlertList {
  data: AdminAlert[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

/** GET /api/admin/alert-audience: what an alert can be aimed at. */
export interface AlertAudienceOptions {
  plans: { key: string; name: string }[];
  roles: { name: string; label: string }[];
  /** Districts matching the search (at most 20, by name). */
  districts: { id: number; name: string; state: string }[];
}

/** One current alert of the signed-in district user (GET /api/alert). */
export interface CurrentAlert {
  id: number;
  title: string;
  level: AlertLevel;
  /** The body rendered by common/markdown.ts on the server (no raw HTML, safe links). */
  html: string;
  starts_at: string;
  ends_at: string | null;
  dismissible: boolean;
}

export interface CurrentAlertList {
  data: CurrentAlert[];
}
