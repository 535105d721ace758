// The Activity screen's state in the URL (bookmarkable, shareable, back-button friendly): the view,
// the date range and the filters, the page, and how they become GET /api/interaction and /api/activity
// queries. A page is whole days: at most PAGE_DAYS of the range, read whole (interactions and logged
// time alike), so a day is never split across pages and each day's total is the day's.
import { INTERACTION_STATUSES, type InteractionStatus } from '../../../common/interactionValues';
import type { ActivityFilter, InteractionListQuery } from '../../lib/interactions';
import { addDays, daysBetween, isDay, startOfWeek } from '../../lib/zonedTime';

export type ActivityView = 'agenda' | 'week';
/** A status, or "needs" = scheduled and already over. */
export type StatusFilter = InteractionStatus | 'needs' | '';

export interface ActivityState {
  view: ActivityView;
  from: string;
  to: string;
  coach: number | null;
  type: number | null;
  status: StatusFilter;
  educator: number | null;
  school: number | null;
}

/** The longest range one page shows (a school year and a bit). */
export const MAX_RANGE_DAYS = 400;

/** The days one page of the range holds: a week (the week view is always one page). */
export const PAGE_DAYS = 7;
/**
 * The most interactions (and, separately, logged-time entries) read for one page's days: the server's
 * limit for a range of at most 7 days (server/http/pagination.ts MAX_PER_PAGE_SHORT_RANGE).
 */
export const PAGE_ROWS = 1000;

/** Interactions a page of the "needs completing" list holds (it is read by rows, see pagesByDays). */
export const NEEDS_PAGE_ROWS = 100;

/**
 * Whether the range is paged by whole days. "Needs completing" is a worklist over up to 90 days with no
 * logged time, mostly empty weeks: it reads the whole range, NEEDS_PAGE_ROWS interactions a page.
 */
export const pagesByDays = (state: Pick<ActivityState, 'status'>) => state.status !== 'needs';

/** How many pages of PAGE_DAYS days the range has (1 for the needs-completing list: see meta.last_page). */
export const pageCount = (state: Pick<ActivityState, 'from' | 'to' | 'status'>) =>
  (pagesByDays(state) ? Math.max(1, Math.ceil(rangeLength(state) / PAGE_DAYS)) : 1);

/** `page` of the URL (1 when missing, malformed or past the range). */
export function pageFromSearch(search: URLSearchParams, state: Pick<ActivityState, 'from' | 'to' | 'status'>): number {
  const n = positive(search.get('page'));
  if (!pagesByDays(state)) return n && n <= 100_000 ? n : 1;
  return n && n <= pageCount(state) ? n : 1;
}

/** The days of one page: PAGE_DAYS days from the range's start, the last page up to its end (the needs list: the range). */
export function pageRange(state: Pick<ActivityState, 'from' | 'to' | 'status'>, page = 1): { from: string; to: string } {
  if (!pagesByDays(state)) return { from: state.from, to: state.to };
  const from = addDays(state.from, (Math.min(Math.max(1, page), pageCount(state)) - 1) * PAGE_DAYS);
  const end = addDays(from, PAGE_DAYS - 1);
  return { from, to: end < state.to ? end : state.to };
}

const positive = (value: string | null): number | null => {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
};

/** The state a URL's search describes; anything missing or malformed falls back to the default. */
export function stateFromSearch(search: URLSearchParams, today: string, weekStartsOn = 0): ActivityState {
  const view: ActivityView = search.get('view') === 'week' ? 'week' : 'agenda';
  let from = search.get('from');
  let to = search.get('to');
  if (!isDay(from)) from = startOfWeek(today, weekStartsOn);
  if (view === 'week') {
    from = startOfWeek(from, weekStartsOn);
    to = addDays(from, 6);
  } else if (!isDay(to) || daysBetween(from, to) < 0 || daysBetween(from, to) >= MAX_RANGE_DAYS) {
    to = addDays(from, 6);
  }
  const status = search.get('status') ?? '';
  return {
    view,
    from,
    to,
    coach: positive(search.get('coach')),
    type: positive(search.get('type')),
    status: status === 'needs' || (INTERACTION_STATUSES as readonly string[]).includes(status) ? (status as StatusFilter) : '',
    educator: positive(search.get('educator')),
    school: positive(search.get('school')),
  };
}

