// The report screens' state in the URL (bookmarkable, shareable, back-button friendly). The page's
// query string is the API's own, bracket style (filter[building_id][]=3, interval=week, sort=-minutes…),
// plus `preset` for a relative date range: a bookmark of "last 30 days" stays relative, so the dates
// are worked out from today (in the district's timezone) each time the page is opened. Without a
// preset and without dates the range is this school year, which the API resolves itself from the
// district's school_year_start_month.
import {
  COMPARE_BY, type CompareBy, DATE_PRESETS, type DatePreset, presetRange, type ReportKind, TEACHER_VIEWS, TREND_INTERVALS, type TrendInterval,
} from '../../../common/reportValues';
import { GRADE_LEVELS } from '../../../common/staffValues';
import { type Query, serializeQuery } from '../../lib/api';
import { isDay } from '../../lib/zonedTime';
import { defineMessages, type MessageDescriptor, t } from '../../lib/i18n';

export const ID_FILTERS = ['building_id', 'coach_id', 'interaction_type_id', 'group_id'] as const;
export type IdFilter = (typeof ID_FILTERS)[number];
export const TEXT_FILTERS = ['grade_level', 'subject'] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];

export interface ReportFilters {
  preset: DatePreset;
  /** Only for `custom` (the other presets compute their dates). */
  from: string | null;
  to: string | null;
  building_id: number[];
  coach_id: number[];
  interaction_type_id: number[];
  group_id: number[];
  grade_level: string[];
  subject: string[];
}

/** Everything a report screen keeps in the URL. */
export interface ReportState {
  filters: ReportFilters;
  interval: TrendInterval | null;
  view: 'all' | 'not-coached';
  sort: string | null;
  page: number;
  compare: CompareBy;
  a: number | null;
  b: number | null;
  a_from: string | null;
  a_to: string | null;
  b_from: string | null;
  b_to: string | null;
  /** The walkthrough report's form (null: the built-in walkthrough). */
  form_id: number | null;
}

const m = defineMessages({
  schoolYear: { id: 'reports.preset.schoolYear', defaultMessage: 'This school year' },
  last30: { id: 'reports.preset.last30', defaultMessage: 'Last 30 days' },
  thisMonth: { id: 'reports.preset.thisMonth', defaultMessage: 'This month' },
  lastMonth: { id: 'reports.preset.lastMonth', defaultMessage: 'Last month' },
  custom: { id: 'reports.preset.custom', defaultMessage: 'Custom dates' },
});

/** Each date preset's name (a message: `presetName` puts it in the person's language). */
export const PRESET_LABELS: Record<DatePreset, MessageDescriptor> = {
  'school-year': m.schoolYear,
  'last-30-days': m.last30,
  'this-month': m.thisMonth,
  'last-month': m.lastMonth,
  custom: m.custom,
};

/** A date preset's name in the person's language. */
export const presetName = (preset: DatePreset): string => t(PRESET_LABELS[preset]);

export const EMPTY_FILTERS: ReportFilters = {
  preset: 'school-year', from: null, to: null, building_id: [], coach_id: [], interaction_type_id: [], group_id: [], grade_level: [], subject: [],
};

const positiveId = (v: string | null): number | null => (v && /^\d{1,15}$/.test(v) && Number(v) > 0 ? Number(v) : null);
const day = (v: string | null): string | null => (isDay(v) ? v : null);

/** A list param, read in bracket style (`filter[x][]=1`) or as one value (`filter[x]=1`). */
function list(search: URLSearchParams, key: string): string[] {
  const values = [...search.getAll(`filter[${key}][]`), ...search.getAll(`filter[${key}]`)]
    .flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  return [...new Set(values)];
}

export function filtersFromSearch(search: URLSearchParams): ReportFilters {
  const from = day(search.get('filter[from]'));
  const to = day(search.get('filter[to]'));
  const asked = search.get('preset');
  let preset: DatePreset = (DATE_PRESETS as readonly string[]).includes(asked ?? '') ? (asked as DatePreset) : from || to ? 'custom' : 'school-year';
  // "custom" without any date is the school year.
  if (preset === 'custom' && !from && !to) preset = 'school-year';
  const ids = (key: IdFilter) => list(search, key).map(positiveId).filter((v): v is number => v !== null).slice(0, 100);
  return {
    preset,
    from: preset === 'custom' ? from : null,
    to: preset === 'custom' ? (to && from && to < from ? from : to) : null,
    building_id: ids('building_id'),
    coach_id: ids('coach_id'),
    interaction_type_id: ids('interaction_type_id'),
    group_id: ids('group_id'),
    grade_level: list(search, 'grade_level').filter((g) => (GRADE_LEVELS as readonly string[]).includes(g)),
    subject: list(search, 'subject').filter((s) => s.length <= 100).slice(0, 100),
  };
}

export function stateFromSearch(search: URLSearchParams): ReportState {
  const interval = search.get('interval');
  const view = search.get('view');
  const sort = search.get('sort');
  const page = Number(search.get('page'));
  const compare = search.get('compare');
  return {
    filters: filtersFromSearch(search),
    interval: (TREND_INTERVALS as readonly string[]).includes(interval ?? '') ? (interval as TrendInterval) : null,
    view: (TEACHER_VIEWS as readonly string[]).includes(view ?? '') ? (view as 'all' | 'not-coached') : 'all',
    sort: sort && /^-?[a-z_]{1,40}$/.test(sort) ? sort : null,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    compare: (COMPARE_BY as readonly string[]).includes(compare ?? '') ? (compare as CompareBy) : 'building',
    a: positiveId(search.get('a')),
    b: positiveId(search.get('b')),
    a_from: day(search.get('a_from')),
    a_to: day(search.get('a_to')),
    b_from: day(search.get('b_from')),
    b_to: day(search.get('b_to')),
    form_id: positiveId(search.get('form_id')),
  };
}

