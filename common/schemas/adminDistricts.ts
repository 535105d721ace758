// The admin Districts contract (issue 13): the provider's list and view of districts, the account actions
// (extend a trial, change plan or seats, suspend, reactivate) and suspension's sign-in message. Request
// schemas, messages and answer shapes shared by server and client.
import * as z from 'zod/mini';
import { US_STATES } from '../constants';
import type { DistrictDeletionSchedule, DistrictPurgeProgress } from './districtDeletion';
import { optionalTrimmed } from './fields';
import { filterParam, isIsoDate, sortParam } from './query';

/**
 * What a suspended district's users are told at sign-in (POST /api/auth/login answers 403 with it).
 * Their sessions end on their next request; provider impersonation still works.
 */
export const DISTRICT_SUSPENDED_MESSAGE =
  "Your district's Coachwell account is suspended. Please contact your district administrator or support@coachwell.example.";

export const DISTRICT_STATUSES = ['trial', 'active', 'suspended'] as const;
export type DistrictStatus = (typeof DISTRICT_STATUSES)[number];

export const DISTRICT_STATUS_LABELS: Record<DistrictStatus, string> = { trial: 'Trial', active: 'Active', suspended: 'Suspended' };

/** Sorts of GET /api/admin/district; a leading `-` sorts descending. */
export const DISTRICT_SORT_KEYS = ['name', 'created', 'users', 'educators', 'last_activity', 'trial_end'] as const;
export type DistrictSortKey = (typeof DISTRICT_SORT_KEYS)[number];
export const DISTRICT_SORTS = DISTRICT_SORT_KEYS.flatMap((k) => [k, `-${k}`]) as readonly string[];

/** How many days a trial may be extended at once, and how far ahead an end date may be chosen. */
export const TRIAL_EXTENSION_MAX_DAYS = 90;
export const TRIAL_UNTIL_MAX_DAYS = 365;
export const MAX_SEATS = 10_000;
export const REASON_MAX = 500;
/** The district page lists this many of its users (with the total). */
export const DISTRICT_USERS_SHOWN = 50;
export const DISTRICT_IMPORTS_SHOWN = 10;

export const ADMIN_DISTRICT_MESSAGES = {
  notFound: 'We could not find that district.',
  adminOnly: "Only a provider administrator can change a district's plan, seats or status.",
  daysOrUntil: 'Enter a number of days or an end date.',
  notBoth: 'Choose either a number of days or an end date, not both.',
  days: `Days must be a whole number from 1 to ${TRIAL_EXTENSION_MAX_DAYS}.`,
  untilFormat: 'End date must be a date (YYYY-MM-DD).',
  untilPast: 'End date must be after today.',
  untilTooFar: `End date must be within ${TRIAL_UNTIL_MAX_DAYS} days.`,
  untilBeforeCurrent: 'End date must be after the current trial end.',
  notOnTrial: 'Only a district on a trial can have its trial extended.',
  planRequired: 'Plan is required.',
  planUnknown: 'Choose a plan from the list.',
  seats: `Seats must be a whole number from 1 to ${MAX_SEATS}.`,
  reasonRequired: 'Reason is required.',
  reasonTooLong: `Reason must be at most ${REASON_MAX} characters.`,
  reasonText: 'Reason must be text.',
  alreadySuspended: 'This district is already suspended.',
  notSuspended: 'This district is not suspended.',
  planUnchanged: 'The plan and seats are already these.',
} as const;
const M = ADMIN_DISTRICT_MESSAGES;

const optionalText = (label: string, max: number) => z.pipe(
  z.optional(z.string({ error: `${label} must be text.` })),
  z.transform((v) => (v ?? '').trim()),
).check(z.refine((v) => v.length <= max, `${label} must be at most ${max} characters.`));

/** GET /api/admin/district: `search` (name, slug, state), `filter[plan|status|state]`, `sort`, `page`, `per_page`. */
export const districtListQuerySchema = z.object({
  search: optionalText('Search', 100),
  sort: sortParam(DISTRICT_SORTS, 'name'),
  filter: filterParam({
    plan: z.pipe(
      z.optional(z.string({ error: 'Plan must be a plan key.' })),
      z.transform((v) => (v ?? '').trim()),
    ).check(z.refine((v) => v === '' || /^[a-z0-9-]{1,40}$/.test(v), 'Plan must be a plan key.')),
    status: z.pipe(
      z.optional(z.string({ error: 'Status must be trial, active or suspended.' })),
      z.transform((v) => (v ?? '').trim()),
    ).check(z.refine((v) => v === '' || (DISTRICT_STATUSES as readonly string[]).includes(v), 'Status must be trial, active or suspended.')),
    state: z.pipe(
      z.optional(z.string({ error: 'State must be a US state code.' })),
      z.transform((v) => (v ?? '').trim().toUpperCase()),
    ).check(z.refine((v) => v === '' || v in US_STATES, 'State must be a US state code.')),
  }, 'plan, status and state'),
});
export type DistrictListQuery = z.output<typeof districtListQuerySchema>;

