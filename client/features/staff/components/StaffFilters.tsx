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

export type FilterOption = { id: number; name: string; note?: string };

type Props = {
  filters: Filters;
  onChange: (next: Filters, options?: { replace?: boolean }) => void;
  onClear: () => void;
  schools: SchoolOption[];
  groups: FilterOption[] | null;
  coaches: FilterOption[] | null;
};

const STATUS_OPTIONS: { value: StaffStatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'all', label: 'All' },
];

export function schoolSummary(ids: number[], schools: SchoolOption[]): string {
  if (ids.length === 0) return 'All schools';
  if (ids.length === 1) return schools.find((s) => s.id === ids[0])?.name ?? '1 school';
  return `${ids.length} schools`;
}

/** Chips for the filters that differ from the default, each with its own remove action. */
function activeChips(f: Filters, schools: SchoolOption[], groups: FilterOption[] | null, coaches: FilterOption[] | null) {
  const chips: { key: string; label: string; remove: Partial<Filters> }[] = [];
  if (f.search.trim()) chips.push({ key: 'search', label: `Search: “${f.search.trim()}”`, remove: { search: '' } });
  for (const id of f.building_ids) {
    chips.push({ key: `b${id}`, label: `School: ${schools.find((s) => s.id === id)?.name ?? `#${id}`}`, remove: { building_ids: f.building_ids.filter((b) => b !== id) } });
  }
  if (f.position) chips.push({ key: 'position', label: `Position: ${f.position}`, remove: { position: '' } });
  if (f.grade_level) chips.push({ key: 'grade', label: `Grade: ${gradeLabel(f.grade_level)}`, remove: { grade_level: '' } });
  if (f.subject) chips.push({ key: 'subject', label: `Subject: ${f.subject}`, remove: { subject: '' } });
  if (f.status !== DEFAULT_FILTERS.status) chips.push({ key: 'status', label: `Status: ${STATUS_OPTIONS.find((s) => s.value === f.status)!.label}`, remove: { status: DEFAULT_FILTERS.status } });
  if (f.group_id !== null) chips.push({ key: 'group', label: `Group: ${groups?.find((g) => g.id === f.group_id)?.name ?? `#${f.group_id}`}`, remove: { group_id: null } });
  if (f.coach_id !== null) chips.push({ key: 'coach', label: `Coach: ${coaches?.find((c) => c.id === f.coach_id)?.name ?? `#${f.coach_id}`}`, remove: { coach_id: null } });
  return chips;
}

export function StaffFilters({ filters, onChange, onClear, schools, groups, coaches }: Props) {
  const set = (patch: Partial<Filters>) => onChange(withChange(filters, patch));
  const chips = activeChips(filters, schools, groups, coaches).map(({ key, label, remove }) => ({ key, label, onRemove: () => set(remove) }));

  return (
    <FilterBar
      label="Search and filter educators"
      search={filters.search} searchPlaceholder="Name, email or employee ID" searchMaxLength={STAFF_SEARCH_MAX}
      onSearch={(search) => onChange(withChange(filters, { search }), { replace: true })}
      active={hasAnyFilter(filters)} onClear={onClear} chips={chips} foldCount={countActiveFilters(filters)}
      columns="repeat(auto-fill, minmax(10.5rem, 1fr))" searchSpan={2}
    >
      <FilterBarPinned>
        <SelectField
          label="Sort by"
          name="sort"
          value={filters.sort}
          onChange={(v) => set({ sort: v as Filters['sort'] })}
          options={STAFF_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        />
      </FilterBarPinned>
      {schools.length > 1 && (
        <ChoiceDropdown
          legend="School"
          name="building_id"
          summary={schoolSummary(filters.building_ids, schools)}
          options={schools.map((s) => ({ value: String(s.id), label: s.name }))}
          value={filters.building_ids.map(String)}
          onChange={(ids) => set({ building_ids: ids.map(Number) })}
        />
      )}
      <SelectField
        label="Position"
        name="position"
        value={filters.position}
        onChange={(v) => set({ position: v })}
        placeholder="All positions"
        options={POSITIONS.map((p) => ({ value: p, label: p }))}
      />
      <SelectField
        label="Grade level"
        name="grade_level"
        value={filters.grade_level}
        onChange={(v) => set({ grade_level: v })}
        placeholder="All grades"
        options={GRADE_LEVELS.map((g) => ({ value: g, label: gradeLabel(g) }))}
      />
      <SelectField
        label="Subject"
        name="subject"
        value={filters.subject}
        onChange={(v) => set({ subject: v })}
        placeholder="All subjects"
        options={SUBJECTS.map((s) => ({ value: s, label: s }))}
      />
      <SelectField
        label="Status"
        name="status"
        value={filters.status}
        onChange={(v) => set({ status: v as StaffStatusFilter })}
        options={STATUS_OPTIONS}
      />
      {groups && (
        <SelectField
          label="Group"
          name="group_id"
          value={filters.group_id === null ? '' : String(filters.group_id)}
          onChange={(v) => set({ group_id: v ? Number(v) : null })}
          placeholder="Any group"
          options={groups.map((g) => ({ value: String(g.id), label: g.note ? `${g.name} (${g.note})` : g.name }))}
        />
      )}
      {coaches && (
        <SelectField
          label="Coach"
          name="coach_id"
          value={filters.coach_id === null ? '' : String(filters.coach_id)}
          onChange={(v) => set({ coach_id: v ? Number(v) : null })}
          placeholder="Any coach"
          options={coaches.map((c) => ({ value: String(c.id), label: c.note ? `${c.name} (${c.note})` : c.name }))}
        />
      )}
    </FilterBar>
  );
}
