// Support Article (/app/support/{slug}): the article as the server rendered it (renderMarkdown of
// common/markdown.ts: raw HTML off, links made safe), a table of contents from its headings (sticky
// beside the article on wide screens), "Was this helpful?" and related articles. An unknown or
// unpublished address shows a friendly not-found page.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ScreenProps } from '../../app/routeTable';
import { routeTitle } from '../../app/routeTitles';
import { Alert } from '../../components/Alert';
import { LoadError } from '../../components/LoadError';
import { Button, ButtonLink } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { articleCategoryLabel } from '../../lib/articleLabels';
import { currentLocale, defineMessages, t } from '../../lib/i18n';
import { useInstantFormat } from '../../lib/session';
import { sendArticleFeedback, useSupportArticle } from './api';
import { ArticleLinks } from './components/ArticleLinks';
import { ContactSupportButton } from './components/ContactSupport';

const m = defineMessages({
  notFoundTitle: { id: 'support.article.notFoundTitle', defaultMessage: 'We couldn’t find that article' },
  support: { id: 'support.breadcrumb', defaultMessage: 'Support' },
  notFound: { id: 'support.article.notFound', defaultMessage: 'Article not found' },
  notFoundText: { id: 'support.article.notFoundText', defaultMessage: 'It may have moved, or it is being updated. Search for the topic or browse the articles by topic.' },
  searchKb: { id: 'support.article.searchKb', defaultMessage: 'Search the knowledge base' },
  dashboard: { id: 'support.article.dashboard', defaultMessage: 'Go to your dashboard' },
  loadError: { id: 'support.article.loadError', defaultMessage: 'An error occurred while fetching this article. Please try again later.' },
  loading: { id: 'support.article.loading', defaultMessage: 'Loading the article…' },
  voteError: { id: 'support.article.voteError', defaultMessage: 'Your answer could not be saved. Please try again.' },
  updated: { id: 'support.article.updated', defaultMessage: '{category} · Updated {date}' },
  onThisPage: { id: 'support.article.onThisPage', defaultMessage: 'On this page' },
  helpful: { id: 'support.article.helpful', defaultMessage: 'Was this helpful?' },
  yes: { id: 'support.article.yes', defaultMessage: 'Yes' },
  no: { id: 'support.article.no', defaultMessage: 'No' },
  thanks: { id: 'support.article.thanks', defaultMessage: 'Thanks for telling us. We read every answer when we update our help.' },
  answered: { id: 'support.article.answered', defaultMessage: 'You answered this already; you can change your answer.' },
  stuck: { id: 'support.article.stuck', defaultMessage: 'Still stuck? Coachwell’s support team answers by email.' },
  related: { id: 'support.article.related', defaultMessage: 'Related articles' },
  back: { id: 'support.article.back', defaultMessage: 'Back to Support' },
  translationMissing: { id: 'support.article.translationMissing', defaultMessage: 'This article is not available in your language yet, so it is shown in English.' },
});

export default function SupportArticleScreen({ route }: ScreenProps) {
  const { slug = '' } = useParams();
  const when = useInstantFormat();
  const toast = useToast();
  const { data, error, isLoading, mutate } = useSupportArticle(slug);
  const [busy, setBusy] = useState(false);
  const [thanked, setThanked] = useState(false);

  if (error?.status === 404) {
    return (
      <div className="stack stack--lg support-page support-missing">
        <PageHeader
          title={t(m.notFoundTitle)}
          breadcrumbs={[{ label: t(m.support), to: '/app/support' }, { label: t(m.notFound) }]}
          description={<p>{t(m.notFoundText)}</p>}
        />
        <div className="cluster">
          <ButtonLink to="/app/support">{t(m.searchKb)}</ButtonLink>
          <ButtonLink to="/app" variant="secondary">{t(m.dashboard)}</ButtonLink>
          <ContactSupportButton />
        </div>
      </div>
    );
  }
  if (error && !data) {
    return (
      <div className="stack support-page">
        <PageHeader title={routeTitle(route)} breadcrumbs={[{ label: t(m.support), to: '/app/support' }, { label: routeTitle(route) }]} />
        <LoadError message={t(m.loadError)} onRetry={() => void mutate()} />
      </div>
    );
  }
  if (isLoading || !data) return <LoadingBlock label={t(m.loading)} />;

  const vote = async (helpful: boolean) => {
    setBusy(true);
    try {
      await sendArticleFeedback(slug, helpful);
      setThanked(true);
    } catch {
      toast.error(t(m.voteError));
    } finally {
      setBusy(false);
    }
  };

  // The article's own language when it is not the page's (English shown to a Spanish reader): screen readers switch voice.
  const lang = data.locale !== currentLocale() ? data.locale : undefined;
  return (
    <div className="stack stack--lg support-page">
      <PageHeader
        title={<span lang={lang}>{data.title}</span>}
        breadcrumbs={[{ label: t(m.support), to: '/app/support' }, { label: articleCategoryLabel(data.category), to: `/app/support?category=${data.category}` }, { label: data.title }]}
        description={<p className="muted text-sm">{t(m.updated, { category: articleCategoryLabel(data.category), date: when.date(data.updated_at) })}</p>}
        actions={<ContactSupportButton />}
      />
      {data.translation_missing && <Alert className="support-translation-missing">{t(m.translationMissing)}</Alert>}
      <div className="support-article-layout">
        {data.headings.length > 1 && (
          <nav className="support-toc" aria-labelledby="support-toc-title">
            <h2 id="support-toc-title" className="support-toc__title">{t(m.onThisPage)}</h2>
            <ol className="support-toc__list" lang={lang}>
              {data.headings.map((h) => (
                <li key={h.id} className={h.level === 3 ? 'support-toc__sub' : undefined}>
                  <a href={`#${h.id}`}>{h.text}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="stack stack--lg support-article-main">
          {/* renderMarkdown's output (server side): markdown-it with raw HTML off. */}
          <article className="prose" lang={lang} dangerouslySetInnerHTML={{ __html: data.html }} />

          <section className="card support-feedback" aria-labelledby="support-feedback-title">
            <h2 id="support-feedback-title" className="support-heading support-heading--small">{t(m.helpful)}</h2>
            <div className="cluster">
              <Button variant={data.my_feedback === true ? 'primary' : 'secondary'} aria-pressed={data.my_feedback === true} busy={busy} onClick={() => void vote(true)}>
                {t(m.yes)}
              </Button>
              <Button variant={data.my_feedback === false ? 'primary' : 'secondary'} aria-pressed={data.my_feedback === false} busy={busy} onClick={() => void vote(false)}>
                {t(m.no)}
              </Button>
            </div>
            <p className="muted text-sm" role="status">
              {thanked
                ? t(m.thanks)
                : data.my_feedback !== null ? t(m.answered) : null}
            </p>
            {data.my_feedback === false && (
              <div className="support-feedback__contact">
                <p>{t(m.stuck)}</p>
                <ContactSupportButton variant="primary" />
              </div>
            )}
          </section>

          {data.related.length > 0 && (
            <section aria-labelledby="support-related-title" className="stack stack--sm">
              <h2 id="support-related-title" className="support-heading support-heading--small">{t(m.related)}</h2>
              <ArticleLinks articles={data.related} showCategory />
            </section>
          )}
          <p><Link to="/app/support">{t(m.back)}</Link></p>
        </div>
      </div>
    </div>
  );
}
