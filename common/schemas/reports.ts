// The reports' contract (issue 11): the query every report takes and the shape each answers.
// GET /api/report/{kind} answers JSON; GET /api/report/{kind}.csv?table=… the CSV of one table shown.
// Permission `see engagement` with its scope (district; `.building` the caller's schools; `.self` a coach's
// own work). teacher-level and comparison need the plan feature `advanced-reports`.
//
// Counting rules (the server's queries and the client's labels both follow them):
// - An interaction counts when it is completed and not deleted, and starts within from..to (dates in the
//   district's timezone, inclusive). Minutes are its duration_minutes; hours = minutes / 60.
// - `building_id` matches the interaction's school (interactions.building_id); for educator rows and the
//   roster, the educator's school on the `to` date.
// - `grade_level`, `subject` and `group_id` describe educators: an interaction counts when at least one of
//   its participants matches, and only matching participants count as "reached".
// - The roster is the active educators the caller may see that match the filters; "reached" = distinct
//   roster educators who took part in at least one counted interaction.
import * as z from 'zod/mini';
import { filterParam, isIsoDate, listOf, optionalIsoDate, positiveId } from './query';
import { planFeatureMessage } from '../plans';
import {
  ADVANCED_REPORT_KINDS, COMPARE_BY, type CompareBy, DATE_PRESETS, type DatePreset, REPORT_KINDS, REPORT_TITLES, type ReportKind, TEACHER_VIEWS, TREND_INTERVALS, type TrendInterval,
} from '../reportValues';

// The kinds, titles and value lists a screen shows live in common/reportValues.ts (no zod).
export {
  ADVANCED_REPORT_KINDS, COMPARE_BY, type CompareBy, DATE_PRESETS, type DatePreset, REPORT_KINDS, REPORT_TITLES, type ReportKind, TEACHER_VIEWS, TREND_INTERVALS, type TrendInterval,
};

/** The plan gate's 403 (server/access/guards.ts requireFeature): kept for code that imports it. */
export const REPORTS_PLAN_MESSAGE = planFeatureMessage('advanced-reports');



/**
 * The filters every report takes, bracket style: filter[from], filter[to] (YYYY-MM-DD; both absent =
 * this school year up to today, from the district's school_year_start_month, in the district's
 * timezone), filter[building_id][], filter[coach_id][], filter[interaction_type_id][], filter[group_id][],
 * filter[grade_level][] (PK, K, 1 … 12), filter[subject][]. from after to is a 422 on filter.to; a range
 * longer than 5 years is a 422 on filter.from.
 */
export const reportFilterSchema = filterParam({
  from: optionalIsoDate('From'),
  to: optionalIsoDate('To'),
  building_id: listOf('School', positiveId, 'School must be a school ID.'),
  coach_id: listOf('Coach', positiveId, 'Coach must be a coach ID.'),
  interaction_type_id: listOf('Type', positiveId, 'Type must be an interaction type ID.'),
  group_id: listOf('Group', positiveId, 'Group must be a group ID.'),
  grade_level: listOf('Grade level', (v) => (/^(PK|K|[1-9]|1[0-2])$/.test(v) ? v : undefined), 'Grade level must be PK, K or 1 to 12.'),
  subject: listOf('Subject', (v) => (v.length <= 100 ? v : undefined), 'Subject must be at most 100 characters.'),
}, 'from, to, building_id, coach_id, interaction_type_id, group_id, grade_level and subject');
export type ReportFilter = z.output<typeof reportFilterSchema>;

const sortParam = z.pipe(
  z.optional(z.string({ error: 'Sort must be a column name, optionally preceded by -.' })),
  z.transform((v) => (v === undefined || v.trim() === '' ? null : v.trim())),
).check(z.refine((v) => v === null || /^-?[a-z_]{1,40}$/.test(v), 'Sort must be a column name, optionally preceded by -.'));

/** GET /api/report/interactions: + interval (week | month; default month for ranges over 13 weeks). */
export const interactionsReportQuerySchema = z.object({
  filter: reportFilterSchema,
  interval: z.optional(z.enum(TREND_INTERVALS, { error: 'Interval must be week or month.' })),
});

/** GET /api/report/coaching-cycles: cycles overlapping from..to (started on or before to, not finished before from). */
export const cyclesReportQuerySchema = z.object({ filter: reportFilterSchema });

export const TEACHER_SORTS = ['name', 'school', 'interactions', 'minutes', 'days_since_last_contact', 'cycles_active', 'cycles_completed'] as const;
/** GET /api/report/teacher-level: view (all | not-coached: no counted interaction since the school year began), sort (a TEACHER_SORTS column, - for descending; default name), page, per_page (≤ 100). */
export const teacherLevelQuerySchema = z.object({
  filter: reportFilterSchema,
  view: z.optional(z.enum(TEACHER_VIEWS, { error: 'View must be all or not-coached.' })),
  sort: sortParam,
});

