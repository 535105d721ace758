// The report answers (GET /api/report/{kind}: server/features/reports/report.ts runReport and queries/),
// the dashboard's pulse (GET /api/report/pulse: reports/pulse.ts) and the scheduled report emails
// (reports/subscriptions.ts presentSubscription). Shares are 0..1 (4 decimals), averages 1 decimal.
import * as z from 'zod/mini';
import type { ReportPulse } from '../pulse';
import {
  COMPARE_BY, type ComparisonReport, type CoachingTeamReport, type CyclesReport, type InteractionsReport, REPORT_KINDS, type ReportSubscription,
  SUBSCRIPTION_FREQUENCIES, type TeacherLevelReport, TREND_INTERVALS,
} from '../reports';
import { CYCLE_STATUSES } from '../../cycleValues';
import { day, id, instant, ref, type SameShape } from './shapes';

const count = z.number();
const share = z.nullable(z.number());
/** The resolved dates of the report and the district's timezone they are read in. */
const range = z.strictObject({ from: day, to: day, timezone: z.string() });
const coachingTargets = z.strictObject({
  interactions_per_educator_per_month: z.nullable(z.number()),
  cycles_per_new_teacher_per_semester: z.nullable(z.number()),
});
/** Progress against the district's coaching targets; null where none is set. */
const targets = z.nullable(z.strictObject({
  targets: coachingTargets,
  educators_below_interaction_target: z.nullable(count),
  new_teachers_below_cycle_target: z.nullable(count),
}));
/** A school row: id null for educators without a school. */
const schoolId = z.nullable(id);
const pageMeta = z.strictObject({ page: z.number(), per_page: z.number(), total: z.number(), last_page: z.number() });

/** Action steps due in the range (not dropped): on time, late, overdue and the on-time share of those. */
const followThrough = { due: count, on_time: count, late: count, overdue: count, on_time_share: share };
/** Coaching requests made in the range, as they stand now. */
const requestCounts = { received: count, accepted: count, passed: count, waiting: count, withdrawn: count };

export const interactionsReportAnswer = z.strictObject({
  range,
  headline: z.strictObject({ interactions: count, minutes: count, educators_reached: count, roster_size: count, reached_share: share, educator_initiated: count }),
  trend: z.strictObject({
    interval: z.enum(TREND_INTERVALS),
    points: z.array(z.strictObject({ period_start: day, interactions: count, minutes: count, educators_reached: count })),
  }),
  by_type: z.array(z.strictObject({ id, name: z.string(), colour: z.string(), interactions: count, minutes: count })),
  by_school: z.array(z.strictObject({ id: schoolId, name: z.string(), interactions: count, minutes: count, educators_reached: count, roster_size: count })),
  by_coach: z.array(z.strictObject({ id, name: z.string(), interactions: count, minutes: count, educators_reached: count, educator_initiated: count })),
  targets,
  action_steps: z.strictObject({
    headline: z.strictObject(followThrough),
    by_coach: z.array(z.strictObject({ id, name: z.string(), ...followThrough })),
    by_school: z.array(z.strictObject({ id: schoolId, name: z.string(), ...followThrough })),
  }),
  requests: z.strictObject({
    headline: z.strictObject(requestCounts),
    by_coach: z.array(z.strictObject({ id, name: z.string(), ...requestCounts })),
    by_school: z.array(z.strictObject({ id: schoolId, name: z.string(), ...requestCounts })),
  }),
});
export type InteractionsReportAnswer = z.infer<typeof interactionsReportAnswer>;
export const interactionsReportAnswerMatches: SameShape<InteractionsReportAnswer, InteractionsReport> = true;

const cycleCounts = { cycles: count, active: count, completed: count, overdue: count, met: count, completion_rate: share };
export const cyclesReportAnswer = z.strictObject({
  range,
  headline: z.strictObject({
    cycles: count, active: count, completed: count, overdue: count, completion_rate: share, average_days_to_complete: z.nullable(z.number()),
  }),
  by_status: z.array(z.strictObject({ status: z.enum(CYCLE_STATUSES), cycles: count })),
  funnel: z.array(z.strictObject({
    stage_id: id, name: z.string(), expected_days: z.number(), now: count, entered: count, average_days: z.nullable(z.number()), overdue: count,
  })),
  outcomes: z.strictObject({ met: count, partly_met: count, not_met: count, not_recorded: count }),
  by_coach: z.array(z.strictObject({ id, name: z.string(), ...cycleCounts })),
  by_school: z.array(z.strictObject({ id: schoolId, name: z.string(), ...cycleCounts })),
  targets,
});
export type CyclesReportAnswer = z.infer<typeof cyclesReportAnswer>;
export const cyclesReportAnswerMatches: SameShape<CyclesReportAnswer, CyclesReport> = true;

