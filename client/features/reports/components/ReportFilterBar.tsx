// The reports' filters on the shared FilterBar (client/components/FilterBar.tsx), all in the URL: the
// date range (the shared DateRangeFilter: presets or custom dates) and a ChoiceDropdown per filter —
// school, coach, interaction type, group, grade level and subject, each taking several values as the API
// does. On a phone the bar folds behind the shared "Filters" button with the count of active filters. On the
// walkthrough report the coach filter is the observer (`observers`): labelled "Observer" and offering everyone
// who may observe (GET /api/observation/observers: coaches, principals, administrators); the API's key stays
// coach_id (the coach of the observation's interaction is its observer).
import { hasPermission, permissionScope, PERMISSIONS } from '../../../../common/permissions';
import { DATE_PRESETS } from '../../../../common/reportValues';
import { GRADE_LEVELS, SUBJECTS } from '../../../../common/staffValues';
import { ChoiceDropdown } from '../../../components/ChoiceDropdown';
import { DateRangeFilter } from '../../../components/DateRangeFilter';
import { FilterBar } from '../../../components/FilterBar';
import { useBuildings, useCoaches, useGroups, useInteractionTypes } from '../../../lib/lookups';
import { useObservers } from '../../../lib/observations';
import { useAuthUser } from '../../../lib/session';
import { EMPTY_FILTERS, hasFilters, type IdFilter, presetName, type ReportFilters as Filters, type TextFilter } from '../reportQuery';
import { defineMessages, type MessageDescriptor, t, tText } from '../../../lib/i18n';

type Option = { value: string; label: string };
type FilterKey = IdFilter | TextFilter;

const m = defineMessages({
  preK: { id: 'reports.filters.preK', defaultMessage: 'Pre-K' },
  kindergarten: { id: 'reports.filters.kindergarten', defaultMessage: 'Kindergarten' },
  grade: { id: 'reports.filters.grade', defaultMessage: 'Grade {grade}' },
  archivedType: { id: 'reports.filters.archivedType', defaultMessage: '{name} (archived)' },
  school: { id: 'reports.filters.school', defaultMessage: 'School' },
  allSchools: { id: 'reports.filters.allSchools', defaultMessage: 'All schools' },
  schools: { id: 'reports.filters.schools', defaultMessage: '{count, plural, one {# school} other {# schools}}' },
  coach: { id: 'reports.filters.coach', defaultMessage: 'Coach' },
  allCoaches: { id: 'reports.filters.allCoaches', defaultMessage: 'All coaches' },
  coaches: { id: 'reports.filters.coaches', defaultMessage: '{count, plural, one {# coach} other {# coaches}}' },
  type: { id: 'reports.filters.type', defaultMessage: 'Interaction type' },
  allTypes: { id: 'reports.filters.allTypes', defaultMessage: 'All types' },
  types: { id: 'reports.filters.types', defaultMessage: '{count, plural, one {# type} other {# types}}' },
  group: { id: 'reports.filters.group', defaultMessage: 'Group' },
  allGroups: { id: 'reports.filters.allGroups', defaultMessage: 'All groups' },
  groups: { id: 'reports.filters.groups', defaultMessage: '{count, plural, one {# group} other {# groups}}' },
  gradeLevel: { id: 'reports.filters.gradeLevel', defaultMessage: 'Grade level' },
  allGrades: { id: 'reports.filters.allGrades', defaultMessage: 'All grades' },
  grades: { id: 'reports.filters.grades', defaultMessage: '{count, plural, one {# grade} other {# grades}}' },
  subject: { id: 'reports.filters.subject', defaultMessage: 'Subject' },
  allSubjects: { id: 'reports.filters.allSubjects', defaultMessage: 'All subjects' },
  subjects: { id: 'reports.filters.subjects', defaultMessage: '{count, plural, one {# subject} other {# subjects}}' },
  observer: { id: 'reports.filters.observer', defaultMessage: 'Observer' },
  allObservers: { id: 'reports.filters.allObservers', defaultMessage: 'All observers' },
  observers: { id: 'reports.filters.observers', defaultMessage: '{count, plural, one {# observer} other {# observers}}' },
  bar: { id: 'reports.filters.bar', defaultMessage: 'Report filters' },
});

export const gradeLabel = (g: string) => (g === 'PK' ? t(m.preK) : g === 'K' ? t(m.kindergarten) : t(m.grade, { grade: g }));

/** The options of each filter, from the shared lookups (what the caller may see); `observers`: the coach filter offers the observers. */
export function useFilterOptions(observers = false) {
  const { user } = useAuthUser();
  const permissions = user?.security.permissions ?? [];
  const scope = permissionScope(permissions, PERMISSIONS.seeEngagement);
  const district = scope === 'district';
  const buildings = useBuildings('all');
  const coaches = useCoaches(!observers && hasPermission(permissions, PERMISSIONS.seeCoaches) && scope !== 'self');
  const observing = useObservers(observers && hasPermission(permissions, PERMISSIONS.seeActivity) && scope !== 'self');
  const people = observers ? observing.data?.data : coaches.data?.data;
  const types = useInteractionTypes('all');
  const groups = useGroups({ status: 'all' }, hasPermission(permissions, PERMISSIONS.seeEducators) && scope !== 'self');
  const byName = (a: Option, b: Option) => a.label.localeCompare(b.label);
  const schools: Option[] = (district ? (buildings.data?.data ?? []) : (user?.buildings ?? []))
    .map((b) => ({ value: String(b.id), label: b.name })).sort(byName);
  return {
    building_id: schools,
    coach_id: (people ?? []).map((c) => ({ value: String(c.id), label: c.name })).sort(byName),
    interaction_type_id: (types.data?.data ?? []).map((t) => ({ value: String(t.id), label: t.archived_at ? tArchived(t.name) : t.name })),
    group_id: (groups.data?.data ?? []).map((g) => ({ value: String(g.id), label: g.name })).sort(byName),
    grade_level: GRADE_LEVELS.map((g) => ({ value: g, label: gradeLabel(g) })),
    subject: SUBJECTS.map((s) => ({ value: s, label: tText(s) })),
  } satisfies Record<FilterKey, Option[]>;
}
export type FilterOptions = ReturnType<typeof useFilterOptions>;

