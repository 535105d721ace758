// The observations list's filters, all in the URL, on the shared FilterBar: form, educator (a search; the
// chosen one is a chip), school, observer, the date range, status, shared and acknowledged. On a phone the
// bar folds behind its "Filters" button; the set filters stay in sight as removable chips. An educator's
// list (only what was shared with them) offers only the form, the date range and acknowledged.
import { plural } from '../../../../common/plural';
import { ChoiceDropdown } from '../../../components/ChoiceDropdown';
import { DateRangeFilter } from '../../../components/DateRangeFilter';
import { EducatorCombobox } from '../../../components/EducatorCombobox';
import { SelectField } from '../../../components/Field';
import { FilterBar, type FilterChip } from '../../../components/FilterBar';
import {
  activeFilterCount, CLEARED, type ListPatch, type ObservationListState, RANGE_LABELS, RANGE_PRESETS, type RangePreset,
} from '../observationQuery';

type Option = { value: string; label: string };

export interface FilterOptions {
  forms: Option[];
  schools: Option[];
  observers: Option[];
}

type Props = {
  state: ObservationListState;
  onChange: (patch: ListPatch) => void;
  options: FilterOptions;
  educatorName: string | null;
  /** The reader is the observed educator: their own shared observations only. */
  own: boolean;
  rangeId: string;
};

const PRESETS = RANGE_PRESETS.map((p) => ({ value: p, label: RANGE_LABELS[p] }));
const YES_NO = (yes: string, no: string) => [{ value: 'yes', label: yes }, { value: 'no', label: no }];

function summaryOf(values: number[], options: Option[], all: string, noun: [string, string]): string {
  if (values.length === 0) return all;
  if (values.length === 1) return options.find((o) => o.value === String(values[0]))?.label ?? `#${values[0]}`;
  return plural(values.length, ...noun);
}

const nameOf = (options: Option[], id: number) => options.find((o) => o.value === String(id))?.label ?? `#${id}`;

export function ObservationFilters({ state, onChange, options, educatorName, own, rangeId }: Props) {
  const ids = (values: string[]) => values.join(',');
  const chips: FilterChip[] = [];
  const chip = (key: string, label: string, patch: ListPatch) => chips.push({ key, label, onRemove: () => onChange(patch) });
  if (state.educator) chip('educator', `Educator: ${educatorName ?? `#${state.educator}`}`, { educator: '' });
  for (const id of state.form) chip(`form-${id}`, `Form: ${nameOf(options.forms, id)}`, { form: ids(state.form.filter((f) => f !== id).map(String)) });
  for (const id of state.school) chip(`school-${id}`, `School: ${nameOf(options.schools, id)}`, { school: ids(state.school.filter((f) => f !== id).map(String)) });
  for (const id of state.observer) chip(`observer-${id}`, `Observer: ${nameOf(options.observers, id)}`, { observer: ids(state.observer.filter((f) => f !== id).map(String)) });
  if (state.status) chip('status', state.status === 'draft' ? 'Drafts' : 'Completed', { status: '' });
  if (state.shared) chip('shared', state.shared === 'yes' ? 'Shared' : 'Not shared', { shared: '' });
  if (state.acknowledged) chip('acknowledged', state.acknowledged === 'yes' ? 'Acknowledged' : 'Not acknowledged', { acknowledged: '' });

  const count = activeFilterCount(state);
  return (
    <FilterBar label="Filter observations" active={count > 0} onClear={() => onChange(CLEARED)} chips={chips} foldCount={count}
      columns="11rem repeat(auto-fill, minmax(10rem, 1fr))">
      <DateRangeFilter value={state} presets={PRESETS} custom="custom" describedBy={rangeId}
        onChange={(r) => onChange({ preset: r.preset as RangePreset, from: r.from ?? '', to: r.to ?? '' })} />
      <ChoiceDropdown legend="Form" name="filter-form" options={options.forms} value={state.form.map(String)}
        summary={summaryOf(state.form, options.forms, 'All forms', ['form', 'forms'])} onChange={(v) => onChange({ form: ids(v) })} />
      {!own && !state.educator && (
        <div className="obs-filter-educator">
          <EducatorCombobox label="Educator" hint="" chosen={[]} onPick={(e) => onChange({ educator: String(e.id) })} />
        </div>
      )}
      {!own && options.schools.length > 0 && (
        <ChoiceDropdown legend="School" name="filter-school" options={options.schools} value={state.school.map(String)}
          summary={summaryOf(state.school, options.schools, 'All schools', ['school', 'schools'])} onChange={(v) => onChange({ school: ids(v) })} />
      )}
      {!own && options.observers.length > 0 && (
        <ChoiceDropdown legend="Observer" name="filter-observer" options={options.observers} value={state.observer.map(String)}
          summary={summaryOf(state.observer, options.observers, 'All observers', ['observer', 'observers'])} onChange={(v) => onChange({ observer: ids(v) })} />
      )}
      {!own && (
        <SelectField label="Status" name="status" value={state.status} placeholder="Any status"
          options={[{ value: 'draft', label: 'Drafts' }, { value: 'completed', label: 'Completed' }]} onChange={(status) => onChange({ status })} />
      )}
      {!own && (
        <SelectField label="Shared" name="shared" value={state.shared} placeholder="Any" options={YES_NO('Shared', 'Not shared')}
          onChange={(shared) => onChange({ shared })} />
      )}
      <SelectField label="Acknowledged" name="acknowledged" value={state.acknowledged} placeholder="Any"
        options={YES_NO('Acknowledged', 'Not acknowledged')} onChange={(acknowledged) => onChange({ acknowledged })} />
    </FilterBar>
  );
}
