// The district's retention setting (issue 32, item 4): "delete coaching records older than N school years".
// Pure day arithmetic shared by the server (the nightly run, its preview, the district profile's
// `retained_from`) and the client (the Site settings card's wording). No Node, no DOM.
import { partsIn, startOfLocalDay, todayIn } from './zone';

export const RETENTION_MIN_YEARS = 1;
export const RETENTION_MAX_YEARS = 10;
/** The nightly run's local time in the district's timezone; a run may start until RETENTION_RUN_UNTIL the same night. */
export const RETENTION_RUN_AT = '02:00';
export const RETENTION_RUN_UNTIL = '06:00';

/** The kinds a run removes, in the order a screen lists them. */
export const RETENTION_KINDS = [
  'interactions', 'activities', 'observations', 'calibration_sessions', 'cycles', 'cycle_notes',
  'skill_ratings', 'self_ratings', 'action_steps', 'coaching_requests',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];
export type RetentionCounts = Record<RetentionKind, number>;

/** Each kind's words for a count (plural() takes them). */
export const RETENTION_KIND_WORDS: Record<RetentionKind, [string, string]> = {
  interactions: ['interaction', 'interactions'],
  activities: ['logged time entry', 'logged time entries'],
  observations: ['observation', 'observations'],
  calibration_sessions: ['calibration session', 'calibration sessions'],
  cycles: ['coaching cycle', 'coaching cycles'],
  cycle_notes: ['cycle note', 'cycle notes'],
  skill_ratings: ['skill rating', 'skill ratings'],
  self_ratings: ['self-assessment rating', 'self-assessment ratings'],
  action_steps: ['closed action step', 'closed action steps'],
  coaching_requests: ['closed coaching request', 'closed coaching requests'],
};

const two = (n: number) => String(n).padStart(2, '0');

/** The first day (YYYY-MM-DD) of the school year holding `day` (school years start on the 1st of `startMonth`). */
export function schoolYearStartOf(day: string, startMonth: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return `${m >= startMonth ? y : y - 1}-${two(startMonth)}-01`;
}

/**
 * The cut-off day of a run on `day` (the district's calendar): the start of the school year `years` before the
 * one holding `day`. Records dated before it are removed.
 */
export function retentionCutoffDay(day: string, startMonth: number, years: number): string {
  const start = schoolYearStartOf(day, startMonth);
  return `${Number(start.slice(0, 4)) - years}${start.slice(4)}`;
}

/** The instant the cut-off day starts in the district's timezone (records whose instant is before it are removed). */
export function retentionCutoffInstant(day: string, timeZone: string): string {
  return startOfLocalDay(day, timeZone);
}

/** The district's night a run at `now` belongs to (its local date), or null outside RETENTION_RUN_AT–RETENTION_RUN_UNTIL. */
export function retentionNight(timeZone: string, now: Date): string | null {
  const p = partsIn(now.getTime(), timeZone);
  const time = `${two(p.hour)}:${two(p.minute)}`;
  if (time < RETENTION_RUN_AT || time >= RETENTION_RUN_UNTIL) return null;
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
}

/**
 * The local date of the next run after `now`: tonight when it is before RETENTION_RUN_AT, else tomorrow (a run
 * already under way or done tonight is not "next").
 */
export function nextRetentionNight(timeZone: string, now: Date): string {
  const p = partsIn(now.getTime(), timeZone);
  const today = todayIn(timeZone, now);
  if (`${two(p.hour)}:${two(p.minute)}` < RETENTION_RUN_AT) return today;
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The setting as stored in districts.settings (`data_retention_years`): a whole number 1–10, else off (null). */
export function retentionYearsOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= RETENTION_MIN_YEARS && value <= RETENTION_MAX_YEARS ? value : null;
}
