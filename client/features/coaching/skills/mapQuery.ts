// The heat map view as state, read from and written to the URL (bookmarkable, shareable), e.g.
// /app/coaching?building_id=3&position=Interventionist&sort=-domain:2&collapsed=3,4&page=2&layer=self
import { GRADE_LEVELS, POSITIONS, SUBJECTS } from '../../../../common/staffValues';
import { SKILL_MAP_PAGE, SKILL_MAP_SORT, type SkillMapLayer } from '../../../../common/skillValues';
import type { Query } from '../../../lib/api';

export interface MapView {
  building_id: number | null;
  group_id: number | null;
  coach_id: number | null;
  grade_level: string;
  subject: string;
  position: string;
  sort: string;
  page: number;
  collapsed: number[];
  /** The levels shown: the coaches' current levels, or the educators' self-assessment (issue 29). */
  layer: SkillMapLayer;
}

const id = (v: string | null) => (v && /^\d{1,15}$/.test(v) && Number(v) > 0 ? Number(v) : null);
const oneOf = (v: string | null, list: readonly string[]) => (v && list.includes(v) ? v : '');

export function viewFromSearch(search: URLSearchParams): MapView {
  const sort = search.get('sort') ?? '';
  const page = Number(search.get('page'));
  return {
    building_id: id(search.get('building_id')),
    group_id: id(search.get('group_id')),
    coach_id: id(search.get('coach_id')),
    grade_level: oneOf(search.get('grade_level'), GRADE_LEVELS),
    subject: oneOf(search.get('subject'), SUBJECTS),
    position: oneOf(search.get('position'), POSITIONS),
    sort: SKILL_MAP_SORT.test(sort) ? sort : 'name',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    collapsed: (search.get('collapsed') ?? '').split(',').map((v) => id(v)).filter((v): v is number => v !== null),
    layer: search.get('layer') === 'self' ? 'self' : 'coach',
  };
}

/** Keeps the other URL parameters (the tab) and writes the view's, leaving defaults out. */
export function viewToSearch(view: MapView, base: URLSearchParams): string {
  const out = new URLSearchParams(base);
  const set = (key: string, value: string | number | null, fallback: string | number | null = null) => {
    if (value === null || value === '' || value === fallback) out.delete(key);
    else out.set(key, String(value));
  };
  set('building_id', view.building_id);
  set('group_id', view.group_id);
  set('coach_id', view.coach_id);
  set('grade_level', view.grade_level);
  set('subject', view.subject);
  set('position', view.position);
  set('sort', view.sort, 'name');
  set('page', view.page, 1);
  set('collapsed', view.collapsed.length ? view.collapsed.join(',') : null);
  set('layer', view.layer, 'coach');
  const text = out.toString();
  return text ? `?${text}` : '';
}

/** How many filters are set (the count on the phone's "Filters" button). */
export const activeFilterCount = (v: MapView) =>
  [v.building_id !== null, v.group_id !== null, v.coach_id !== null, v.grade_level !== '', v.subject !== '', v.position !== ''].filter(Boolean).length;

export const hasFilters = (v: MapView) => activeFilterCount(v) > 0;

/** The API query of GET /api/skill-map (and its summary and CSV). */
export function toApiQuery(v: MapView): Query {
  return {
    filter: {
      building_id: v.building_id ? [v.building_id] : undefined,
      group_id: v.group_id ? [v.group_id] : undefined,
      coach_id: v.coach_id ? [v.coach_id] : undefined,
      grade_level: v.grade_level ? [v.grade_level] : undefined,
      subject: v.subject ? [v.subject] : undefined,
      position: v.position ? [v.position] : undefined,
    },
    sort: v.sort === 'name' ? undefined : v.sort,
    layer: v.layer === 'coach' ? undefined : v.layer,
    page: v.page,
    per_page: SKILL_MAP_PAGE,
  };
}
