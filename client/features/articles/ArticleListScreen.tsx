// Articles (/admin/knowledge-base, `manage articles`): every help article with search, category and
// status filters, sort and pagination, all in the URL.
import { Link, useSearchParams } from 'react-router-dom';
import { ADMIN_ARTICLE_SORTS, ARTICLE_CATEGORIES, type AdminArticleSummary, audienceLabel, categoryLabel } from '../../../common/schemas/articles';
import type { ScreenProps } from '../../app/routeTable';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { SelectField } from '../../components/Field';
import { boundFilters, FilterBar } from '../../components/FilterBar';
import { ListResults } from '../../components/ListResults';
import { PageHeader } from '../../components/PageHeader';
import { Table, type TableColumn } from '../../components/Table';
import { formatInteger } from '../../lib/format';
import { readPage, useListUpdate } from '../../lib/listParams';
import { useInstantFormat } from '../../lib/session';
import { useAdminArticles } from './api';

const DEFAULTS = { search: '', category: '', status: '', sort: '-updated_at' };
const URL_DEFAULTS = { sort: DEFAULTS.sort };
const NO_FILTERS = { search: '', category: '', status: '' };
type Filters = typeof DEFAULTS;

const CATEGORY_OPTIONS = ARTICLE_CATEGORIES.map((c) => ({ value: c.key, label: c.label }));
const STATUS_OPTIONS = [{ value: 'published', label: 'Published' }, { value: 'draft', label: 'Draft' }];

const SORT_LABELS: Record<(typeof ADMIN_ARTICLE_SORTS)[number], string> = {
  '-updated_at': 'Recently updated', updated_at: 'Least recently updated', title: 'Title A–Z', '-title': 'Title Z–A',
  '-view_count': 'Most viewed', view_count: 'Least viewed',
};
const SORT_OPTIONS = ADMIN_ARTICLE_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }));

function readFilters(params: URLSearchParams): Filters & { page: number } {
  const sort = params.get('sort') ?? DEFAULTS.sort;
  return {
    search: params.get('search') ?? '',
    category: params.get('category') ?? '',
    status: params.get('status') ?? '',
    sort: (ADMIN_ARTICLE_SORTS as readonly string[]).includes(sort) ? sort : DEFAULTS.sort,
    page: readPage(params),
  };
}

export default function ArticleListScreen({ route }: ScreenProps) {
  const when = useInstantFormat();
  const [params] = useSearchParams();
  const filters = readFilters(params);
  const list = useAdminArticles(filters);
  const update = useListUpdate<Filters>(URL_DEFAULTS);

  const f = boundFilters(filters, NO_FILTERS, update);
  const filtered = f.bar.active;
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
      <FilterBar label="Search and filter articles" searchPlaceholder="Title or text" {...f.bar} columns="minmax(14rem, 2fr) repeat(3, minmax(10rem, 1fr)) auto">
        <SelectField label="Category" {...f.select('category')} placeholder="All categories" options={CATEGORY_OPTIONS} />
        <SelectField label="Status" {...f.select('status')} placeholder="All statuses" options={STATUS_OPTIONS} />
        <SelectField label="Sort by" {...f.select('sort')} options={SORT_OPTIONS} />
      </FilterBar>
      <ListResults
        list={list} noun={['article', 'articles']} filtered={filtered} onPage={(page) => update({ page })}
        empty={
          <EmptyState
            title={filtered ? 'No articles match these filters' : 'No articles yet'}
            action={filtered
              ? <Button variant="secondary" onClick={() => update(NO_FILTERS)}>Clear filters</Button>
              : <ButtonLink to="/admin/knowledge-base/create">New article</ButtonLink>}
          >
            <p>{filtered ? 'Try other words, or show every category and status.' : 'Write the first help article for district users.'}</p>
          </EmptyState>
        }
      >
        {(rows) => <Table className="articles-table" caption="Help articles" captionHidden columns={columns} rows={rows} rowKey={(a) => a.id} />}
      </ListResults>
    </div>
  );
}
