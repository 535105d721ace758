// Search, plan, status and state filters and the sort of the Districts list. The URL holds them.
import { US_STATES } from '../../../../common/constants';
import { DISTRICT_STATUSES, DISTRICT_STATUS_LABELS, type PlanOption } from '../../../../common/schemas/adminDistricts';
import { boundFilters, FilterBar } from '../../../components/FilterBar';
import { SelectField } from '../../../components/Field';
import { keepChosen } from '../../../lib/listParams';
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

const STATUS_OPTIONS = DISTRICT_STATUSES.map((s) => ({ value: s, label: DISTRICT_STATUS_LABELS[s] }));
const STATE_OPTIONS = Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: `${name} (${code})` }));

type Props = {
  params: DistrictListParams;
  plans: PlanOption[];
  onChange: (patch: FilterPatch, options?: { replace?: boolean }) => void;
};

export function DistrictFilters({ params, plans, onChange }: Props) {
  const planOptions = keepChosen(plans.map((p) => ({ value: p.key, label: p.name })), params.plan);
  const sortOptions = keepChosen(SORT_OPTIONS, params.sort, 'Column sort');
  const f = boundFilters(params, DEFAULT_FILTERS, onChange);

  return (
    <FilterBar label="Search and filter districts" searchPlaceholder="Name, slug or state" {...f.bar} columns="minmax(14rem, 2fr) repeat(4, minmax(8.5rem, 1fr)) auto">
      <SelectField label="Plan" {...f.select('plan')} placeholder="All plans" options={planOptions} />
      <SelectField label="Status" {...f.select('status')} placeholder="All statuses" options={STATUS_OPTIONS} />
      <SelectField label="State" {...f.select('state')} placeholder="All states" options={STATE_OPTIONS} />
      <SelectField label="Sort by" {...f.select('sort')} options={sortOptions} />
    </FilterBar>
  );
}
