// Support Article (/app/support/{slug}): the article as the server rendered it (renderMarkdown of
// common/markdown.ts: raw HTML off, links made safe), a table of contents from its headings (sticky
// beside the article on wide screens), "Was this helpful?" and related articles. An unknown or
// unpublished address shows a friendly not-found page.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ScreenProps } from '../../app/routeTable';
import { LoadError } from '../../components/LoadError';
import { Button, ButtonLink } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { useInstantFormat } from '../../lib/session';
import { sendArticleFeedback, useSupportArticle } from './api';
import { ArticleLinks } from './components/ArticleLinks';
import { ContactSupportButton } from './components/ContactSupport';

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
          title="We couldn’t find that article"
          breadcrumbs={[{ label: 'Support', to: '/app/support' }, { label: 'Article not found' }]}
          description={<p>It may have moved, or it is being updated. Search for the topic or browse the articles by topic.</p>}
        />
        <div className="cluster">
          <ButtonLink to="/app/support">Search the knowledge base</ButtonLink>
          <ButtonLink to="/app" variant="secondary">Go to your dashboard</ButtonLink>
          <ContactSupportButton />
        </div>
      </div>
    );
  }
  if (error && !data) {
    return (
      <div className="stack support-page">
        <PageHeader title={route.title} breadcrumbs={[{ label: 'Support', to: '/app/support' }, { label: route.title }]} />
        <LoadError what="this article" onRetry={() => void mutate()} />
      </div>
    );
  }
  if (isLoading || !data) return <LoadingBlock label="Loading the article…" />;

  const vote = async (helpful: boolean) => {
    setBusy(true);
    try {
      await sendArticleFeedback(slug, helpful);
      setThanked(true);
    } catch {
      toast.error('Your answer could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack stack--lg support-page">
      <PageHeader
        title={data.title}
        breadcrumbs={[{ label: 'Support', to: '/app/support' }, { label: data.category_label, to: `/app/support?category=${data.category}` }, { label: data.title }]}
        description={<p className="muted text-sm">{data.category_label} · Updated {when.date(data.updated_at)}</p>}
        actions={<ContactSupportButton />}
      />
      <div className="support-article-layout">
        {data.headings.length > 1 && (
          <nav className="support-toc" aria-labelledby="support-toc-title">
            <h2 id="support-toc-title" className="support-toc__title">On this page</h2>
            <ol className="support-toc__list">
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
          <article className="prose" dangerouslySetInnerHTML={{ __html: data.html }} />

          <section className="card support-feedback" aria-labelledby="support-feedback-title">
            <h2 id="support-feedback-title" className="support-heading support-heading--small">Was this helpful?</h2>
            <div className="cluster">
              <Button variant={data.my_feedback === true ? 'primary' : 'secondary'} aria-pressed={data.my_feedback === true} busy={busy} onClick={() => void vote(true)}>
                Yes
              </Button>
              <Button variant={data.my_feedback === false ? 'primary' : 'secondary'} aria-pressed={data.my_feedback === false} busy={busy} onClick={() => void vote(false)}>
                No
              </Button>
            </div>
            <p className="muted text-sm" role="status">
              {thanked
                ? 'Thanks for telling us. We read every answer when we update our help.'
                : data.my_feedback !== null ? 'You answered this already; you can change your answer.' : ''}
            </p>
            {data.my_feedback === false && (
              <div className="support-feedback__contact">
                <p>Still stuck? Coachwell&rsquo;s support team answers by email.</p>
                <ContactSupportButton variant="primary" />
              </div>
            )}
          </section>

          {data.related.length > 0 && (
            <section aria-labelledby="support-related-title" className="stack stack--sm">
              <h2 id="support-related-title" className="support-heading support-heading--small">Related articles</h2>
              <ArticleLinks articles={data.related} showCategory />
            </section>
          )}
          <p><Link to="/app/support">Back to Support</Link></p>
        </div>
      </div>
    </div>
  );
}
