// Action steps' values a screen shows (issue 29, item 2), zod-free so the first paint loads no zod: the
// statuses, the sources and the due states with their labels. The request schemas build on them
// (common/schemas/actionSteps.ts).

export const ACTION_STEP_STATUSES = ['open', 'done', 'dropped'] as const;
export type ActionStepStatus = (typeof ACTION_STEP_STATUSES)[number];
export const ACTION_STEP_STATUS_LABELS: Record<ActionStepStatus, string> = { open: 'Open', done: 'Done', dropped: 'Dropped' };

/** Where a step comes from: a record about the same educator, or the educator's own. A step without one was set on the profile. */
export const ACTION_STEP_SOURCES = ['interaction', 'observation', 'cycle', 'own'] as const;
export type ActionStepSource = (typeof ACTION_STEP_SOURCES)[number];
export const ACTION_STEP_SOURCE_LABELS: Record<ActionStepSource, string> = {
  interaction: 'From an interaction',
  observation: 'From an observation',
  cycle: 'From a coaching cycle',
  own: 'Their own',
};

/**
 * An open step with a due day is `overdue` once that day has passed and `due-soon` from
 * ACTION_STEP_DUE_SOON_DAYS days before it up to and including the day itself; otherwise it has no due state.
 */
export const ACTION_STEP_DUE_SOON_DAYS = 7;
export type ActionStepDue = 'due-soon' | 'overdue';
export const ACTION_STEP_DUE_LABELS: Record<ActionStepDue, string> = { 'due-soon': 'Due soon', overdue: 'Overdue' };

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
function dayDiff(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The due state of a step on `today` (YYYY-MM-DD): only open steps with a due day have one. */
export function actionStepDue(step: { status: ActionStepStatus; due_on: string | null }, today: string): ActionStepDue | null {
  if (step.status !== 'open' || !step.due_on) return null;
  const left = dayDiff(today, step.due_on);
  if (left < 0) return 'overdue';
  return left <= ACTION_STEP_DUE_SOON_DAYS ? 'due-soon' : null;
}
