// Search, status and plan filters of the admin Quotes list (the URL holds them; `district` too, set by
// the District view's "All quotes of this district" link and shown as a removable chip).
import { useEffect, useRef, useState } from 'react';
import { QUOTE_STATUSES, QUOTE_STATUS_LABELS } from '../../../../common/schemas/billing';
import { Button } from '../../../components/Button';
import { SelectField, TextField } from '../../../components/Field';
import type { AdminQuoteParams } from '../../../lib/adminBilling';

export type FilterPatch = Partial<AdminQuoteParams>;
export const DEFAULT_FILTERS: Omit<AdminQuoteParams, 'page'> = { search: '', status: '', plan: '', district: '' };

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...QUOTE_STATUSES.map((s) => ({ value: s, label: QUOTE_STATUS_LABELS[s] }))];
const SEARCH_DELAY_MS = 300;

type Props = {
  params: AdminQuoteParams;
  plans: { key: string; name: string }[];
  onChange: (patch: FilterPatch, options?: { replace?: boolean }) => void;
};

export function QuoteFilters({ params, plans, onChange }: Props) {
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
  if (params.plan && !plans.some((p) => p.key === params.plan)) planOptions.push({ value: params.plan, label: params.plan });
  const active = params.search !== '' || params.status !== '' || params.plan !== '' || params.district !== '';

  return (
    <section className="ab-filters" aria-label="Search and filter quotes">
      <form role="search" className="ab-filters__search" onSubmit={(e) => { e.preventDefault(); onChange({ search }, { replace: true }); }}>
        <TextField label="Search" name="search" type="search" value={search} onChange={setSearch} placeholder="Quote number or district" autoComplete="off" spellCheck={false} />
      </form>
      <SelectField label="Status" name="status" value={params.status} onChange={(status) => onChange({ status })} options={STATUS_OPTIONS} />
      <SelectField label="Plan" name="plan" value={params.plan} onChange={(plan) => onChange({ plan })} options={planOptions} />
      {active && (
        <Button variant="ghost" className="ab-filters__clear" onClick={() => { setSearch(''); onChange(DEFAULT_FILTERS); }}>
          Clear filters
        </Button>
      )}
    </section>
  );
}
