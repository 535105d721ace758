// Search, level and state filters of the alerts list. The URL holds them (shareable, back button works).
import { ALERT_LEVELS, ALERT_STATES } from '../../../../common/schemas/alerts';
import { boundFilters, FilterBar } from '../../../components/FilterBar';
import { SelectField } from '../../../components/Field';
import { defineMessages, t } from '../../../lib/i18n';
import { levelLabel, stateLabel } from './AlertBadges';

export interface AlertFilterValues {
  search: string;
  level: string;
  state: string;
}

export const DEFAULT_ALERT_FILTERS: AlertFilterValues = { search: '', level: '', state: '' };

const m = defineMessages({
  label: { id: 'alerts.filters.label', defaultMessage: 'Search and filter alerts' },
  searchPlaceholder: { id: 'alerts.filters.searchPlaceholder', defaultMessage: 'Title or text' },
  level: { id: 'alerts.level', defaultMessage: 'Level' },
  allLevels: { id: 'alerts.filters.allLevels', defaultMessage: 'All levels' },
  state: { id: 'alerts.filters.state', defaultMessage: 'State' },
  allStates: { id: 'alerts.filters.allStates', defaultMessage: 'All states' },
});

const levelOptions = () => ALERT_LEVELS.map((l) => ({ value: l, label: levelLabel(l) }));
const stateOptions = () => ALERT_STATES.map((s) => ({ value: s, label: stateLabel(s) }));

type Props = {
  filters: AlertFilterValues;
  onChange: (patch: Partial<AlertFilterValues>, options?: { replace?: boolean }) => void;
};

export function AlertFilters({ filters, onChange }: Props) {
  const f = boundFilters(filters, DEFAULT_ALERT_FILTERS, onChange);
  return (
    <FilterBar label={t(m.label)} searchPlaceholder={t(m.searchPlaceholder)} {...f.bar} columns="minmax(12rem, 2fr) minmax(9rem, 1fr) minmax(9rem, 1fr) auto" wideFrom="narrow">
      <SelectField label={t(m.level)} {...f.select('level')} placeholder={t(m.allLevels)} options={levelOptions()} />
      <SelectField label={t(m.state)} {...f.select('state')} placeholder={t(m.allStates)} options={stateOptions()} />
    </FilterBar>
  );
}
