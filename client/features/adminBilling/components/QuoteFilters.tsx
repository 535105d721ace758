// Search, status and plan filters of the admin Quotes list (the URL holds them; `district` too, set by
// the District view's "All quotes of this district" link and shown as a removable chip).
import { QUOTE_STATUSES } from '../../../../common/schemas/billing';
import { quoteStatusLabel } from '../../../components/adminBilling/BillingBadges';
import { boundFilters, FilterBar } from '../../../components/FilterBar';
import { SelectField } from '../../../components/Field';
import type { AdminQuoteParams } from '../../../lib/adminBilling';
import { defineMessages, t } from '../../../lib/i18n';
import { keepChosen } from '../../../lib/listParams';

export type FilterPatch = Partial<AdminQuoteParams>;
export const DEFAULT_FILTERS: Omit<AdminQuoteParams, 'page'> = { search: '', status: '', plan: '', district: '' };

const m = defineMessages({
  label: { id: 'adminBilling.filters.label', defaultMessage: 'Search and filter quotes' },
  searchPlaceholder: { id: 'adminBilling.filters.searchPlaceholder', defaultMessage: 'Quote number or district' },
  status: { id: 'adminBilling.status', defaultMessage: 'Status' },
  allStatuses: { id: 'adminBilling.filters.allStatuses', defaultMessage: 'All statuses' },
  plan: { id: 'adminBilling.plan', defaultMessage: 'Plan' },
  allPlans: { id: 'adminBilling.filters.allPlans', defaultMessage: 'All plans' },
});

const statusOptions = () => QUOTE_STATUSES.map((s) => ({ value: s, label: quoteStatusLabel(s) }));

type Props = {
  params: AdminQuoteParams;
  plans: { key: string; name: string }[];
  onChange: (patch: FilterPatch, options?: { replace?: boolean }) => void;
};

export function QuoteFilters({ params, plans, onChange }: Props) {
  const planOptions = keepChosen(plans.map((p) => ({ value: p.key, label: p.name })), params.plan);
  const f = boundFilters(params, DEFAULT_FILTERS, onChange);

  return (
    <FilterBar label={t(m.label)} searchPlaceholder={t(m.searchPlaceholder)} {...f.bar} columns="minmax(14rem, 2fr) repeat(2, minmax(9rem, 1fr)) auto">
      <SelectField label={t(m.status)} {...f.select('status')} placeholder={t(m.allStatuses)} options={statusOptions()} />
      <SelectField label={t(m.plan)} {...f.select('plan')} placeholder={t(m.allPlans)} options={planOptions} />
    </FilterBar>
  );
}
