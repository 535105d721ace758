// The coaching cycles' statuses, outcomes and due states with their labels, without zod, so the cycle
// badges (client/components/CycleBadges.tsx, on an educator's page and the dashboard) do not load the
// schema library: common/schemas/cycles.ts builds its schemas from these and re-exports them.

export const CYCLE_STATUSES = ['planned', 'active', 'completed', 'cancelled'] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];
/** Planned and active cycles are "open": they sit in a stage and interactions can link to them. */
export const OPEN_CYCLE_STATUSES: readonly CycleStatus[] = ['planned', 'active'];

export const CYCLE_OUTCOMES = ['met', 'partly-met', 'not-met'] as const;
export type CycleOutcome = (typeof CYCLE_OUTCOMES)[number];
export const CYCLE_OUTCOME_LABELS: Record<CycleOutcome, string> = {
  met: 'Goal met',
  'partly-met': 'Goal partly met',
  'not-met': 'Goal not met',
};

/**
 * Due and overdue. An open cycle's current stage is due on `stage_entered_on + expected_days`. It is
 * `overdue` once that day has passed, `due-soon` from DUE_SOON_DAYS days before it up to and including the
 * day itself, otherwise `on-track`. Days are the district's calendar days (its timezone).
 */
export const DUE_SOON_DAYS = 3;
export const CYCLE_DUE_STATES = ['on-track', 'due-soon', 'overdue'] as const;
export type CycleDueState = (typeof CYCLE_DUE_STATES)[number];
export const CYCLE_DUE_LABELS: Record<CycleDueState, string> = {
  'on-track': 'On track',
  'due-soon': 'Due soon',
  overdue: 'Overdue',
};
