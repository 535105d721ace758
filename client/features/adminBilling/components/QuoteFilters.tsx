// Search, status and plan filters of the admin Quotes list (the URL holds them; `district` too, set by
// the District view's "All quotes of this district" link and shown as a removable chip).
import { QUOTE_STATUSES, QUOTE_STATUS_LABELS } from '../../../../common/schemas/billing';
import { boundFilters, FilterBar } from '../../../components/FilterBar';
import { SelectField } from '../../../components/Field';
import type { AdminQuoteParams } from '../../../lib/adminBilling';
import { keepChosen } from '../../../lib/listParams';

export type FilterPatch = Partial<AdminQuoteParams>;
export const DEFAULT_FILTERS: Omit<AdminQuoteParams, 'page'> = { search: '', status: '', plan: '', district: '' };

const STATUS_OPTIONS = QUOTE_STATUSES.map((s) => ({ value: s, label: QUOTE_STATUS_LABELS[s] }));

type Props = {
  params: AdminQuoteParams;
  plans: { key: string; name: string }[];
  onChange: (patch: FilterPatch, options?: { replace?: boolean }) => void;
};

export function QuoteFilters({ params, plans, onChange }: Props) {
  const planOptions = keepChosen(plans.map((p) => ({ value: p.key, label: p.name })), params.plan);
  const f = boundFilters(params, DEFAULT_FILTERS, onChange);

  return (
    <FilterBar label="Search and filter quotes" searchPlaceholder="Quote number or district" {...f.bar} columns="minmax(14rem, 2fr) repeat(2, minmax(9rem, 1fr)) auto">
      <SelectField label="Status" {...f.select('status')} placeholder="All statuses" options={STATUS_OPTIONS} />
      <SelectField label="Plan" {...f.select('plan')} placeholder="All plans" options={planOptions} />
    </FilterBar>
  );
}