const reason = optionalText('Reason', REASON_MAX);

/** POST /api/admin/district/{id}/extend-trial: `days` (1–90) or `until` (YYYY-MM-DD), and an optional reason. */
export const extendTrialSchema = z.object({
  days: z.optional(z.nullable(z.number({ error: M.days }).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= TRIAL_EXTENSION_MAX_DAYS, M.days)))),
  until: optionalTrimmed(M.untilFormat, isIsoDate, M.untilFormat),
  reason,
}).check(
  z.refine((v) => v.days != null || v.until !== null, { message: M.daysOrUntil, path: ['days'] }),
  z.refine((v) => v.days == null || v.until === null, { message: M.notBoth, path: ['until'] }),
);
export type ExtendTrialInput = z.input<typeof extendTrialSchema>;

/** PUT /api/admin/district/{id}/plan */
export const changePlanSchema = z.object({
  plan_id: z.number({ error: (iss) => (iss.input == null ? M.planRequired : M.planUnknown) })
    .check(z.refine((n) => Number.isSafeInteger(n) && n > 0, M.planUnknown)),
  seats: z.number({ error: M.seats }).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_SEATS, M.seats)),
  reason,
});
export type ChangePlanInput = z.input<typeof changePlanSchema>;

/** POST /api/admin/district/{id}/suspend: the reason is required (the district page shows it). */
export const suspendDistrictSchema = z.object({
  reason: z.string({ error: (iss) => (iss.input == null ? M.reasonRequired : M.reasonText) })
    .check(z.trim(), z.minLength(1, M.reasonRequired), z.maxLength(REASON_MAX, M.reasonTooLong)),
});
export type SuspendDistrictInput = z.input<typeof suspendDistrictSchema>;

/** POST /api/admin/district/{id}/reactivate */
export const reactivateDistrictSchema = z.object({ reason });
export type ReactivateDistrictInput = z.input<typeof reactivateDistrictSchema>;

export interface PlanOption {
  id: number;
  key: string;
  name: string;
}

/** One row of GET /api/admin/district. */
export interface AdminDistrictRow {
  id: number;
  name: string;
  slug: string;
  state: string;
  status: DistrictStatus;
  plan: PlanOption;
  seats: number;
  trial_ends_at: string | null;
  created_at: string;
  /** Logins that are not deactivated (active and invited). */
  users: number;
  /** Schools that are not archived. */
  schools: number;
  /** Active educators on the roster. */
  educators: number;
  /** The latest sign-in of any of the district's people (null: nobody has signed in). */
  last_activity_at: string | null;
  /** When its scheduled deletion is due (null: not scheduled; issue 32). */
  deletion_due_at: string | null;
}

export interface AdminDistrictList {
  data: AdminDistrictRow[];
  meta: { page: number; per_page: number; total: number; last_page: number; plans: PlanOption[] };
}

export interface AdminDistrictUser {
  id: number;
  name: string;
  email: string;
  roles: { name: string; label: string }[];
  status: 'invited' | 'active' | 'disabled';
  last_login_at: string | null;
}

export interface AdminDistrictSchool {
  id: number;
  name: string;
  code: string | null;
  grade_band: string | null;
  educators: number;
}

export interface AdminDistrictImport {
  id: number;
  kind: 'staff' | 'users';
  file_name: string;
  status: 'pending' | 'running' | 'completed' | 'failed' | 'interrupted';
  total_rows: number;
  created_count: number;
  updated_count: number;
  error_count: number;
  created_by: { id: number; name: string } | null;
  created_at: string;
  finished_at: string | null;
}

/** GET /api/admin/district/{id} */
export interface AdminDistrictDetail {
  id: number;
  name: string;
  slug: string;
  state: string;
  timezone: string;
  school_year_start_month: number;
  status: DistrictStatus;
  plan: PlanOption;
  seats: number;
  /** Active logins holding the coach role (seats are priced per coach). */
  seats_used: number;
  trial_ends_at: string | null;
  suspended_at: string | null;
  suspension_reason: string | null;
  /** Its scheduled deletion (null: not scheduled; issue 32). */
  deletion: DistrictDeletionSchedule | null;
  /** Its purge under way (null: not purging; issue 32): deleted in batches, the page polls until it is gone. */
  purge: DistrictPurgeProgress | null;
  created_at: string;
  users: { data: AdminDistrictUser[]; total: number };
  schools: AdminDistrictSchool[];
  usage: {
    interactions_last_30_days: number;
    active_users_last_30_days: number;
    educators: number;
    last_activity_at: string | null;
  };
  imports: AdminDistrictImport[];
  plans: PlanOption[];
  /** Whether the caller may change plan, seats and status (provider administrators). */
  can_manage: boolean;
}