/** The `filter` object of the API query (dates resolved from the preset). */
export function apiFilter(filters: ReportFilters, today: string): Record<string, string | number[] | string[] | undefined> {
  const range = presetRange(filters.preset, today, filters);
  const nonEmpty = <T>(v: T[]) => (v.length ? v : undefined);
  return {
    from: range?.from,
    to: range?.to,
    building_id: nonEmpty(filters.building_id),
    coach_id: nonEmpty(filters.coach_id),
    interaction_type_id: nonEmpty(filters.interaction_type_id),
    group_id: nonEmpty(filters.group_id),
    grade_level: nonEmpty(filters.grade_level),
    subject: nonEmpty(filters.subject),
  };
}

/** The API query of one report for the state: only the parameters that report reads. */
export function apiQuery(kind: ReportKind, state: ReportState, today: string): Query {
  const query: Query = { filter: apiFilter(state.filters, today) };
  if (kind === 'interactions' && state.interval) query.interval = state.interval;
  if (kind === 'teacher-level') {
    if (state.view !== 'all') query.view = state.view;
    if (state.sort) query.sort = state.sort;
    if (state.page > 1) query.page = state.page;
  }
  if (kind === 'coaching-team' && state.sort) query.sort = state.sort;
  if (kind === 'walkthroughs' && state.form_id) query.form_id = state.form_id;
  if (kind === 'comparison') {
    query.compare = state.compare;
    if (state.compare === 'period') Object.assign(query, { a_from: state.a_from, a_to: state.a_to, b_from: state.b_from, b_to: state.b_to });
    else Object.assign(query, { a: state.a, b: state.b });
  }
  return query;
}

/** The comparison is ready to ask for when both segments are chosen. */
export function comparisonReady(state: ReportState): boolean {
  return state.compare === 'period'
    ? !!(state.a_from && state.a_to && state.b_from && state.b_to && state.a_from <= state.a_to && state.b_from <= state.b_to)
    : !!(state.a && state.b);
}

/** The page's URL search for a state: the preset (unless the school year), custom dates, filters, the rest. */
export function stateToSearch(state: ReportState): string {
  const f = state.filters;
  const query: Query = {
    preset: f.preset === 'school-year' ? undefined : f.preset,
    filter: {
      from: f.preset === 'custom' ? f.from : undefined,
      to: f.preset === 'custom' ? f.to : undefined,
      building_id: f.building_id.length ? f.building_id : undefined,
      coach_id: f.coach_id.length ? f.coach_id : undefined,
      interaction_type_id: f.interaction_type_id.length ? f.interaction_type_id : undefined,
      group_id: f.group_id.length ? f.group_id : undefined,
      grade_level: f.grade_level.length ? f.grade_level : undefined,
      subject: f.subject.length ? f.subject : undefined,
    },
    interval: state.interval,
    view: state.view === 'all' ? undefined : state.view,
    sort: state.sort,
    page: state.page > 1 ? state.page : undefined,
    form_id: state.form_id ?? undefined,
  };
  const defaultCompare = state.compare === 'building' && !state.a && !state.b;
  if (!defaultCompare) {
    query.compare = state.compare;
    if (state.compare === 'period') Object.assign(query, { a_from: state.a_from, a_to: state.a_to, b_from: state.b_from, b_to: state.b_to });
    else Object.assign(query, { a: state.a, b: state.b });
  }
  const text = serializeQuery(query);
  return text ? `?${text}` : '';
}

/** Only the shared filters of a search (for the tab links: moving to another report keeps them). */
export function filtersOnlySearch(filters: ReportFilters): string {
  return stateToSearch({ ...DEFAULT_STATE, filters });
}

export const DEFAULT_STATE: ReportState = {
  filters: EMPTY_FILTERS, interval: null, view: 'all', sort: null, page: 1, compare: 'building', a: null, b: null, a_from: null, a_to: null, b_from: null, b_to: null, form_id: null,
};

export function hasFilters(f: ReportFilters): boolean {
  return f.preset !== 'school-year' || ID_FILTERS.some((k) => f[k].length > 0) || TEXT_FILTERS.some((k) => f[k].length > 0);
}

/** The CSV export of one table of a report: the same query, `table=…`. */
export function csvHref(kind: ReportKind, query: Query, table: string): string {
  const rest: Query = { ...query, table };
  delete rest.page;
  return `/api/report/${kind}.csv?${serializeQuery(rest)}`;
}

/** "Sep 1, 2025 – Nov 23, 2025"-style text is made by the caller; this only names the preset. */
export function presetLabel(f: ReportFilters): string {
  return presetName(f.preset);
}

/** Client-side sorting of a report table: `key` or `-key`. */
export function sortRows<T>(rows: readonly T[], sort: string | null, value: (row: T, key: string) => string | number | null): T[] {
  if (!sort) return [...rows];
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  return [...rows].sort((x, y) => {
    const a = value(x, key);
    const b = value(y, key);
    // Empty values last whichever the direction.
    if (a === null && b === null) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    const c = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
    return desc ? -c : c;
  });
}
