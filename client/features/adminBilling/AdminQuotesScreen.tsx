// Quotes (admin, `see all districts`): every district's quotes, newest first; status, plan and search
// filters in the URL (`status`, `plan`, `search`, `district`, `page`), 50 a page. Activating an accepted
// quote happens on its district's page (the Billing panel).
import { Link, useSearchParams } from 'react-router-dom';
import type { ScreenProps } from '../../app/routeTable';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ListResults } from '../../components/ListResults';
import { PageHeader } from '../../components/PageHeader';
import { type AdminQuoteParams, useAdminQuotes } from '../../lib/adminBilling';
import { defineMessages, t, tRich } from '../../lib/i18n';
import { readFilter, readPage, useListUpdate } from '../../lib/listParams';
import { useDateLocale } from '../../lib/session';
import { DEFAULT_FILTERS, QuoteFilters } from './components/QuoteFilters';
import { QuoteTable } from './components/QuoteTable';
import '../../components/adminBilling/adminBilling.css';

const PER_PAGE = 50;

const m = defineMessages({
  listCount: { id: 'adminBilling.quotes.listCount', defaultMessage: '{filtered, select, yes {{count, plural, one {# quote matches your filters} other {# quotes match your filters}}} other {{count, plural, one {# quote} other {# quotes}}}}' },
  listLoading: { id: 'adminBilling.quotes.listLoading', defaultMessage: 'Loading quotes…' },
  listLoadError: { id: 'adminBilling.quotes.listLoadError', defaultMessage: 'An error occurred while fetching quotes. Please try again later.' },
  description: { id: 'adminBilling.quotes.description', defaultMessage: 'Quotes of every district, newest first. Open a district to activate its accepted quote and to mark its invoices paid or void.' },
  showing: { id: 'adminBilling.quotes.showing', defaultMessage: 'Showing the quotes of <district></district>.' },
  districtNumber: { id: 'adminBilling.quotes.districtNumber', defaultMessage: 'district #{id}' },
  everyDistrict: { id: 'adminBilling.quotes.everyDistrict', defaultMessage: 'Show every district' },
  reset: { id: 'adminBilling.quotes.reset', defaultMessage: 'Reset the list' },
  noMatchTitle: { id: 'adminBilling.quotes.noMatchTitle', defaultMessage: 'No quotes match' },
  clearFilters: { id: 'adminBilling.quotes.clearFilters', defaultMessage: 'Clear filters' },
  noMatchText: { id: 'adminBilling.quotes.noMatchText', defaultMessage: 'Try another quote number or district name, or show every status and plan.' },
  emptyTitle: { id: 'adminBilling.quotes.emptyTitle', defaultMessage: 'No quotes yet' },
  emptyText: { id: 'adminBilling.quotes.emptyText', defaultMessage: 'Quotes appear here as soon as a district creates one under Settings → Billing → Quotes.' },
});

const FILTER_ALIASES = ['status', 'plan', 'district'];

function readParams(params: URLSearchParams): AdminQuoteParams {
  const district = readFilter(params, 'district');
  return {
    search: params.get('search') ?? '',
    status: readFilter(params, 'status'),
    plan: readFilter(params, 'plan'),
    district: /^[1-9]\d{0,14}$/.test(district) ? district : '',
    page: readPage(params),
  };
}

export default function AdminQuotesScreen({ route }: ScreenProps) {
  const locale = useDateLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const list = useAdminQuotes(params, PER_PAGE);
  const update = useListUpdate<AdminQuoteParams>(undefined, FILTER_ALIASES);
  const filtered = params.search !== '' || params.status !== '' || params.plan !== '' || params.district !== '';
  const districtName = params.district ? list.data?.data[0]?.district.name : undefined;

  return (
    <div className="stack stack--lg ab-page">
      <PageHeader
        title={route.title}
        description={<p>{t(m.description)}</p>}
      />
      <QuoteFilters params={params} plans={list.data?.meta.plans ?? []} onChange={update} />
      {params.district && (
        <p className="cluster text-sm">
          <span>
            {tRich(m.showing, {
              district: () => (districtName ? <Link to={`/admin/districts/${params.district}`}>{districtName}</Link> : t(m.districtNumber, { id: params.district })),
            })}
          </span>
          <Button variant="ghost" size="sm" onClick={() => update({ district: '' })}>{t(m.everyDistrict)}</Button>
        </p>
      )}
      <ListResults
        list={list} messages={{ count: m.listCount, loading: m.listLoading, loadError: m.listLoadError }} filtered={filtered} onPage={(page) => update({ page })}
        invalidAction={<Button variant="secondary" size="sm" onClick={() => setSearchParams(new URLSearchParams())}>{t(m.reset)}</Button>}
        empty={filtered || params.page > 1 ? (
          <EmptyState title={t(m.noMatchTitle)} action={<Button variant="secondary" onClick={() => update({ ...DEFAULT_FILTERS })}>{t(m.clearFilters)}</Button>}>
            <p>{t(m.noMatchText)}</p>
          </EmptyState>
        ) : (
          <EmptyState title={t(m.emptyTitle)}><p>{t(m.emptyText)}</p></EmptyState>
        )}
      >
        {(rows) => <QuoteTable rows={rows} locale={locale} busy={list.isValidating} />}
      </ListResults>
    </div>
  );
}
