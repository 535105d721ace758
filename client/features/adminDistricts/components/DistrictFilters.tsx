// Search, plan, status and state filters and the sort of the Districts list. The URL holds them.
import { DISTRICT_STATUSES, DISTRICT_STATUS_LABELS, type PlanOption } from '../../../../common/schemas/adminDistricts';
import { boundFilters, FilterBar } from '../../../components/FilterBar';
import { SelectField } from '../../../components/Field';
import { defineMessages, t, tText } from '../../../lib/i18n';
import { stateOptions } from '../../../lib/usStates';
import { keepChosen } from '../../../lib/listParams';
import type { DistrictListParams } from '../api';

export type FilterPatch = Partial<Omit<DistrictListParams, 'page'>> & { page?: number };

export const DEFAULT_FILTERS: Omit<DistrictListParams, 'page' | 'sort'> = { search: '', plan: '', status: '', state: '' };

const m = defineMessages({
  sortNameAsc: { id: 'adminDistricts.filters.sortNameAsc', defaultMessage: 'Name (A–Z)' },
  sortNameDesc: { id: 'adminDistricts.filters.sortNameDesc', defaultMessage: 'Name (Z–A)' },
  sortNewest: { id: 'adminDistricts.filters.sortNewest', defaultMessage: 'Newest first' },
  sortOldest: { id: 'adminDistricts.filters.sortOldest', defaultMessage: 'Oldest first' },
  sortUsers: { id: 'adminDistricts.filters.sortUsers', defaultMessage: 'Most users' },
  sortEducators: { id: 'adminDistricts.filters.sortEducators', defaultMessage: 'Most educators' },
  sortRecent: { id: 'adminDistricts.filters.sortRecent', defaultMessage: 'Recently active' },
  sortLeastRecent: { id: 'adminDistricts.filters.sortLeastRecent', defaultMessage: 'Least recently active' },
  sortTrialEnd: { id: 'adminDistricts.filters.sortTrialEnd', defaultMessage: 'Trial ending soonest' },
  columnSort: { id: 'adminDistricts.filters.columnSort', defaultMessage: 'Column sort' },
  label: { id: 'adminDistricts.filters.label', defaultMessage: 'Search and filter districts' },
  searchPlaceholder: { id: 'adminDistricts.filters.searchPlaceholder', defaultMessage: 'Name, slug or state' },
  plan: { id: 'adminDistricts.filters.plan', defaultMessage: 'Plan' },
  allPlans: { id: 'adminDistricts.filters.allPlans', defaultMessage: 'All plans' },
  status: { id: 'adminDistricts.filters.status', defaultMessage: 'Status' },
  allStatuses: { id: 'adminDistricts.filters.allStatuses', defaultMessage: 'All statuses' },
  state: { id: 'adminDistricts.filters.state', defaultMessage: 'State' },
  allStates: { id: 'adminDistricts.filters.allStates', defaultMessage: 'All states' },
  sortBy: { id: 'adminDistricts.filters.sortBy', defaultMessage: 'Sort by' },
});

/** The Sort select's options, in the reader's language (called while rendering). */
export const sortOptions = () => [
  { value: 'name', label: t(m.sortNameAsc) },
  { value: '-name', label: t(m.sortNameDesc) },
  { value: '-created', label: t(m.sortNewest) },
  { value: 'created', label: t(m.sortOldest) },
  { value: '-users', label: t(m.sortUsers) },
  { value: '-educators', label: t(m.sortEducators) },
  { value: '-last_activity', label: t(m.sortRecent) },
  { value: 'last_activity', label: t(m.sortLeastRecent) },
  { value: 'trial_end', label: t(m.sortTrialEnd) },
];

const statusOptions = () => DISTRICT_STATUSES.map((s) => ({ value: s, label: tText(DISTRICT_STATUS_LABELS[s]) }));

type Props = {
  params: DistrictListParams;
  plans: PlanOption[];
  onChange: (patch: FilterPatch, options?: { replace?: boolean }) => void;
};

export function DistrictFilters({ params, plans, onChange }: Props) {
  const planOptions = keepChosen(plans.map((p) => ({ value: p.key, label: p.name })), params.plan);
  const sorts = keepChosen(sortOptions(), params.sort, t(m.columnSort));
  const f = boundFilters(params, DEFAULT_FILTERS, onChange);

  return (
    <FilterBar label={t(m.label)} searchPlaceholder={t(m.searchPlaceholder)} {...f.bar} columns="minmax(14rem, 2fr) repeat(4, minmax(8.5rem, 1fr)) auto">
      <SelectField label={t(m.plan)} {...f.select('plan')} placeholder={t(m.allPlans)} options={planOptions} />
      <SelectField label={t(m.status)} {...f.select('status')} placeholder={t(m.allStatuses)} options={statusOptions()} />
      <SelectField label={t(m.state)} {...f.select('state')} placeholder={t(m.allStates)} options={stateOptions(true)} />
      <SelectField label={t(m.sortBy)} {...f.select('sort')} options={sorts} />
    </FilterBar>
  );
}
