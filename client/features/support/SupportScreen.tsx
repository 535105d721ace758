// Support knowledge base (/app/support, any login): search with results as you type (ranked, matches
// highlighted), the categories with their counts, and the most viewed articles. Search, category and
// page live in the URL.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ARTICLE_CATEGORIES } from '../../../common/schemas/articles';
import type { ScreenProps } from '../../app/routeTable';
import { routeTitle } from '../../app/routeTitles';
import { LoadError } from '../../components/LoadError';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { SearchField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { LoadingBlock } from '../../components/Spinner';
import { useSupportArticles } from './api';
import { ArticleLinks, langOf } from './components/ArticleLinks';
import { ContactSupportButton } from './components/ContactSupport';
import { Highlighted } from './components/Highlighted';
import { articleCategoryLabel } from '../../lib/articleLabels';
import { defineMessages, t } from '../../lib/i18n';

const SEARCH_DELAY_MS = 250;

const m = defineMessages({
  description: { id: 'support.home.description', defaultMessage: 'Answers about every screen of Coachwell, written for district staff. Search, or browse by topic. Can’t find the answer? Write to a person with Contact support.' },
  searchLabel: { id: 'support.home.searchLabel', defaultMessage: 'Search help articles' },
  searchPlaceholder: { id: 'support.home.searchPlaceholder', defaultMessage: 'For example: invite a coach, calendar, import' },
  search: { id: 'support.home.search', defaultMessage: 'Search' },
  loadError: { id: 'support.home.loadError', defaultMessage: 'An error occurred while fetching help articles. Please try again later.' },
  loading: { id: 'support.home.loading', defaultMessage: 'Loading help articles…' },
  browse: { id: 'support.home.browse', defaultMessage: 'Browse by topic' },
  articles: { id: 'support.home.articles', defaultMessage: '{count, plural, one {# article} other {# articles}}' },
  results: { id: 'support.home.results', defaultMessage: 'Search results' },
  allTopics: { id: 'support.home.allTopics', defaultMessage: 'All topics' },
  topics: { id: 'support.home.topics', defaultMessage: 'Topics' },
  matches: { id: 'support.home.matches', defaultMessage: '{count, plural, one {# article matches} other {# articles match}} “{search}”' },
  matchesIn: { id: 'support.home.matchesIn', defaultMessage: '{count, plural, one {# article matches} other {# articles match}} “{search}” in {category}' },
  noMatchTitle: { id: 'support.home.noMatchTitle', defaultMessage: 'No articles match' },
  noMatchText: { id: 'support.home.noMatchText', defaultMessage: 'Try fewer or different words. The most viewed articles are listed too.' },
  noMatchTextCategory: { id: 'support.home.noMatchTextCategory', defaultMessage: 'Try fewer or different words, or search every topic. The most viewed articles are listed too.' },
  mostViewed: { id: 'support.home.mostViewed', defaultMessage: 'Most viewed' },
});

export default function SupportScreen({ route }: ScreenProps) {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const categoryParam = params.get('category') ?? '';
  const category = ARTICLE_CATEGORIES.some((c) => c.key === categoryParam) ? categoryParam : '';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const { data, error, isLoading, mutate } = useSupportArticles({ search, category, page });

  const update = useCallback((patch: { search?: string; category?: string; page?: number }, replace = false) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries({ page: 1, ...patch })) {
        if (value === '' || (key === 'page' && value === 1)) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    }, { replace });
  }, [setParams]);

  // The box updates the URL (and so the results) a moment after typing stops.
  const [typed, setTyped] = useState(search);
  const latest = useRef(search);
  latest.current = search;
  useEffect(() => setTyped(search), [search]);
  useEffect(() => {
    if (typed.trim() === latest.current.trim()) return;
    const timer = setTimeout(() => update({ search: typed.trim() }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, update]);

  const browsing = search === '' && category === '';
  const total = data?.meta.total ?? 0;

  return (
    <div className="stack stack--lg support-page">
      <PageHeader
        title={routeTitle(route)}
        description={<p>{t(m.description)}</p>}
        actions={<ContactSupportButton />}
      />
      <form role="search" className="support-search" onSubmit={(e) => { e.preventDefault(); update({ search: typed.trim() }); }}>
        <SearchField
          label={t(m.searchLabel)}
          name="search"
          value={typed}
          onChange={setTyped}
          placeholder={t(m.searchPlaceholder)}
          maxLength={1000}
        />
        <Button type="submit" variant="secondary">{t(m.search)}</Button>
      </form>

      {error && !data ? (
        <LoadError message={t(m.loadError)} onRetry={() => void mutate()} />
      ) : isLoading && !data ? (
        <LoadingBlock label={t(m.loading)} />
      ) : data ? (
        <div className="support-layout">
          <div className="stack support-main">
            {browsing ? (
              <section aria-labelledby="support-topics" className="stack">
                <h2 id="support-topics" className="support-heading">{t(m.browse)}</h2>
                <ul className="tiles support-topics">
                  {data.categories.filter((c) => c.count > 0).map((c) => (
                    <li key={c.key}>
                      <Link className="tile support-topic" to={`?category=${c.key}`}>
                        <span className="support-topic__label">{articleCategoryLabel(c.key)}</span>
                        <span className="support-topic__count">{t(m.articles, { count: c.count })}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ) : (
              <section aria-labelledby="support-results" className="stack">
                <div className="cluster cluster--between">
                  <h2 id="support-results" className="support-heading">
                    {search ? t(m.results) : articleCategoryLabel(category)}
                  </h2>
                  <Button variant="ghost" size="sm" onClick={() => { setTyped(''); update({ search: '', category: '' }); }}>
                    {t(m.allTopics)}
                  </Button>
                </div>
                {category && (
                  <nav aria-label={t(m.topics)} className="support-chips">
                    {data.categories.filter((c) => c.count > 0 || c.key === category).map((c) => (
                      <Link key={c.key} className="support-chip" aria-current={c.key === category ? 'true' : undefined}
                        to={`?${new URLSearchParams({ ...(search ? { search } : {}), category: c.key })}`}>
                        {articleCategoryLabel(c.key)}
                      </Link>
                    ))}
                  </nav>
                )}
                <p className="muted text-sm support-count" aria-live="polite">
                  {!search ? t(m.articles, { count: total })
                    : category ? t(m.matchesIn, { count: total, search, category: articleCategoryLabel(category) })
                      : t(m.matches, { count: total, search })}
                </p>
                {data.data.length === 0 ? (
                  <EmptyState title={t(m.noMatchTitle)} headingLevel={3}>
                    <p>{category ? t(m.noMatchTextCategory) : t(m.noMatchText)}</p>
                  </EmptyState>
                ) : (
                  <ol className="support-results">
                    {data.data.map((a) => (
                      <li key={a.id} className="support-result">
                        <h3 className="support-result__title" lang={langOf(a)}>
                          <Link to={`/app/support/${a.slug}`}><Highlighted html={a.title_html} fallback={a.title} /></Link>
                        </h3>
                        <p className="support-result__meta">{articleCategoryLabel(a.category)}</p>
                        {a.snippet_html !== undefined && (
                          <p className="support-result__snippet" lang={langOf(a)}><Highlighted html={a.snippet_html} fallback="" /></p>
                        )}
                      </li>
                    ))}
                  </ol>
                )}
                <Pager page={data.meta.page} lastPage={data.meta.last_page} onChange={(p) => update({ page: p })} />
              </section>
            )}
          </div>
          {data.most_viewed.length > 0 && (
            <aside className="card support-aside" aria-labelledby="support-popular">
              <h2 id="support-popular" className="support-heading support-heading--small">{t(m.mostViewed)}</h2>
              <ArticleLinks articles={data.most_viewed} />
            </aside>
          )}
        </div>
      ) : null}
    </div>
  );
}
