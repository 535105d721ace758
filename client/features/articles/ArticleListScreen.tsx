// Articles (/admin/knowledge-base, `manage articles`): every help article with search, category and
// status filters, sort and pagination, all in the URL.
import { Link, useSearchParams } from 'react-router-dom';
import { ADMIN_ARTICLE_SORTS, ARTICLE_CATEGORIES, type AdminArticleSummary } from '../../../common/schemas/articles';
import type { ScreenProps } from '../../app/routeTable';
import { routeTitle } from '../../app/routeTitles';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { SelectField } from '../../components/Field';
import { boundFilters, FilterBar } from '../../components/FilterBar';
import { ListResults } from '../../components/ListResults';
import { PageHeader } from '../../components/PageHeader';
import { Table, type TableColumn } from '../../components/Table';
import { articleAudienceLabel, articleCategoryLabel } from '../../lib/articleLabels';
import { formatInteger } from '../../lib/format';
import { defineMessages, t, tRich } from '../../lib/i18n';
import { readPage, useListUpdate } from '../../lib/listParams';
import { useInstantFormat } from '../../lib/session';
import { useAdminArticles } from './api';

const DEFAULTS = { search: '', category: '', status: '', sort: '-updated_at' };
const URL_DEFAULTS = { sort: DEFAULTS.sort };
const NO_FILTERS = { search: '', category: '', status: '' };
type Filters = typeof DEFAULTS;

const m = defineMessages({
  listCount: { id: 'articles.list.listCount', defaultMessage: '{filtered, select, yes {{count, plural, one {# article matches your filters} other {# articles match your filters}}} other {{count, plural, one {# article} other {# articles}}}}' },
  listLoading: { id: 'articles.list.listLoading', defaultMessage: 'Loading articles…' },
  listLoadError: { id: 'articles.list.listLoadError', defaultMessage: 'An error occurred while fetching articles. Please try again later.' },
  published: { id: 'articles.status.published', defaultMessage: 'Published' },
  draft: { id: 'articles.status.draft', defaultMessage: 'Draft' },
  title: { id: 'articles.title', defaultMessage: 'Title' },
  category: { id: 'articles.category', defaultMessage: 'Category' },
  status: { id: 'articles.list.status', defaultMessage: 'Status' },
  audience: { id: 'articles.audience', defaultMessage: 'Audience' },
  views: { id: 'articles.list.views', defaultMessage: 'Views' },
  helpful: { id: 'articles.list.helpful', defaultMessage: 'Helpful' },
  helpfulCounts: { id: 'articles.list.helpfulCounts', defaultMessage: '{yes} yes · {no} no' },
  updated: { id: 'articles.list.updated', defaultMessage: 'Updated' },
  updatedBy: { id: 'articles.list.updatedBy', defaultMessage: '<muted> by {name}</muted>' },
  description: { id: 'articles.list.description', defaultMessage: 'Help articles district users read in Support. Drafts are visible here only; publish an article to show it.' },
  newArticle: { id: 'articles.newArticle', defaultMessage: 'New article' },
  filterLabel: { id: 'articles.list.filterLabel', defaultMessage: 'Search and filter articles' },
  searchPlaceholder: { id: 'articles.list.searchPlaceholder', defaultMessage: 'Title or text' },
  allCategories: { id: 'articles.list.allCategories', defaultMessage: 'All categories' },
  allStatuses: { id: 'articles.list.allStatuses', defaultMessage: 'All statuses' },
  sortBy: { id: 'articles.list.sortBy', defaultMessage: 'Sort by' },
  noMatchTitle: { id: 'articles.list.noMatchTitle', defaultMessage: 'No articles match these filters' },
  emptyTitle: { id: 'articles.list.emptyTitle', defaultMessage: 'No articles yet' },
  clearFilters: { id: 'articles.list.clearFilters', defaultMessage: 'Clear filters' },
  noMatchText: { id: 'articles.list.noMatchText', defaultMessage: 'Try other words, or show every category and status.' },
  emptyText: { id: 'articles.list.emptyText', defaultMessage: 'Write the first help article for district users.' },
  caption: { id: 'articles.list.caption', defaultMessage: 'Help articles' },
  sortRecent: { id: 'articles.sort.recent', defaultMessage: 'Recently updated' },
  sortLeastRecent: { id: 'articles.sort.leastRecent', defaultMessage: 'Least recently updated' },
  sortTitle: { id: 'articles.sort.title', defaultMessage: 'Title A–Z' },
  sortTitleDesc: { id: 'articles.sort.titleDesc', defaultMessage: 'Title Z–A' },
  sortMostViewed: { id: 'articles.sort.mostViewed', defaultMessage: 'Most viewed' },
  sortLeastViewed: { id: 'articles.sort.leastViewed', defaultMessage: 'Least viewed' },
  spanish: { id: 'articles.list.spanish', defaultMessage: 'Spanish' },
  spanishYes: { id: 'articles.list.spanishYes', defaultMessage: 'Yes' },
  spanishNo: { id: 'articles.list.spanishNo', defaultMessage: 'Not yet' },
});

