// Search, plan, status and state filters and the sort of the Districts list. The URL holds them.
import { useEffect, useRef, useState } from 'react';
import { US_STATES } from '../../../../common/constants';
import { DISTRICT_STATUSES, DISTRICT_STATUS_LABELS, type PlanOption } from '../../../../common/schemas/adminDistricts';
import { Button } from '../../../components/Button';
import { SelectField, TextField } from '../../../components/Field';
import type { DistrictListParams } from '../api';

export type FilterPatch = Partial<Omit<DistrictListParams, 'page'>> & { page?: number };

export const DEFAULT_FILTERS: Omit<DistrictListParams, 'page' | 'sort'> = { search: '', plan: '', status: '', state: '' };

export const SORT_OPTIONS = [
  { value: 'name', label: 'Name (A–Z)' },
  { value: '-name', label: 'Name (Z–A)' },
  { value: '-created', label: 'Newest first' },
  { value: 'created', label: 'Oldest first' },
  { value: '-users', label: 'Most users' },
  { value: '-educators', label: 'Most educators' },
  { value: '-last_activity', label: 'Recently active' },
  { value: 'last_activity', label: 'Least recently active' },
  { value: 'trial_end', label: 'Trial ending soonest' },
];

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...DISTRICT_STATUSES.map((s) => ({ value: s, label: DISTRICT_STATUS_LABELS[s] }))];
const STATE_OPTIONS = [{ value: '', label: 'All states' }, ...Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: `${name} (${code})` }))];
const SEARCH_DELAY_MS = 300;

type Props = {
  params: DistrictListParams;
  plans: PlanOption[];
  onChange: (patch: FilterPatch, options?: { replace?: boolean }) => void;
};

export function DistrictFilters({ params, plans, onChange }: Props) {
  const [search, setSearch] = useState(params.search);
  const latest = useRef(params.search);
  latest.current = params.search;
  useEffect(() => setSearch(params.search), [params.search]);
  useEffect(() => {
    if (search === latest.current) return;
    const timer = setTimeout(() => onChange({ search }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, onChange]);

  const planOptions = [{ value: '', label: 'All plans' }, ...plans.map((p) => ({ value: p.key, label: p.name }))];
  // A plan key from the URL that the list does not know yet still shows as chosen.
  if (params.plan && !plans.some((p) => p.key === params.plan)) planOptions.push({ value: params.plan, label: params.plan });
  const sortOptions = SORT_OPTIONS.some((o) => o.value === params.sort) ? SORT_OPTIONS : [...SORT_OPTIONS, { value: params.sort, label: 'Column sort' }];
  const active = params.search !== '' || params.plan !== '' || params.status !== '' || params.state !== '';

  return (
    <section className="adm-filters" aria-label="Search and filter districts">
      <form role="search" className="adm-filters__search" onSubmit={(e) => { e.preventDefault(); onChange({ search }, { replace: true }); }}>
        <TextField label="Search" name="search" type="search" value={search} onChange={setSearch} placeholder="Name, slug or state" autoComplete="off" spellCheck={false} />
      </form>
      <SelectField label="Plan" name="plan" value={params.plan} onChange={(plan) => onChange({ plan })} options={planOptions} />
      <SelectField label="Status" name="status" value={params.status} onChange={(status) => onChange({ status })} options={STATUS_OPTIONS} />
      <SelectField label="State" name="state" value={params.state} onChange={(state) => onChange({ state })} options={STATE_OPTIONS} />
      <SelectField label="Sort by" name="sort" value={params.sort} onChange={(sort) => onChange({ sort })} options={sortOptions} />
      {active && (
        <Button variant="ghost" className="adm-filters__clear" onClick={() => { setSearch(''); onChange(DEFAULT_FILTERS); }}>
          Clear filters
        </Button>
      )}
    </section>
  );
}
