// Districts (admin, `see all districts`): every district with plan, status, counts and last activity;
// search, filters and sort in the URL (shareable, the back button works), pagination.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { LoadingBlock } from '../../components/Spinner';
import { useDateLocale } from '../../lib/session';
import { type DistrictListParams, useAdminDistricts } from './api';
import { DEFAULT_FILTERS, DistrictFilters, type FilterPatch } from './components/DistrictFilters';
import { DistrictTable } from './components/DistrictTable';
import { plural, pluralWord } from '../../../common/plural';

const PER_PAGE = 50;

/** A filter from the URL: `status=trial`, or the API's `filter[status]=trial` (the admin dashboard's links). */
const filterParam = (params: URLSearchParams, name: string) => params.get(name) ?? params.get(`filter[${name}]`) ?? '';

function readParams(params: URLSearchParams): DistrictListParams {
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    plan: filterParam(params, 'plan'),
    status: filterParam(params, 'status'),
    state: filterParam(params, 'state'),
    sort: params.get('sort') || 'name',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export default function DistrictListScreen({ route }: ScreenProps) {
  const locale = useDateLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const { data, error, isLoading, isValidating, mutate } = useAdminDistricts(params, PER_PAGE);

  const update = useCallback((patch: FilterPatch, options?: { replace?: boolean }) => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of ['plan', 'status', 'state']) if (key in patch) next.delete(`filter[${key}]`);
      for (const [key, value] of Object.entries({ page: 1, ...patch })) {
        const isDefault = value === '' || (key === 'page' && value === 1) || (key === 'sort' && value === 'name');
        if (isDefault) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    }, { ...options, flushSync: true });
  }, [setSearchParams]);

  const filtered = params.search !== '' || params.plan !== '' || params.status !== '' || params.state !== '';
  const total = data?.meta.total ?? 0;

  return (
    <div className="stack stack--lg adm-page">
      <PageHeader
        title={route.title}
        description={<p>Every district using Coachwell: plan, status, size and when its people last signed in. Open a district to change its plan, extend a trial or suspend it.</p>}
      />
      <DistrictFilters params={params} plans={data?.meta.plans ?? []} onChange={update} />
      {error && !data ? (
        <Alert tone="danger" title="Uh-oh.">
          <p>{error.status === 422 ? error.message : 'An error occurred while fetching districts. Please try again later.'}</p>
          <p>
            {error.status === 422
              ? <Button variant="secondary" size="sm" onClick={() => setSearchParams(new URLSearchParams())}>Reset the list</Button>
              : <Button variant="secondary" size="sm" onClick={() => void mutate()}>Try again</Button>}
          </p>
        </Alert>
      ) : isLoading && !data ? (
        <LoadingBlock label="Loading districts…" />
      ) : data && data.data.length === 0 ? (
        filtered || params.page > 1 ? (
          <EmptyState title="No districts match" action={<Button variant="secondary" onClick={() => update({ ...DEFAULT_FILTERS })}>Clear filters</Button>}>
            <p>Try another name, slug or state, or show every plan and status.</p>
          </EmptyState>
        ) : (
          <EmptyState title="No districts yet"><p>Districts appear here as soon as they register or are created.</p></EmptyState>
        )
      ) : data ? (
        <section className="stack adm-results" aria-labelledby="adm-count">
          <p id="adm-count" className="muted text-sm adm-results__count" aria-live="polite">
            {plural(total, 'district', 'districts')}
            {filtered ? ` ${pluralWord(total, 'matches', 'match')} your filters` : ''}
          </p>
          <DistrictTable rows={data.data} sort={params.sort} onSort={(sort) => update({ sort })} locale={locale} busy={isValidating && !!data} />
          <Pager page={data.meta.page} lastPage={data.meta.last_page} onChange={(page) => update({ page })} />
        </section>
      ) : null}
    </div>
  );
}