/** The URL search of a state (defaults left out), keeping unrelated params such as `log` when given. */
export function stateToSearch(state: ActivityState, keep?: URLSearchParams): string {
  const params = new URLSearchParams();
  // The page is left out too: another range or filter starts at its first page.
  if (keep) for (const [k, v] of keep) if (!['view', 'from', 'to', 'coach', 'type', 'status', 'educator', 'school', 'page'].includes(k)) params.append(k, v);
  if (state.view !== 'agenda') params.set('view', state.view);
  params.set('from', state.from);
  if (state.view === 'agenda') params.set('to', state.to);
  if (state.coach) params.set('coach', String(state.coach));
  if (state.type) params.set('type', String(state.type));
  if (state.status) params.set('status', state.status);
  if (state.educator) params.set('educator', String(state.educator));
  if (state.school) params.set('school', String(state.school));
  return `?${params.toString()}`;
}

export const rangeLength = (state: Pick<ActivityState, 'from' | 'to'>) => daysBetween(state.from, state.to) + 1;

/** The previous (-1) or next (+1) period of the same length. */
export function shiftPeriod(state: ActivityState, direction: -1 | 1): ActivityState {
  const n = rangeLength(state);
  return { ...state, from: addDays(state.from, direction * n), to: addDays(state.to, direction * n) };
}

/** The period holding today: its week for a 7-day range, else the same length starting today. */
export function periodOfToday(state: ActivityState, today: string, weekStartsOn = 0): ActivityState {
  const n = rangeLength(state);
  const from = n === 7 ? startOfWeek(today, weekStartsOn) : today;
  return { ...state, from, to: addDays(from, n - 1) };
}

export function withView(state: ActivityState, view: ActivityView, weekStartsOn = 0): ActivityState {
  if (view === 'week') {
    const from = startOfWeek(state.from, weekStartsOn);
    return { ...state, view, from, to: addDays(from, 6) };
  }
  return { ...state, view };
}

export function hasFilters(state: ActivityState): boolean {
  return !!(state.coach || state.type || state.status || state.educator || state.school);
}

export const clearFilters = (state: ActivityState): ActivityState => ({ ...state, coach: null, type: null, status: '', educator: null, school: null });

/**
 * GET /api/interaction for one page of the state: that page's days whole (days of the screen's timezone),
 * oldest first, up to PAGE_ROWS. With `page` null: the whole range, one row, for meta.totals.
 */
export function interactionListQuery(state: ActivityState, page: number | null = 1, timezone?: string): InteractionListQuery {
  const byDays = pagesByDays(state);
  const range = page === null ? { from: state.from, to: state.to } : pageRange(state, page);
  return {
    filter: {
      from: range.from,
      to: range.to,
      timezone,
      coach_id: state.coach ? [state.coach] : undefined,
      interaction_type_id: state.type ? [state.type] : undefined,
      status: state.status && state.status !== 'needs' ? [state.status] : undefined,
      needs_completing: state.status === 'needs' || undefined,
      staff_id: state.educator ? [state.educator] : undefined,
      building_id: state.school ? [state.school] : undefined,
    },
    sort: 'starts_at',
    page: byDays || page === null ? 1 : page,
    per_page: page === null ? 1 : byDays ? PAGE_ROWS : NEEDS_PAGE_ROWS,
  };
}

/**
 * GET /api/activity for one page of the state (its days, as interactionListQuery), or null when the
 * filters are about interactions only (a type, status, educator or school): logged time has none of
 * those, so it is not listed then.
 */
export function activityListFilter(state: ActivityState, timezone?: string, page = 1): ActivityFilter | null {
  if (state.type || state.status || state.educator || state.school) return null;
  return { ...pageRange(state, page), timezone, user_id: state.coach ? [state.coach] : undefined };
}