export const teacherLevelReportAnswer = z.strictObject({
  range,
  headline: z.strictObject({ educators: count, coached: count, not_coached: count, average_interactions: z.nullable(z.number()) }),
  /** The framework's domains, the columns of `skill_growth`. */
  domains: z.array(ref),
  /** One page of educators (`meta`). */
  data: z.array(z.strictObject({
    staff: ref,
    school: z.nullable(ref),
    interactions: count,
    minutes: count,
    last_contact_on: z.nullable(day),
    days_since_last_contact: z.nullable(z.number()),
    cycles_active: count,
    cycles_completed: count,
    skill_growth: z.array(z.strictObject({ domain_id: id, first: z.nullable(z.number()), latest: z.nullable(z.number()), change: z.nullable(z.number()) })),
    below_target: z.boolean(),
  })),
  meta: pageMeta,
  targets,
});
export type TeacherLevelReportAnswer = z.infer<typeof teacherLevelReportAnswer>;
export const teacherLevelReportAnswerMatches: SameShape<TeacherLevelReportAnswer, TeacherLevelReport> = true;

export const coachingTeamReportAnswer = z.strictObject({
  range,
  headline: z.strictObject({ coaches: count, interactions: count, coaching_minutes: count, activity_minutes: count, educators_reached: count }),
  data: z.array(z.strictObject({
    coach: ref,
    caseload: count,
    interactions: count,
    coaching_minutes: count,
    other_interaction_minutes: count,
    activity_minutes: count,
    educators_reached: count,
    cycles_active: count,
    cycles_completed: count,
    action_steps: z.strictObject(followThrough),
    requests: z.strictObject(requestCounts),
    educator_initiated: count,
  })),
  /** The whole team's time: coaching, other interactions, then each activity category. */
  time_use: z.array(z.strictObject({ key: z.string(), label: z.string(), minutes: count })),
});
export type CoachingTeamReportAnswer = z.infer<typeof coachingTeamReportAnswer>;
export const coachingTeamReportAnswerMatches: SameShape<CoachingTeamReportAnswer, CoachingTeamReport> = true;

const segment = z.strictObject({ label: z.string(), from: day, to: day });
export const comparisonReportAnswer = z.strictObject({
  range,
  compare: z.enum(COMPARE_BY),
  segments: z.strictObject({ a: segment, b: segment }),
  measures: z.array(z.strictObject({
    key: z.enum(['interactions', 'minutes', 'educators_reached', 'reached_share', 'roster_size', 'cycles_active', 'cycles_completed', 'average_interactions_per_educator']),
    label: z.string(),
    a: z.nullable(z.number()),
    b: z.nullable(z.number()),
    /** b − a; null when either is null. */
    difference: z.nullable(z.number()),
  })),
});
export type ComparisonReportAnswer = z.infer<typeof comparisonReportAnswer>;
export const comparisonReportAnswerMatches: SameShape<ComparisonReportAnswer, ComparisonReport> = true;

export const reportPulseAnswer = z.strictObject({
  scope: z.enum(['district', 'building', 'self']),
  today: day,
  timezone: z.string(),
  month: z.strictObject({ from: day, to: day }),
  school_year: z.strictObject({ from: day, to: day }),
  targets: coachingTargets,
  roster_size: count,
  this_month: z.strictObject({
    interactions: count,
    minutes: count,
    educators_reached: count,
    interactions_per_educator: z.nullable(z.number()),
    educators_at_target: z.nullable(count),
    educators_below_target: z.nullable(count),
  }),
  overdue_cycles: z.nullable(count),
  new_teachers_below_cycle_target: z.nullable(count),
  not_reached_this_year: count,
});
export type ReportPulseAnswer = z.infer<typeof reportPulseAnswer>;
export const reportPulseAnswerMatches: SameShape<ReportPulseAnswer, ReportPulse> = true;

export const reportSubscriptionAnswer = z.strictObject({
  id,
  report: z.enum(REPORT_KINDS),
  frequency: z.enum(SUBSCRIPTION_FREQUENCIES),
  query: z.string(),
  description: z.string(),
  next_run_at: instant,
  last_sent_at: z.nullable(instant),
  created_at: instant,
});
export type ReportSubscriptionAnswer = z.infer<typeof reportSubscriptionAnswer>;
export const reportSubscriptionAnswerMatches: SameShape<ReportSubscriptionAnswer, ReportSubscription> = true;
