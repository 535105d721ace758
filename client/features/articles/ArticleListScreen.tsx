// Articles (/admin/knowledge-base, `manage articles`): every help article with search, category and
// status filters, sort and pagination, all in the URL.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ADMIN_ARTICLE_SORTS, ARTICLE_CATEGORIES, type AdminArticleSummary, audienceLabel, categoryLabel } from '../../../common/schemas/articles';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { SelectField, TextField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { LoadingBlock } from '../../components/Spinner';
import { Table, type TableColumn } from '../../components/Table';
import { formatInteger } from '../../lib/format';
import { plural, pluralWord } from '../../../common/plural';
import { useInstantFormat } from '../../lib/session';
import { useAdminArticles } from './api';

const SEARCH_DELAY_MS = 300;
const DEFAULTS = { search: '', category: '', status: '', sort: '-updated_at' };
type Filters = typeof DEFAULTS;

const SORT_LABELS: Record<(typeof ADMIN_ARTICLE_SORTS)[number], string> = {
  '-updated_at': 'Recently updated', updated_at: 'Least recently updated', title: 'Title A–Z', '-title': 'Title Z–A',
  '-view_count': 'Most viewed', view_count: 'Least viewed',
};

function readFilters(params: URLSearchParams): Filters & { page: number } {
  const page = Number(params.get('page'));
  const sort = params.get('sort') ?? DEFAULTS.sort;
  return {
    search: params.get('search') ?? '',
    category: params.get('category') ?? '',
    status: params.get('status') ?? '',
    sort: (ADMIN_ARTICLE_SORTS as readonly string[]).includes(sort) ? sort : DEFAULTS.sort,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export default function ArticleListScreen({ route }: ScreenProps) {
  const when = useInstantFormat();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { data, error, isLoading, mutate } = useAdminArticles(filters);

  const update = useCallback((patch: Partial<Filters> & { page?: number }, replace = false) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries({ page: 1, ...patch })) {
        if (value === '' || (key === 'page' && value === 1) || (key === 'sort' && value === DEFAULTS.sort)) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    }, { replace });
  }, [setParams]);

  const [search, setSearch] = useState(filters.search);
  const latest = useRef(filters.search);
  latest.current = filters.search;
  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    if (search === latest.current) return;
    const timer = setTimeout(() => update({ search }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, update]);

  const filtered = filters.search !== '' || filters.category !== '' || filters.status !== '';
  const columns: TableColumn<AdminArticleSummary>[] = [
    {
      key: 'title', header: 'Title', render: (a) => (
        <div className="articles-title">
          <Link to={`/admin/knowledge-base/${a.id}`}>{a.title}</Link>
          <span className="muted text-sm">/app/support/{a.slug}</span>
        </div>
      ),
    },
    { key: 'category', header: 'Category', render: (a) => categoryLabel(a.category) },
    {
      key: 'status', header: 'Status', render: (a) => (
        <span className={`badge ${a.status === 'published' ? 'badge--success' : 'badge--neutral'}`}>{a.status === 'published' ? 'Published' : 'Draft'}</span>
      ),
    },
    { key: 'audience', header: 'Audience', render: (a) => audienceLabel(a.audience, a.roles) },
    { key: 'views', header: 'Views', className: 'num', render: (a) => formatInteger(a.view_count) },
    { key: 'helpful', header: 'Helpful', className: 'num', render: (a) => (a.helpful_yes + a.helpful_no === 0 ? '—' : `${a.helpful_yes} yes · ${a.helpful_no} no`) },
    { key: 'updated', header: 'Updated', className: 'articles-updated', render: (a) => <>{when.date(a.updated_at)}{a.updated_by && <span className="muted text-sm"> by {a.updated_by.name}</span>}</> },
  ];

  return (
    <div className="stack stack--lg articles-page">
      <PageHeader
        title={route.title}
        description={<p>Help articles district users read in Support. Drafts are visible here only; publish an article to show it.</p>}
        actions={<ButtonLink to="/admin/knowledge-base/create">New article</ButtonLink>}
      />
      <section className="articles-filters" aria-label="Search and filter articles">
        <form role="search" className="articles-filters__search" onSubmit={(e) => { e.preventDefault(); update({ search }, true); }}>
          <TextField label="Search" name="search" type="search" value={search} onChange={setSearch} placeholder="Title or text" autoComplete="off" />
        </form>
        <SelectField label="Category" name="category" value={filters.category} onChange={(category) => update({ category })}
          options={[{ value: '', label: 'All categories' }, ...ARTICLE_CATEGORIES.map((c) => ({ value: c.key, label: c.label }))]} />
        <SelectField label="Status" name="status" value={filters.status} onChange={(status) => update({ status })}
          options={[{ value: '', label: 'All statuses' }, { value: 'published', label: 'Published' }, { value: 'draft', label: 'Draft' }]} />
        <SelectField label="Sort by" name="sort" value={filters.sort} onChange={(sort) => update({ sort })}
          options={ADMIN_ARTICLE_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))} />
      </section>
      {error && !data ? (
        <Alert tone="danger" title="Uh-oh.">
          <p>An error occurred while fetching articles. Please try again later.</p>
          <p><Button variant="secondary" size="sm" onClick={() => void mutate()}>Try again</Button></p>
        </Alert>
      ) : isLoading && !data ? (
        <LoadingBlock label="Loading articles…" />
      ) : data && data.data.length === 0 ? (
        <EmptyState
          title={filtered ? 'No articles match these filters' : 'No articles yet'}
          action={filtered
            ? <Button variant="secondary" onClick={() => { setSearch(''); update({ search: '', category: '', status: '' }); }}>Clear filters</Button>
            : <ButtonLink to="/admin/knowledge-base/create">New article</ButtonLink>}
        >
          <p>{filtered ? 'Try other words, or show every category and status.' : 'Write the first help article for district users.'}</p>
        </EmptyState>
      ) : data ? (
        <section className="stack" aria-labelledby="articles-count">
          <p id="articles-count" className="muted text-sm" aria-live="polite">
            {plural(data.meta.total, 'article', 'articles')}{filtered ? ` ${pluralWord(data.meta.total, 'matches', 'match')} your filters` : ''}
          </p>
          <Table className="articles-table" caption="Help articles" captionHidden columns={columns} rows={data.data} rowKey={(a) => a.id} />
          <Pager page={data.meta.page} lastPage={data.meta.last_page} onChange={(page) => update({ page })} />
        </section>
      ) : null}
    </div>
  );
}