/** The reader's address of an article (a path, not words). */
const supportPath = (slug: string) => `/app/support/${slug}`;

const categoryOptions = () => ARTICLE_CATEGORIES.map((c) => ({ value: c.key, label: articleCategoryLabel(c.key) }));
const statusOptions = () => [{ value: 'published', label: t(m.published) }, { value: 'draft', label: t(m.draft) }];

const SORT_LABELS = {
  '-updated_at': m.sortRecent, updated_at: m.sortLeastRecent, title: m.sortTitle, '-title': m.sortTitleDesc,
  '-view_count': m.sortMostViewed, view_count: m.sortLeastViewed,
} satisfies Record<(typeof ADMIN_ARTICLE_SORTS)[number], unknown>;
const sortOptions = () => ADMIN_ARTICLE_SORTS.map((s) => ({ value: s, label: t(SORT_LABELS[s]) }));

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
      key: 'title', header: t(m.title), render: (a) => (
        <div className="articles-title">
          <Link to={`/admin/knowledge-base/${a.id}`}>{a.title}</Link>
          <span className="muted text-sm">{supportPath(a.slug)}</span>
        </div>
      ),
    },
    { key: 'category', header: t(m.category), render: (a) => articleCategoryLabel(a.category) },
    {
      key: 'status', header: t(m.status), render: (a) => (
        <span className={`badge ${a.status === 'published' ? 'badge--success' : 'badge--neutral'}`}>{a.status === 'published' ? t(m.published) : t(m.draft)}</span>
      ),
    },
    { key: 'audience', header: t(m.audience), render: (a) => articleAudienceLabel(a.audience, a.roles) },
    { key: 'spanish', header: t(m.spanish), render: (a) => (a.translated.includes('es') ? t(m.spanishYes) : <span className="muted">{t(m.spanishNo)}</span>) },
    { key: 'views', header: t(m.views), className: 'num', render: (a) => formatInteger(a.view_count) },
    { key: 'helpful', header: t(m.helpful), className: 'num', render: (a) => (a.helpful_yes + a.helpful_no === 0 ? '—' : t(m.helpfulCounts, { yes: String(a.helpful_yes), no: String(a.helpful_no) })) },
    {
      key: 'updated', header: t(m.updated), className: 'articles-updated', render: (a) => (
        <>{when.date(a.updated_at)}{a.updated_by && tRich(m.updatedBy, { name: a.updated_by.name, muted: (chunks) => <span className="muted text-sm">{chunks}</span> })}</>
      ),
    },
  ];

  return (
    <div className="stack stack--lg articles-page">
      <PageHeader
        title={routeTitle(route)}
        description={<p>{t(m.description)}</p>}
        actions={<ButtonLink to="/admin/knowledge-base/create">{t(m.newArticle)}</ButtonLink>}
      />
      <FilterBar label={t(m.filterLabel)} searchPlaceholder={t(m.searchPlaceholder)} {...f.bar} columns="minmax(14rem, 2fr) repeat(3, minmax(10rem, 1fr)) auto">
        <SelectField label={t(m.category)} {...f.select('category')} placeholder={t(m.allCategories)} options={categoryOptions()} />
        <SelectField label={t(m.status)} {...f.select('status')} placeholder={t(m.allStatuses)} options={statusOptions()} />
        <SelectField label={t(m.sortBy)} {...f.select('sort')} options={sortOptions()} />
      </FilterBar>
      <ListResults
        list={list} messages={{ count: m.listCount, loading: m.listLoading, loadError: m.listLoadError }} filtered={filtered} onPage={(page) => update({ page })}
        empty={
          <EmptyState
            title={filtered ? t(m.noMatchTitle) : t(m.emptyTitle)}
            action={filtered
              ? <Button variant="secondary" onClick={() => update(NO_FILTERS)}>{t(m.clearFilters)}</Button>
              : <ButtonLink to="/admin/knowledge-base/create">{t(m.newArticle)}</ButtonLink>}
          >
            <p>{filtered ? t(m.noMatchText) : t(m.emptyText)}</p>
          </EmptyState>
        }
      >
        {(rows) => <Table className="articles-table" caption={t(m.caption)} captionHidden columns={columns} rows={rows} rowKey={(a) => a.id} />}
      </ListResults>
    </div>
  );
}