export const COACH_SORTS = ['name', 'caseload', 'interactions', 'coaching_minutes', 'educators_reached', 'cycles_active', 'cycles_completed'] as const;
/** GET /api/report/coaching-team: sort (a COACH_SORTS column; default name). */
export const coachingTeamQuerySchema = z.object({ filter: reportFilterSchema, sort: sortParam });

/**
 * GET /api/report/comparison: compare (building | group | coach | period) and the two segments:
 * a, b = ids of two schools, groups or coaches; for period, a_from, a_to, b_from, b_to (dates). The other
 * filters apply to both segments; a filter on the compared dimension is ignored. Each missing or
 * malformed segment value is a 422 naming it (a, b, a_from …); an id outside the caller's scope or district is
 * a 422 on that field too ("School must be a school ID." etc.).
 */
export const comparisonQuerySchema = z.object({
  filter: reportFilterSchema,
  compare: z.enum(COMPARE_BY, { error: 'Compare must be building, group, coach or period.' }),
  a: z.optional(z.string()),
  b: z.optional(z.string()),
  a_from: z.optional(z.string()),
  a_to: z.optional(z.string()),
  b_from: z.optional(z.string()),
  b_to: z.optional(z.string()),
}).check(z.superRefine((q, ctx) => {
  if (q.compare === 'period') {
    for (const key of ['a_from', 'a_to', 'b_from', 'b_to'] as const) {
      if (!q[key] || !isIsoDate(q[key])) ctx.issues.push({ code: 'custom', path: [key], message: 'Choose a date for each period (YYYY-MM-DD).', input: q[key] });
    }
    if (q.a_from && q.a_to && q.a_from > q.a_to) ctx.issues.push({ code: 'custom', path: ['a_to'], message: 'The end of a period must be on or after its start.', input: q.a_to });
    if (q.b_from && q.b_to && q.b_from > q.b_to) ctx.issues.push({ code: 'custom', path: ['b_to'], message: 'The end of a period must be on or after its start.', input: q.b_to });
  } else {
    for (const key of ['a', 'b'] as const) {
      if (!q[key] || positiveId(q[key]) === undefined) ctx.issues.push({ code: 'custom', path: [key], message: 'Choose two to compare.', input: q[key] });
    }
  }
}));

/**
 * GET /api/report/walkthroughs (plan feature `observation-forms`): form_id (one of the district's observation
 * forms; default the built-in walkthrough); filter[coach_id] is the observer.
 */
export const walkthroughsReportQuerySchema = z.object({
  filter: reportFilterSchema,
  form_id: z.pipe(
    z.optional(z.string({ error: 'Form must be an observation form ID.' })),
    z.transform((v) => (v === undefined || v === '' ? null : positiveId(v) ?? -1)),
  ).check(z.refine((v) => v !== -1, 'Form must be an observation form ID.')),
});

export interface WalkthroughItem {
  lineage_id: number;
  label: string;
  section: string | null;
  kind: 'look_for' | 'rating' | 'choice' | 'text' | 'number';
  /** Answers given (a look-for's not applicable included). */
  answered: number;
  seen: number | null;
  not_seen: number | null;
  not_applicable: number | null;
  /** seen / (seen + not seen); null when none applied. */
  rate: number | null;
  average: number | null;
  scale: number | null;
  distribution: { value: string; count: number }[];
}

/** The walkthrough report: one form over all its versions (items followed by lineage). */
export interface WalkthroughsReport {
  range: ReportRange;
  form: { id: number; name: string; versions: number };
  forms: { id: number; name: string; archived: boolean }[];
  headline: { observations: number; educators: number; classrooms: number; look_for_rate: number | null };
  items: WalkthroughItem[];
  months: { month: string; observations: number; look_for_rate: number | null }[];
  schools: { id: number | null; name: string; observations: number; educators: number; look_for_rate: number | null; items: Record<string, number | null> }[];
}

/** `table` of a CSV export: which table of the report (each report's first table is the default). */
export const REPORT_TABLES: Record<ReportKind, readonly string[]> = {
  interactions: ['by_coach', 'by_school', 'by_type', 'trend', 'action_steps_by_coach', 'action_steps_by_school', 'requests_by_coach', 'requests_by_school'],
  'coaching-cycles': ['by_coach', 'by_school', 'funnel'],
  'teacher-level': ['educators'],
  'coaching-team': ['coaches'],
  comparison: ['measures'],
  walkthroughs: ['items', 'schools', 'months'],
};
export const reportTableParam = (kind: ReportKind) => z.pipe(
  z.optional(z.string({ error: 'Table must be one of the report\'s tables.' })),
  z.transform((v) => (v === undefined || v === '' ? REPORT_TABLES[kind][0]! : v)),
).check(z.refine((v) => REPORT_TABLES[kind].includes(v), `Table must be one of ${REPORT_TABLES[kind].join(', ')}.`));

