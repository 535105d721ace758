// Search, sort and the filters of the Educators list, on the shared FilterBar: on phones the filters fold
// away behind its "Filters" toggle (the search and the sort stay in sight); the active filters are listed
// as removable chips either way.
import { GRADE_LEVELS, POSITIONS, STAFF_SEARCH_MAX, STAFF_SORTS, SUBJECTS } from '../../../../common/staffValues';
import { SelectField } from '../../../components/Field';
import { FilterBar, FilterBarPinned } from '../../../components/FilterBar';
import type { SchoolOption } from '../access';
import { gradeLabel } from '../grades';
import {
  countActiveFilters, DEFAULT_FILTERS, hasAnyFilter, SORT_LABELS, withChange,
  type StaffFilters as Filters, type StaffStatusFilter,
} from '../staffQuery';
import { ChoiceDropdown } from '../../../components/ChoiceDropdown';
import { defineMessages, t, tText } from '../../../lib/i18n';

const m = defineMessages({
  statusActive: { id: 'staff.statusActive', defaultMessage: 'Active' },
  statusInactive: { id: 'staff.statusInactive', defaultMessage: 'Inactive' },
  statusAll: { id: 'staff.statusAll', defaultMessage: 'All' },
  allSchools: { id: 'staff.allSchools', defaultMessage: 'All schools' },
  schoolCount: { id: 'staff.schoolCount', defaultMessage: '{count, plural, one {# school} other {# schools}}' },
  chipSearch: { id: 'staff.chipSearch', defaultMessage: 'Search: “{value}”' },
  chipSchool: { id: 'staff.chipSchool', defaultMessage: 'School: {value}' },
  chipPosition: { id: 'staff.chipPosition', defaultMessage: 'Position: {value}' },
  chipGrade: { id: 'staff.chipGrade', defaultMessage: 'Grade: {value}' },
  chipSubject: { id: 'staff.chipSubject', defaultMessage: 'Subject: {value}' },
  chipStatus: { id: 'staff.chipStatus', defaultMessage: 'Status: {value}' },
  chipGroup: { id: 'staff.chipGroup', defaultMessage: 'Group: {value}' },
  chipCoach: { id: 'staff.chipCoach', defaultMessage: 'Coach: {value}' },
  filterLabel: { id: 'staff.filterLabel', defaultMessage: 'Search and filter educators' },
  searchPlaceholder: { id: 'staff.searchPlaceholder', defaultMessage: 'Name, email or employee ID' },
  sortBy: { id: 'staff.sortBy', defaultMessage: 'Sort by' },
  fSchool: { id: 'staff.fSchool', defaultMessage: 'School' },
  fPosition: { id: 'staff.fPosition', defaultMessage: 'Position' },
  allPositions: { id: 'staff.allPositions', defaultMessage: 'All positions' },
  fGrade: { id: 'staff.fGrade', defaultMessage: 'Grade level' },
  allGrades: { id: 'staff.allGrades', defaultMessage: 'All grades' },
  fSubject: { id: 'staff.fSubject', defaultMessage: 'Subject' },
  allSubjects: { id: 'staff.allSubjects', defaultMessage: 'All subjects' },
  fStatus: { id: 'staff.fStatus', defaultMessage: 'Status' },
  fGroup: { id: 'staff.fGroup', defaultMessage: 'Group' },
  anyGroup: { id: 'staff.anyGroup', defaultMessage: 'Any group' },
  fCoach: { id: 'staff.fCoach', defaultMessage: 'Coach' },
  anyCoach: { id: 'staff.anyCoach', defaultMessage: 'Any coach' },
});

export type FilterOption = { id: number; name: string; note?: string };

type Props = {
  filters: Filters;
  onChange: (next: Filters, options?: { replace?: boolean }) => void;
  onClear: () => void;
  schools: SchoolOption[];
  groups: FilterOption[] | null;
  coaches: FilterOption[] | null;
};

const statusOptions = (): { value: StaffStatusFilter; label: string }[] => [
  { value: 'active', label: t(m.statusActive) },
  { value: 'inactive', label: t(m.statusInactive) },
  { value: 'all', label: t(m.statusAll) },
];

export function schoolSummary(ids: number[], schools: SchoolOption[]): string {
  if (ids.length === 0) return t(m.allSchools);
  if (ids.length === 1) return schools.find((s) => s.id === ids[0])?.name ?? t(m.schoolCount, { count: 1 });
  return t(m.schoolCount, { count: ids.length });
}