const tArchived = (name: string) => t(m.archivedType, { name });

interface FilterWords { one: MessageDescriptor; all: MessageDescriptor; count: MessageDescriptor }

/** Each filter's label, its "nothing chosen" text and the words of a count ("2 schools"). */
const FILTER_LABELS: Record<FilterKey, FilterWords> = {
  building_id: { one: m.school, all: m.allSchools, count: m.schools },
  coach_id: { one: m.coach, all: m.allCoaches, count: m.coaches },
  interaction_type_id: { one: m.type, all: m.allTypes, count: m.types },
  group_id: { one: m.group, all: m.allGroups, count: m.groups },
  grade_level: { one: m.gradeLevel, all: m.allGrades, count: m.grades },
  subject: { one: m.subject, all: m.allSubjects, count: m.subjects },
};
export const FILTER_KEYS = ['building_id', 'coach_id', 'interaction_type_id', 'group_id', 'grade_level', 'subject'] as const;
/** The coach filter on the walkthrough report: whoever observed. */
const OBSERVER_LABEL: FilterWords = { one: m.observer, all: m.allObservers, count: m.observers };

/** A filter's words; `observers`: the coach filter is the observer (the walkthrough report). */
export const filterLabel = (key: FilterKey, observers = false) => {
  const words = observers && key === 'coach_id' ? OBSERVER_LABEL : FILTER_LABELS[key];
  return { one: t(words.one), all: t(words.all), count: (n: number) => t(words.count, { count: n }) };
};

const asStrings = (f: Filters, key: FilterKey): string[] => (f[key] as (string | number)[]).map(String);

/** Names of the chosen values ("Lincoln Middle, Oak Hollow"), for the summary line and the print header. */
export function chosenNames(f: Filters, key: FilterKey, options: FilterOptions): string[] {
  return asStrings(f, key).map((v) => options[key].find((o) => o.value === v)?.label ?? `#${v}`);
}

/** What a closed dropdown shows: "All schools", the one name, or "2 schools". */
function summaryOf(key: FilterKey, names: string[], observers: boolean): string {
  const label = filterLabel(key, observers);
  if (names.length === 0) return label.all;
  if (names.length === 1) return names[0]!;
  return label.count(names.length);
}

const presets = () => DATE_PRESETS.map((p) => ({ value: p, label: presetName(p) }));

/** The filters the bar offers: all six but those a report hides, and coach and group only when the reader has some. */
export function shownFilters(options: FilterOptions, hide: readonly FilterKey[] = []): FilterKey[] {
  return FILTER_KEYS.filter((k) => !hide.includes(k) && (k !== 'coach_id' || options.coach_id.length > 0) && (k !== 'group_id' || options.group_id.length > 0));
}

/** How many filters are set (the date range counts once when it is not the school year). */
export function activeFilterCount(filters: Filters, keys: readonly FilterKey[]): number {
  return (filters.preset !== 'school-year' ? 1 : 0) + keys.filter((k) => filters[k].length > 0).length;
}

export function ReportFilterBar({ filters, onChange, options, hide = [], rangeId, observers = false }: {
  filters: Filters;
  onChange: (next: Filters) => void;
  options: FilterOptions;
  /** Filters a report does not offer (comparison hides the compared dimension). */
  hide?: FilterKey[];
  /** The id of the text saying the range's dates. */
  rangeId?: string;
  /** The coach filter is the observer (the walkthrough report); `options` from useFilterOptions(true). */
  observers?: boolean;
}) {
  const keys = shownFilters(options, hide);
  const set = (key: FilterKey, values: string[]) =>
    onChange({ ...filters, [key]: key === 'grade_level' || key === 'subject' ? values : values.map(Number) });
  return (
    <FilterBar label={t(m.bar)} active={hasFilters(filters)} onClear={() => onChange(EMPTY_FILTERS)}
      columns="11rem repeat(auto-fill, minmax(9.5rem, 1fr))" className="report-filter-bar"
      foldCount={activeFilterCount(filters, keys)}>
      <DateRangeFilter value={filters} presets={presets()} custom="custom" describedBy={rangeId}
        onChange={(range) => onChange({ ...filters, ...range })} />
      {keys.map((k) => (
        <ChoiceDropdown key={k} legend={filterLabel(k, observers).one} name={`filter-${k}`} options={options[k]}
          summary={summaryOf(k, chosenNames(filters, k, options), observers)} value={asStrings(filters, k)} onChange={(v) => set(k, v)} />
      ))}
    </FilterBar>
  );
}