// ---------------------------------------------------------------------------------------------------
// Answers. Every report answers `range` (the resolved dates) and `targets` where the district set them.

export interface ReportRange {
  from: string;
  to: string;
  /** The district's timezone the dates are read in. */
  timezone: string;
}
export interface NamedRef { id: number; name: string }

/** Coaching targets set in Site settings (district settings `coaching_targets`); null = not set. */
export interface CoachingTargets {
  /** Completed interactions per educator per month, at least. */
  interactions_per_educator_per_month: number | null;
  /** Coaching cycles per new teacher (hired within the last year) per semester, at least. */
  cycles_per_new_teacher_per_semester: number | null;
}
export interface TargetProgress {
  targets: CoachingTargets;
  /** Roster educators whose interactions per month in the range are below the target. */
  educators_below_interaction_target: number | null;
  /** New teachers without the targeted number of cycles in the current semester. */
  new_teachers_below_cycle_target: number | null;
}

/**
 * Action steps due in the range (not dropped; steps without a due day count nowhere here): done on or before
 * the due day, done after it, still open past it (today), and on time / (on time + late + overdue).
 */
export interface FollowThroughFigures {
  due: number;
  on_time: number;
  late: number;
  overdue: number;
  /** 0..1; null when no step due in the range is done or overdue yet. */
  on_time_share: number | null;
}
/** Coaching requests made in the range (educator-initiated coaching), as they stand now. */
export interface RequestFigures {
  received: number;
  accepted: number;
  /** Passed on at least once (by coach: left that coach's queue by a pass). */
  passed: number;
  /** Open or passed, waiting for a coach to accept (by coach: waiting in that coach's queue). */
  waiting: number;
  withdrawn: number;
}

export interface InteractionsReport {
  range: ReportRange;
  headline: {
    interactions: number;
    minutes: number;
    educators_reached: number;
    roster_size: number;
    /** reached / roster, 0..1; null for an empty roster. */
    reached_share: number | null;
    /** Counted interactions that were the session an accepted coaching request scheduled. */
    educator_initiated: number;
  };
  trend: { interval: TrendInterval; points: Array<{ period_start: string; interactions: number; minutes: number; educators_reached: number }> };
  by_type: Array<{ id: number; name: string; colour: string; interactions: number; minutes: number }>;
  by_school: Array<{ id: number | null; name: string; interactions: number; minutes: number; educators_reached: number; roster_size: number }>;
  by_coach: Array<{ id: number; name: string; interactions: number; minutes: number; educators_reached: number; educator_initiated: number }>;
  targets: TargetProgress | null;
  /** Action steps of the roster's educators due in the range: in all, by coach (their caseload on `to`), by school (the educator's on `to`). */
  action_steps: {
    headline: FollowThroughFigures;
    by_coach: Array<{ id: number; name: string } & FollowThroughFigures>;
    by_school: Array<{ id: number | null; name: string } & FollowThroughFigures>;
  };
  /** Coaching requests the roster's educators made in the range: in all, by coach (their queue), by school (the educator's on `to`). */
  requests: {
    headline: RequestFigures;
    by_coach: Array<{ id: number; name: string } & RequestFigures>;
    by_school: Array<{ id: number | null; name: string } & RequestFigures>;
  };
}

export type CycleStatus = 'planned' | 'active' | 'completed' | 'cancelled';
export interface CyclesReport {
  range: ReportRange;
  headline: {
    cycles: number;
    active: number;
    completed: number;
    overdue: number;
    /** completed / cycles (every cycle counted, whatever its status), 0..1; null when none. */
    completion_rate: number | null;
    average_days_to_complete: number | null;
  };
  by_status: Array<{ status: CycleStatus; cycles: number }>;
  /** The stages in order: cycles now in it, cycles that ever entered it, average days spent against expected. */
  funnel: Array<{ stage_id: number; name: string; expected_days: number; now: number; entered: number; average_days: number | null; overdue: number }>;
  outcomes: { met: number; partly_met: number; not_met: number; not_recorded: number };
  /** Per coach and per school: `cycles` all the cycles counted, completion_rate = completed / cycles (as the headline). */
  by_coach: Array<{ id: number; name: string; cycles: number; active: number; completed: number; overdue: number; met: number; completion_rate: number | null }>;
  by_school: Array<{ id: number | null; name: string; cycles: number; active: number; completed: number; overdue: number; met: number; completion_rate: number | null }>;
  targets: TargetProgress | null;
}

