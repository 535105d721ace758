// Districts (admin, `see all districts`): every district with plan, status, counts and last activity;
// search, filters and sort in the URL (shareable, the back button works), pagination.
import { useSearchParams } from 'react-router-dom';
import type { ScreenProps } from '../../app/routeTable';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ListResults } from '../../components/ListResults';
import { PageHeader } from '../../components/PageHeader';
import { readFilter, readPage, useListUpdate } from '../../lib/listParams';
import { useDateLocale } from '../../lib/session';
import { type DistrictListParams, useAdminDistricts } from './api';
import { DeletedDistricts } from './components/DeletedDistricts';
import { DEFAULT_FILTERS, DistrictFilters } from './components/DistrictFilters';
import { DistrictTable } from './components/DistrictTable';

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
        title={route.title}
        description={<p>Every district using Coachwell: plan, status, size and when its people last signed in. Open a district to change its plan, extend a trial or suspend it.</p>}
      />
      <DistrictFilters params={params} plans={list.data?.meta.plans ?? []} onChange={update} />
      <ListResults
        list={list} noun={['district', 'districts']} filtered={filtered} onPage={(page) => update({ page })}
        invalidAction={<Button variant="secondary" size="sm" onClick={() => setSearchParams(new URLSearchParams())}>Reset the list</Button>}
        empty={filtered || params.page > 1 ? (
          <EmptyState title="No districts match" action={<Button variant="secondary" onClick={() => update({ ...DEFAULT_FILTERS })}>Clear filters</Button>}>
            <p>Try another name, slug or state, or show every plan and status.</p>
          </EmptyState>
        ) : (
          <EmptyState title="No districts yet"><p>Districts appear here as soon as they register or are created.</p></EmptyState>
        )}
      >
        {(rows) => <DistrictTable rows={rows} sort={params.sort} onSort={(sort) => update({ sort })} locale={locale} busy={list.isValidating} />}
      </ListResults>
      <DeletedDistricts />
    </div>
  );
}
