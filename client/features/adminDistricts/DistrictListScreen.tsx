// Districts (admin, `see all districts`): every district with plan, status, counts and last activity;
// search, filters and sort in the URL (shareable, the back button works), pagination.
import { useSearchParams } from 'react-router-dom';
import type { ScreenProps } from '../../app/routeTable';
import { routeTitle } from '../../app/routeTitles';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ListResults } from '../../components/ListResults';
import { PageHeader } from '../../components/PageHeader';
import { defineMessages, t } from '../../lib/i18n';
import { readFilter, readPage, useListUpdate } from '../../lib/listParams';
import { useDateLocale } from '../../lib/session';
import { type DistrictListParams, useAdminDistricts } from './api';
import { DeletedDistricts } from './components/DeletedDistricts';
import { DEFAULT_FILTERS, DistrictFilters } from './components/DistrictFilters';
import { DistrictTable } from './components/DistrictTable';

const m = defineMessages({
  description: { id: 'adminDistricts.list.description', defaultMessage: 'Every district using Coachwell: plan, status, size and when its people last signed in. Open a district to change its plan, extend a trial or suspend it.' },
  listCount: { id: 'adminDistricts.list.listCount', defaultMessage: '{filtered, select, yes {{count, plural, one {# district matches your filters} other {# districts match your filters}}} other {{count, plural, one {# district} other {# districts}}}}' },
  listLoading: { id: 'adminDistricts.list.listLoading', defaultMessage: 'Loading districts…' },
  listLoadError: { id: 'adminDistricts.list.listLoadError', defaultMessage: 'An error occurred while fetching districts. Please try again later.' },
  reset: { id: 'adminDistricts.list.reset', defaultMessage: 'Reset the list' },
  noMatchTitle: { id: 'adminDistricts.list.noMatchTitle', defaultMessage: 'No districts match' },
  clearFilters: { id: 'adminDistricts.list.clearFilters', defaultMessage: 'Clear filters' },
  noMatchText: { id: 'adminDistricts.list.noMatchText', defaultMessage: 'Try another name, slug or state, or show every plan and status.' },
  noneTitle: { id: 'adminDistricts.list.noneTitle', defaultMessage: 'No districts yet' },
  noneText: { id: 'adminDistricts.list.noneText', defaultMessage: 'Districts appear here as soon as they register or are created.' },
});

const PER_PAGE = 50;
const URL_DEFAULTS = { sort: 'name' };
const FILTER_ALIASES = ['plan', 'status', 'state'];

function readParams(params: URLSearchParams): DistrictListParams {
  return {
    search: params.get('search') ?? '',
    plan: readFilter(params, 'plan'),
    status: readFilter(params, 'status'),
    state: readFilter(params, 'state'),
    sort: params.get('sort') || 'name',
    page: readPage(params),
  };
}

export default function DistrictListScreen({ route }: ScreenProps) {
  const locale = useDateLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const list = useAdminDistricts(params, PER_PAGE);
  const update = useListUpdate<DistrictListParams>(URL_DEFAULTS, FILTER_ALIASES);
  const filtered = params.search !== '' || params.plan !== '' || params.status !== '' || params.state !== '';

  return (
    <div className="stack stack--lg adm-page">
      <PageHeader
        title={routeTitle(route)}
        description={<p>{t(m.description)}</p>}
      />
      <DistrictFilters params={params} plans={list.data?.meta.plans ?? []} onChange={update} />
      <ListResults
        list={list} messages={{ count: m.listCount, loading: m.listLoading, loadError: m.listLoadError }} filtered={filtered} onPage={(page) => update({ page })}
        invalidAction={<Button variant="secondary" size="sm" onClick={() => setSearchParams(new URLSearchParams())}>{t(m.reset)}</Button>}
        empty={filtered || params.page > 1 ? (
          <EmptyState title={t(m.noMatchTitle)} action={<Button variant="secondary" onClick={() => update({ ...DEFAULT_FILTERS })}>{t(m.clearFilters)}</Button>}>
            <p>{t(m.noMatchText)}</p>
          </EmptyState>
        ) : (
          <EmptyState title={t(m.noneTitle)}><p>{t(m.noneText)}</p></EmptyState>
        )}
      >
        {(rows) => <DistrictTable rows={rows} sort={params.sort} onSort={(sort) => update({ sort })} locale={locale} busy={list.isValidating} />}
      </ListResults>
      <DeletedDistricts />
    </div>
  );
}