export interface TeacherLevelRow {
  staff: NamedRef;
  school: NamedRef | null;
  interactions: number;
  minutes: number;
  last_contact_on: string | null;
  days_since_last_contact: number | null;
  cycles_active: number;
  cycles_completed: number;
  /** Per framework domain: the first and the latest rating in the range (the domain's average over its skills, 1 decimal). */
  skill_growth: Array<{ domain_id: number; first: number | null; latest: number | null; change: number | null }>;
  below_target: boolean;
}
export interface TeacherLevelReport {
  range: ReportRange;
  headline: { educators: number; coached: number; not_coached: number; average_interactions: number | null };
  domains: NamedRef[];
  data: TeacherLevelRow[];
  meta: { page: number; per_page: number; total: number; last_page: number };
  targets: TargetProgress | null;
}

export interface CoachingTeamRow {
  coach: NamedRef;
  caseload: number;
  interactions: number;
  coaching_minutes: number;
  /** Minutes of interactions whose type does not count as coaching. */
  other_interaction_minutes: number;
  /** Minutes of logged time (activities), all categories. */
  activity_minutes: number;
  educators_reached: number;
  cycles_active: number;
  cycles_completed: number;
  /** The action steps of their caseload due in the range (as the interactions report's action_steps.by_coach). */
  action_steps: FollowThroughFigures;
  /** Coaching requests made in the range that reached their queue (as the interactions report's requests.by_coach). */
  requests: RequestFigures;
  /** Their counted interactions that were the session an accepted coaching request scheduled. */
  educator_initiated: number;
}
export interface CoachingTeamReport {
  range: ReportRange;
  headline: { coaches: number; interactions: number; coaching_minutes: number; activity_minutes: number; educators_reached: number };
  data: CoachingTeamRow[];
  /** Time use over the whole team: coaching, other interactions, then each activity category. */
  time_use: Array<{ key: string; label: string; minutes: number }>;
}

export interface ComparisonMeasure {
  key: 'interactions' | 'minutes' | 'educators_reached' | 'reached_share' | 'roster_size' | 'cycles_active' | 'cycles_completed' | 'average_interactions_per_educator';
  label: string;
  a: number | null;
  b: number | null;
  /** b - a; null when either is null. */
  difference: number | null;
}
export interface ComparisonReport {
  range: ReportRange;
  compare: CompareBy;
  segments: { a: { label: string; from: string; to: string }; b: { label: string; from: string; to: string } };
  measures: ComparisonMeasure[];
}

// ---------------------------------------------------------------------------------------------------
// Scheduled report emails (subscriptions) and coaching targets.

export const SUBSCRIPTION_FREQUENCIES = ['weekly', 'monthly'] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];

/**
 * POST /api/report-subscription { report, frequency, query } → 201 ReportSubscription. `query` is the
 * report view's query string without the leading '?' (filters, interval, view, compare …), re-validated
 * on every send. GET /api/report-subscription → { data: ReportSubscription[] } (the caller's own);
 * DELETE /api/report-subscription/{id} → 204. GET /api/report-subscription/unsubscribe/{token} (the
 * email's one-click link; POST for RFC 8058 List-Unsubscribe-Post) → a plain confirmation page.
 */
export const reportSubscriptionPayloadSchema = z.object({
  report: z.enum(REPORT_KINDS, { error: 'Report must be one of the six reports.' }),
  frequency: z.enum(SUBSCRIPTION_FREQUENCIES, { error: 'Frequency must be weekly or monthly.' }),
  query: z.pipe(
    z.optional(z.string({ error: 'Query must be text.' })),
    z.transform((v) => (v ?? '').replace(/^\?/, '')),
  ).check(z.refine((v) => v.length <= 2000, 'Query must be at most 2000 characters.')),
});
export type ReportSubscriptionPayload = z.output<typeof reportSubscriptionPayloadSchema>;

export interface ReportSubscription {
  id: number;
  report: ReportKind;
  frequency: SubscriptionFrequency;
  query: string;
  /** A readable summary of the filters ("This school year · Lincoln Elementary"). */
  description: string;
  next_run_at: string;
  last_sent_at: string | null;
  created_at: string;
}

/** PUT /api/district { coaching_targets } (Site settings): each a positive number or null. */
const targetNumber = (label: string) => z.pipe(
  z.optional(z.nullable(z.union([z.number(), z.string()], { error: `${label} must be a number.` }))),
  z.transform((v) => (v === undefined || v === null || v === '' ? null : Number(v))),
).check(z.refine((v) => v === null || (Number.isFinite(v) && v > 0 && v <= 100), `${label} must be a number from 0.1 to 100.`));
export const coachingTargetsSchema = z.object({
  interactions_per_educator_per_month: targetNumber('Interactions per educator per month'),
  cycles_per_new_teacher_per_semester: targetNumber('Cycles per new teacher per semester'),
});
