// Search, level and state filters of the alerts list. The URL holds them (shareable, back button works).
import { useEffect, useRef, useState } from 'react';
import { ALERT_LEVELS, ALERT_LEVEL_LABELS, ALERT_STATES, ALERT_STATE_LABELS } from '../../../../common/schemas/alerts';
import { Button } from '../../../components/Button';
import { SelectField, TextField } from '../../../components/Field';

export interface AlertFilterValues {
  search: string;
  level: string;
  state: string;
}

export const DEFAULT_ALERT_FILTERS: AlertFilterValues = { search: '', level: '', state: '' };

const LEVEL_OPTIONS = [{ value: '', label: 'All levels' }, ...ALERT_LEVELS.map((l) => ({ value: l, label: ALERT_LEVEL_LABELS[l] }))];
const STATE_OPTIONS = [{ value: '', label: 'All states' }, ...ALERT_STATES.map((s) => ({ value: s, label: ALERT_STATE_LABELS[s] }))];
const SEARCH_DELAY_MS = 300;

type Props = {
  filters: AlertFilterValues;
  onChange: (patch: Partial<AlertFilterValues>, options?: { replace?: boolean }) => void;
};

export function AlertFilters({ filters, onChange }: Props) {
  const [search, setSearch] = useState(filters.search);
  const latest = useRef(filters.search);
  latest.current = filters.search;

  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    if (search === latest.current) return;
    const timer = setTimeout(() => onChange({ search }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, onChange]);

  const active = filters.search !== '' || filters.level !== '' || filters.state !== '';
  return (
    <section className="alerts-filters" aria-label="Search and filter alerts">
      <form role="search" className="alerts-filters__search" onSubmit={(e) => { e.preventDefault(); onChange({ search }, { replace: true }); }}>
        <TextField label="Search" name="search" type="search" value={search} onChange={setSearch} placeholder="Title or text" autoComplete="off" />
      </form>
      <SelectField label="Level" name="level" value={filters.level} onChange={(level) => onChange({ level })} options={LEVEL_OPTIONS} />
      <SelectField label="State" name="state" value={filters.state} onChange={(state) => onChange({ state })} options={STATE_OPTIONS} />
      {active && (
        <Button variant="ghost" className="alerts-filters__clear" onClick={() => { setSearch(''); onChange(DEFAULT_ALERT_FILTERS); }}>
          Clear filters
        </Button>
      )}
    </section>
  );
}
