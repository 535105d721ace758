// Search, level and state filters of the alerts list. The URL holds them (shareable, back button works).
import { ALERT_LEVELS, ALERT_LEVEL_LABELS, ALERT_STATES, ALERT_STATE_LABELS } from '../../../../common/schemas/alerts';
import { boundFilters, FilterBar } from '../../../components/FilterBar';
import { SelectField } from '../../../components/Field';

export interface AlertFilterValues {
  search: string;
  level: string;
  state: string;
}

export const DEFAULT_ALERT_FILTERS: AlertFilterValues = { search: '', level: '', state: '' };

const LEVEL_OPTIONS = ALERT_LEVELS.map((l) => ({ value: l, label: ALERT_LEVEL_LABELS[l] }));
const STATE_OPTIONS = ALERT_STATES.map((s) => ({ value: s, label: ALERT_STATE_LABELS[s] }));

type Props = {
  filters: AlertFilterValues;
  onChange: (patch: Partial<AlertFilterValues>, options?: { replace?: boolean }) => void;
};

export function AlertFilters({ filters, onChange }: Props) {
  const f = boundFilters(filters, DEFAULT_ALERT_FILTERS, onChange);
  return (
    <FilterBar label="Search and filter alerts" searchPlaceholder="Title or text" {...f.bar} columns="minmax(12rem, 2fr) minmax(9rem, 1fr) minmax(9rem, 1fr) auto" wideFrom="narrow">
      <SelectField label="Level" {...f.select('level')} placeholder="All levels" options={LEVEL_OPTIONS} />
      <SelectField label="State" {...f.select('state')} placeholder="All states" options={STATE_OPTIONS} />
    </FilterBar>
  );
}