/** Chips for the filters that differ from the default, each with its own remove action. */
function activeChips(f: Filters, schools: SchoolOption[], groups: FilterOption[] | null, coaches: FilterOption[] | null) {
  const chips: { key: string; label: string; remove: Partial<Filters> }[] = [];
  if (f.search.trim()) chips.push({ key: 'search', label: t(m.chipSearch, { value: f.search.trim() }), remove: { search: '' } });
  for (const id of f.building_ids) {
    chips.push({ key: `b${id}`, label: t(m.chipSchool, { value: schools.find((s) => s.id === id)?.name ?? `#${id}` }), remove: { building_ids: f.building_ids.filter((b) => b !== id) } });
  }
  if (f.position) chips.push({ key: 'position', label: t(m.chipPosition, { value: tText(f.position) }), remove: { position: '' } });
  if (f.grade_level) chips.push({ key: 'grade', label: t(m.chipGrade, { value: gradeLabel(f.grade_level) }), remove: { grade_level: '' } });
  if (f.subject) chips.push({ key: 'subject', label: t(m.chipSubject, { value: tText(f.subject) }), remove: { subject: '' } });
  if (f.status !== DEFAULT_FILTERS.status) chips.push({ key: 'status', label: t(m.chipStatus, { value: statusOptions().find((s) => s.value === f.status)!.label }), remove: { status: DEFAULT_FILTERS.status } });
  if (f.group_id !== null) chips.push({ key: 'group', label: t(m.chipGroup, { value: groups?.find((g) => g.id === f.group_id)?.name ?? `#${f.group_id}` }), remove: { group_id: null } });
  if (f.coach_id !== null) chips.push({ key: 'coach', label: t(m.chipCoach, { value: coaches?.find((c) => c.id === f.coach_id)?.name ?? `#${f.coach_id}` }), remove: { coach_id: null } });
  return chips;
}

export function StaffFilters({ filters, onChange, onClear, schools, groups, coaches }: Props) {
  const set = (patch: Partial<Filters>) => onChange(withChange(filters, patch));
  const chips = activeChips(filters, schools, groups, coaches).map(({ key, label, remove }) => ({ key, label, onRemove: () => set(remove) }));

  return (
    <FilterBar
      label={t(m.filterLabel)}
      search={filters.search} searchPlaceholder={t(m.searchPlaceholder)} searchMaxLength={STAFF_SEARCH_MAX}
      onSearch={(search) => onChange(withChange(filters, { search }), { replace: true })}
      active={hasAnyFilter(filters)} onClear={onClear} chips={chips} foldCount={countActiveFilters(filters)}
      columns="repeat(auto-fill, minmax(10.5rem, 1fr))" searchSpan={2}
    >
      <FilterBarPinned>
        <SelectField
          label={t(m.sortBy)}
          name="sort"
          value={filters.sort}
          onChange={(v) => set({ sort: v as Filters['sort'] })}
          options={STAFF_SORTS.map((s) => ({ value: s, label: t(SORT_LABELS[s]) }))}
        />
      </FilterBarPinned>
      {schools.length > 1 && (
        <ChoiceDropdown
          legend={t(m.fSchool)}
          name="building_id"
          summary={schoolSummary(filters.building_ids, schools)}
          options={schools.map((s) => ({ value: String(s.id), label: s.name }))}
          value={filters.building_ids.map(String)}
          onChange={(ids) => set({ building_ids: ids.map(Number) })}
        />
      )}
      <SelectField
        label={t(m.fPosition)}
        name="position"
        value={filters.position}
        onChange={(v) => set({ position: v })}
        placeholder={t(m.allPositions)}
        options={POSITIONS.map((p) => ({ value: p, label: tText(p) }))}
      />
      <SelectField
        label={t(m.fGrade)}
        name="grade_level"
        value={filters.grade_level}
        onChange={(v) => set({ grade_level: v })}
        placeholder={t(m.allGrades)}
        options={GRADE_LEVELS.map((g) => ({ value: g, label: gradeLabel(g) }))}
      />
      <SelectField
        label={t(m.fSubject)}
        name="subject"
        value={filters.subject}
        onChange={(v) => set({ subject: v })}
        placeholder={t(m.allSubjects)}
        options={SUBJECTS.map((s) => ({ value: s, label: tText(s) }))}
      />
      <SelectField
        label={t(m.fStatus)}
        name="status"
        value={filters.status}
        onChange={(v) => set({ status: v as StaffStatusFilter })}
        options={statusOptions()}
      />
      {groups && (
        <SelectField
          label={t(m.fGroup)}
          name="group_id"
          value={filters.group_id === null ? '' : String(filters.group_id)}
          onChange={(v) => set({ group_id: v ? Number(v) : null })}
          placeholder={t(m.anyGroup)}
          options={groups.map((g) => ({ value: String(g.id), label: g.note ? `${g.name} (${g.note})` : g.name }))}
        />
      )}
      {coaches && (
        <SelectField
          label={t(m.fCoach)}
          name="coach_id"
          value={filters.coach_id === null ? '' : String(filters.coach_id)}
          onChange={(v) => set({ coach_id: v ? Number(v) : null })}
          placeholder={t(m.anyCoach)}
          options={coaches.map((c) => ({ value: String(c.id), label: c.note ? `${c.name} (${c.note})` : c.name }))}
        />
      )}
    </FilterBar>
  );
}
