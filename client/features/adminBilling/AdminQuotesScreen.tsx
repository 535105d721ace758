// Quotes (admin, `see all districts`): every district's quotes, newest first; status, plan and search
// filters in the URL (`status`, `plan`, `search`, `district`, `page`), 50 a page. Activating an accepted
// quote happens on its district's page (the Billing panel).
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { LoadingBlock } from '../../components/Spinner';
import { type AdminQuoteParams, useAdminQuotes } from '../../lib/adminBilling';
import { useDateLocale } from '../../lib/session';
import { DEFAULT_FILTERS, type FilterPatch, QuoteFilters } from './components/QuoteFilters';
import { QuoteTable } from './components/QuoteTable';
import '../../components/adminBilling/adminBilling.css';
import { plural, pluralWord } from '../../../common/plural';

const PER_PAGE = 50;

/** A filter from the URL: `status=accepted`, or the API's `filter[status]=accepted`. */
const filterParam = (params: URLSearchParams, name: string) => params.get(name) ?? params.get(`filter[${name}]`) ?? '';

function readParams(params: URLSearchParams): AdminQuoteParams {
  const page = Number(params.get('page'));
  const district = filterParam(params, 'district');
  return {
    search: params.get('search') ?? '',
    status: filterParam(params, 'status'),
    plan: filterParam(params, 'plan'),
    district: /^[1-9]\d{0,14}$/.test(district) ? district : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export default function AdminQuotesScreen({ route }: ScreenProps) {
  const locale = useDateLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const { data, error, isLoading, isValidating, mutate } = useAdminQuotes(params, PER_PAGE);

  const update = useCallback((patch: FilterPatch, options?: { replace?: boolean }) => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of ['status', 'plan', 'district']) if (key in patch) next.delete(`filter[${key}]`);
      for (const [key, value] of Object.entries({ page: 1, ...patch })) {
        if (value === '' || (key === 'page' && value === 1)) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    }, { ...options, flushSync: true });
  }, [setSearchParams]);

  const filtered = params.search !== '' || params.status !== '' || params.plan !== '' || params.district !== '';
  const total = data?.meta.total ?? 0;
  const districtName = params.district ? data?.data[0]?.district.name : undefined;

  return (
    <div className="stack stack--lg ab-page">
      <PageHeader
        title={route.title}
        description={<p>Quotes of every district, newest first. Open a district to activate its accepted quote and to mark its invoices paid or void.</p>}
      />
      <QuoteFilters params={params} plans={data?.meta.plans ?? []} onChange={update} />
      {params.district && (
        <p className="cluster text-sm">
          <span>
            Showing the quotes of {districtName ? <Link to={`/admin/districts/${params.district}`}>{districtName}</Link> : `district #${params.district}`}.
          </span>
          <Button variant="ghost" size="sm" onClick={() => update({ district: '' })}>Show every district</Button>
        </p>
      )}
      {error && !data ? (
        <Alert tone="danger" title="Uh-oh.">
          <p>{error.status === 422 ? error.message : 'An error occurred while fetching quotes. Please try again later.'}</p>
          <p>
            {error.status === 422
              ? <Button variant="secondary" size="sm" onClick={() => setSearchParams(new URLSearchParams())}>Reset the list</Button>
              : <Button variant="secondary" size="sm" onClick={() => void mutate()}>Try again</Button>}
          </p>
        </Alert>
      ) : isLoading && !data ? (
        <LoadingBlock label="Loading quotes…" />
      ) : data && data.data.length === 0 ? (
        filtered || params.page > 1 ? (
          <EmptyState title="No quotes match" action={<Button variant="secondary" onClick={() => update({ ...DEFAULT_FILTERS })}>Clear filters</Button>}>
            <p>Try another quote number or district name, or show every status and plan.</p>
          </EmptyState>
        ) : (
          <EmptyState title="No quotes yet"><p>Quotes appear here as soon as a district creates one under Settings → Billing → Quotes.</p></EmptyState>
        )
      ) : data ? (
        <section className="stack ab-results" aria-labelledby="ab-count">
          <p id="ab-count" className="muted text-sm ab-results__count" aria-live="polite">
            {plural(total, 'quote', 'quotes')}
            {filtered ? ` ${pluralWord(total, 'matches', 'match')} your filters` : ''}
          </p>
          <QuoteTable rows={data.data} locale={locale} busy={isValidating && !!data} />
          <Pager page={data.meta.page} lastPage={data.meta.last_page} onChange={(page) => update({ page })} />
        </section>
      ) : null}
    </div>
  );
}
