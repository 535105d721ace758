// The observations list's filters, all in the URL, on the shared FilterBar: form, educator (a search; the
// chosen one is a chip), school, observer, the date range, status, shared and acknowledged. On a phone the
// bar folds behind its "Filters" button; the set filters stay in sight as removable chips. An educator's
// list (only what was shared with them) offers only the form, the date range and acknowledged.
import { ChoiceDropdown } from '../../../components/ChoiceDropdown';
import { DateRangeFilter } from '../../../components/DateRangeFilter';
import { EducatorCombobox } from '../../../components/EducatorCombobox';
import { SelectField } from '../../../components/Field';
import { FilterBar, type FilterChip } from '../../../components/FilterBar';
import {
  activeFilterCount, CLEARED, type ListPatch, type ObservationListState, RANGE_LABELS, RANGE_PRESETS, type RangePreset,
} from '../observationQuery';
import { defineMessages, type MessageDescriptor, t } from '../../../lib/i18n';

const m = defineMessages({
  chipEducator: { id: 'observations.chipEducator', defaultMessage: 'Educator: {name}' },
  chipForm: { id: 'observations.chipForm', defaultMessage: 'Form: {name}' },
  chipSchool: { id: 'observations.chipSchool', defaultMessage: 'School: {name}' },
  chipObserver: { id: 'observations.chipObserver', defaultMessage: 'Observer: {name}' },
  drafts: { id: 'observations.drafts', defaultMessage: 'Drafts' },
  completed: { id: 'observations.completed', defaultMessage: 'Completed' },
  shared: { id: 'observations.shared', defaultMessage: 'Shared' },
  notShared: { id: 'observations.notShared', defaultMessage: 'Not shared' },
  acknowledged: { id: 'observations.acknowledged', defaultMessage: 'Acknowledged' },
  notAcknowledged: { id: 'observations.notAcknowledged', defaultMessage: 'Not acknowledged' },
  filterObservations: { id: 'observations.filterObservations', defaultMessage: 'Filter observations' },
  form: { id: 'observations.form', defaultMessage: 'Form' },
  allForms: { id: 'observations.allForms', defaultMessage: 'All forms' },
  formCount: { id: 'observations.formCount', defaultMessage: '{count, plural, one {# form} other {# forms}}' },
  educator: { id: 'observations.educator', defaultMessage: 'Educator' },
  school: { id: 'observations.school', defaultMessage: 'School' },
  allSchools: { id: 'observations.allSchools', defaultMessage: 'All schools' },
  schoolCount: { id: 'observations.schoolCount', defaultMessage: '{count, plural, one {# school} other {# schools}}' },
  observer: { id: 'observations.observer', defaultMessage: 'Observer' },
  allObservers: { id: 'observations.allObservers', defaultMessage: 'All observers' },
  observerCount: { id: 'observations.observerCount', defaultMessage: '{count, plural, one {# observer} other {# observers}}' },
  status: { id: 'observations.status', defaultMessage: 'Status' },
  anyStatus: { id: 'observations.anyStatus', defaultMessage: 'Any status' },
  sharedLabel: { id: 'observations.sharedLabel', defaultMessage: 'Shared' },
  any: { id: 'observations.any', defaultMessage: 'Any' },
  acknowledgedLabel: { id: 'observations.acknowledgedLabel', defaultMessage: 'Acknowledged' },
});

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

const presets = () => RANGE_PRESETS.map((p) => ({ value: p, label: t(RANGE_LABELS[p]) }));
const YES_NO = (yes: string, no: string) => [{ value: 'yes', label: yes }, { value: 'no', label: no }];

function summaryOf(values: number[], options: Option[], all: string, count: MessageDescriptor): string {
  if (values.length === 0) return all;
  if (values.length === 1) return options.find((o) => o.value === String(values[0]))?.label ?? `#${values[0]}`;
  return t(count, { count: values.length });
}

const nameOf = (options: Option[], id: number) => options.find((o) => o.value === String(id))?.label ?? `#${id}`;

