// The Educators list view as state: read from and written to the URL (so a view can be bookmarked
// and shared) with the same parameter names GET /api/staff takes, e.g.
// /app/staff?search=ann&filter[building_id][]=3&filter[status]=all&sort=-hire_date&page=2
import { GRADE_LEVELS, POSITIONS, STAFF_SEARCH_MAX, STAFF_SORTS, SUBJECTS } from '../../../common/staffValues';
import { formatInteger } from '../../lib/format';
import { type Query, serializeQuery } from '../../lib/api';
import { defineMessages, type MessageDescriptor, t } from '../../lib/i18n';

const m = defineMessages({
  sortLastAsc: { id: 'staff.sortLastAsc', defaultMessage: 'Last name (A–Z)' },
  sortLastDesc: { id: 'staff.sortLastDesc', defaultMessage: 'Last name (Z–A)' },
  sortFirstAsc: { id: 'staff.sortFirstAsc', defaultMessage: 'First name (A–Z)' },
  sortFirstDesc: { id: 'staff.sortFirstDesc', defaultMessage: 'First name (Z–A)' },
  sortSchoolAsc: { id: 'staff.sortSchoolAsc', defaultMessage: 'School (A–Z)' },
  sortSchoolDesc: { id: 'staff.sortSchoolDesc', defaultMessage: 'School (Z–A)' },
  sortHireAsc: { id: 'staff.sortHireAsc', defaultMessage: 'Hire date (oldest first)' },
  sortHireDesc: { id: 'staff.sortHireDesc', defaultMessage: 'Hire date (newest first)' },
  sortAddedAsc: { id: 'staff.sortAddedAsc', defaultMessage: 'Date added (oldest first)' },
  sortAddedDesc: { id: 'staff.sortAddedDesc', defaultMessage: 'Recently added' },
  countNone: { id: 'staff.countNone', defaultMessage: 'No educators' },
  countTotal: { id: 'staff.countTotal', defaultMessage: '{total, plural, one {# educator} other {# educators}}' },
  countRange: { id: 'staff.countRange', defaultMessage: 'Showing {range} of {total, plural, one {# educator} other {# educators}}' },
});

export type StaffSort = (typeof STAFF_SORTS)[number];
export type StaffStatusFilter = 'active' | 'inactive' | 'all';

export interface StaffFilters {
  search: string;
  building_ids: number[];
  position: string;
  grade_level: string;
  subject: string;
  status: StaffStatusFilter;
  group_id: number | null;
  coach_id: number | null;
  sort: StaffSort;
  page: number;
  per_page: number;
}

export const DEFAULT_PER_PAGE = 25;
export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;

export const DEFAULT_FILTERS: StaffFilters = {
  search: '',
  building_ids: [],
  position: '',
  grade_level: '',
  subject: '',
  status: 'active',
  group_id: null,
  coach_id: null,
  sort: 'last_name',
  page: 1,
  per_page: DEFAULT_PER_PAGE,
};

/** The sort options' labels, shown with `t` where rendered. */
export const SORT_LABELS: Record<StaffSort, MessageDescriptor> = {
  last_name: m.sortLastAsc,
  '-last_name': m.sortLastDesc,
  first_name: m.sortFirstAsc,
  '-first_name': m.sortFirstDesc,
  building: m.sortSchoolAsc,
  '-building': m.sortSchoolDesc,
  hire_date: m.sortHireAsc,
  '-hire_date': m.sortHireDesc,
  created_at: m.sortAddedAsc,
  '-created_at': m.sortAddedDesc,
};

const positiveInt = (raw: string | null): number | null => {
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= 1 ? n : null;
};

const oneOf = <T extends string>(list: readonly T[], raw: string | null): T | '' =>
  raw !== null && (list as readonly string[]).includes(raw) ? (raw as T) : '';

