// The Activity screen's state in the URL (bookmarkable, shareable, back-button friendly): the view,
// the date range and the filters, and how they become GET /api/interaction and /api/activity queries.
import { INTERACTION_STATUSES, type InteractionStatus } from '../../../common/schemas/interactions';
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
  if (keep) for (const [k, v] of keep) if (!['view', 'from', 'to', 'coach', 'type', 'status', 'educator', 'school'].includes(k)) params.append(k, v);
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

/** GET /api/interaction for the state: the whole range (days of the screen's timezone), oldest first. */
export function interactionListQuery(state: ActivityState, page = 1, timezone?: string): InteractionListQuery {
  return {
    filter: {
      from: state.from,
      to: state.to,
      timezone,
      coach_id: state.coach ? [state.coach] : undefined,
      interaction_type_id: state.type ? [state.type] : undefined,
      status: state.status && state.status !== 'needs' ? [state.status] : undefined,
      needs_completing: state.status === 'needs' || undefined,
      staff_id: state.educator ? [state.educator] : undefined,
      building_id: state.school ? [state.school] : undefined,
    },
    sort: 'starts_at',
    page,
    per_page: 100,
  };
}

/**
 * GET /api/activity for the state, or null when the filters are about interactions only (a type,
 * status, educator or school): logged time has none of those, so it is not listed then.
 */
export function activityListFilter(state: ActivityState, timezone?: string): ActivityFilter | null {
  if (state.type || state.status || state.educator || state.school) return null;
  return { from: state.from, to: state.to, timezone, user_id: state.coach ? [state.coach] : undefined };
}