export function ObservationFilters({ state, onChange, options, educatorName, own, rangeId }: Props) {
  const ids = (values: string[]) => values.join(',');
  const chips: FilterChip[] = [];
  const chip = (key: string, label: string, patch: ListPatch) => chips.push({ key, label, onRemove: () => onChange(patch) });
  if (state.educator) chip('educator', t(m.chipEducator, { name: educatorName ?? `#${state.educator}` }), { educator: '' });
  for (const id of state.form) chip(`form-${id}`, t(m.chipForm, { name: nameOf(options.forms, id) }), { form: ids(state.form.filter((f) => f !== id).map(String)) });
  for (const id of state.school) chip(`school-${id}`, t(m.chipSchool, { name: nameOf(options.schools, id) }), { school: ids(state.school.filter((f) => f !== id).map(String)) });
  for (const id of state.observer) chip(`observer-${id}`, t(m.chipObserver, { name: nameOf(options.observers, id) }), { observer: ids(state.observer.filter((f) => f !== id).map(String)) });
  if (state.status) chip('status', state.status === 'draft' ? t(m.drafts) : t(m.completed), { status: '' });
  if (state.shared) chip('shared', state.shared === 'yes' ? t(m.shared) : t(m.notShared), { shared: '' });
  if (state.acknowledged) chip('acknowledged', state.acknowledged === 'yes' ? t(m.acknowledged) : t(m.notAcknowledged), { acknowledged: '' });

  const count = activeFilterCount(state);
  return (
    <FilterBar label={t(m.filterObservations)} active={count > 0} onClear={() => onChange(CLEARED)} chips={chips} foldCount={count}
      columns="11rem repeat(auto-fill, minmax(10rem, 1fr))">
      <DateRangeFilter value={state} presets={presets()} custom="custom" describedBy={rangeId}
        onChange={(r) => onChange({ preset: r.preset as RangePreset, from: r.from ?? '', to: r.to ?? '' })} />
      <ChoiceDropdown legend={t(m.form)} name="filter-form" options={options.forms} value={state.form.map(String)}
        summary={summaryOf(state.form, options.forms, t(m.allForms), m.formCount)} onChange={(v) => onChange({ form: ids(v) })} />
      {!own && !state.educator && (
        <div className="obs-filter-educator">
          <EducatorCombobox label={t(m.educator)} hint="" chosen={[]} onPick={(e) => onChange({ educator: String(e.id) })} />
        </div>
      )}
      {!own && options.schools.length > 0 && (
        <ChoiceDropdown legend={t(m.school)} name="filter-school" options={options.schools} value={state.school.map(String)}
          summary={summaryOf(state.school, options.schools, t(m.allSchools), m.schoolCount)} onChange={(v) => onChange({ school: ids(v) })} />
      )}
      {!own && options.observers.length > 0 && (
        <ChoiceDropdown legend={t(m.observer)} name="filter-observer" options={options.observers} value={state.observer.map(String)}
          summary={summaryOf(state.observer, options.observers, t(m.allObservers), m.observerCount)} onChange={(v) => onChange({ observer: ids(v) })} />
      )}
      {!own && (
        <SelectField label={t(m.status)} name="status" value={state.status} placeholder={t(m.anyStatus)}
          options={[{ value: 'draft', label: t(m.drafts) }, { value: 'completed', label: t(m.completed) }]} onChange={(status) => onChange({ status })} />
      )}
      {!own && (
        <SelectField label={t(m.sharedLabel)} name="shared" value={state.shared} placeholder={t(m.any)} options={YES_NO(t(m.shared), t(m.notShared))}
          onChange={(shared) => onChange({ shared })} />
      )}
      <SelectField label={t(m.acknowledgedLabel)} name="acknowledged" value={state.acknowledged} placeholder={t(m.any)}
        options={YES_NO(t(m.acknowledged), t(m.notAcknowledged))} onChange={(acknowledged) => onChange({ acknowledged })} />
    </FilterBar>
  );
}