/** Reads the list state from the URL; anything unknown or malformed falls back to the default. */
export function filtersFromSearch(params: URLSearchParams): StaffFilters {
  const ids = params.getAll('filter[building_id][]').map(positiveInt).filter((n): n is number => n !== null);
  const status = oneOf(['active', 'inactive', 'all'] as const, params.get('filter[status]'));
  const perPage = positiveInt(params.get('per_page'));
  return {
    search: (params.get('search') ?? '').slice(0, STAFF_SEARCH_MAX),
    building_ids: [...new Set(ids)],
    position: oneOf(POSITIONS, params.get('filter[position]')),
    grade_level: oneOf(GRADE_LEVELS, params.get('filter[grade_level]')),
    subject: oneOf(SUBJECTS, params.get('filter[subject]')),
    status: status || DEFAULT_FILTERS.status,
    group_id: positiveInt(params.get('filter[group_id]')),
    coach_id: positiveInt(params.get('filter[coach_id]')),
    sort: oneOf(STAFF_SORTS, params.get('sort')) || DEFAULT_FILTERS.sort,
    page: positiveInt(params.get('page')) ?? 1,
    per_page: perPage !== null && perPage <= 100 ? perPage : DEFAULT_PER_PAGE,
  };
}

/** The filter part of the API query (without sort and paging). */
function filterQuery(f: StaffFilters): Record<string, string | number | number[] | undefined> {
  return {
    building_id: f.building_ids.length ? f.building_ids : undefined,
    position: f.position || undefined,
    grade_level: f.grade_level || undefined,
    subject: f.subject || undefined,
    status: f.status,
    group_id: f.group_id ?? undefined,
    coach_id: f.coach_id ?? undefined,
  };
}

/** The GET /api/staff query for this state: always explicit, so the answer never depends on server defaults. */
export function toApiQuery(f: StaffFilters): Query {
  return {
    search: f.search.trim() || undefined,
    filter: filterQuery(f),
    sort: f.sort,
    page: f.page,
    per_page: f.per_page,
  };
}

/** The URL search string (with "?", or "" for the default view); defaults are left out so URLs stay short. */
export function filtersToSearch(f: StaffFilters): string {
  const filter = filterQuery(f);
  if (f.status === DEFAULT_FILTERS.status) filter.status = undefined;
  const qs = serializeQuery({
    search: f.search.trim() || undefined,
    filter,
    sort: f.sort === DEFAULT_FILTERS.sort ? undefined : f.sort,
    page: f.page > 1 ? f.page : undefined,
    per_page: f.per_page === DEFAULT_PER_PAGE ? undefined : f.per_page,
  });
  return qs ? `?${qs}` : '';
}

/** A changed state; any change other than the page itself goes back to page 1. */
export function withChange(f: StaffFilters, patch: Partial<StaffFilters>): StaffFilters {
  return { ...f, ...patch, page: patch.page ?? 1 };
}

/** How many panel filters differ from the default (the search box is counted separately). */
export function countActiveFilters(f: StaffFilters): number {
  return [
    f.building_ids.length > 0,
    f.position !== '',
    f.grade_level !== '',
    f.subject !== '',
    f.status !== DEFAULT_FILTERS.status,
    f.group_id !== null,
    f.coach_id !== null,
  ].filter(Boolean).length;
}

export function hasAnyFilter(f: StaffFilters): boolean {
  return f.search.trim() !== '' || countActiveFilters(f) > 0;
}

/** Clears search and filters but keeps the chosen sort and page size. */
export function clearFilters(f: StaffFilters): StaffFilters {
  return { ...DEFAULT_FILTERS, sort: f.sort, per_page: f.per_page };
}

/** "Showing 1–25 of 58 educators" (or "No educators" / "Showing 1 of 1 educator"). */
export function resultCountText(meta: { page: number; per_page: number; total: number }, shown: number): string {
  if (meta.total === 0 || shown === 0) return meta.total === 0 ? t(m.countNone) : t(m.countTotal, { total: meta.total });
  const from = (meta.page - 1) * meta.per_page + 1;
  const to = from + shown - 1;
  const range = from === to ? formatInteger(from) : `${formatInteger(from)}–${formatInteger(to)}`;
  return t(m.countRange, { range, total: meta.total });
}
