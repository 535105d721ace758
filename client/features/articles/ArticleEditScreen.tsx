// New article (/admin/knowledge-base/create) and Edit article (/admin/knowledge-base/{id}), `manage
// articles`: title, address (made from the title until edited), category, audience, the Markdown body
// with a live preview beside it (under it on a phone), publish and unpublish, delete, and the history
// of edits with any earlier version viewable. The preview is renderMarkdown of common/markdown.ts, the
// same function the server renders articles with (raw HTML off).
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { renderMarkdown } from '../../../common/markdown';
import {
  ARTICLE_BODY_MAX, ARTICLE_CATEGORIES, ARTICLE_ROLES, ARTICLE_ROLE_LABELS, type AdminArticle, type ArticleAudience,
  type ArticleCategory, type ArticleRole, articlePayloadSchema, audienceLabel, categoryLabel, slugify,
} from '../../../common/schemas/articles';
import type { ScreenProps } from '../../app/routeTable';
import { Button, ButtonLink } from '../../components/Button';
import { CheckboxGroup } from '../../components/CheckboxGroup';
import { FormError, SelectField, TextAreaField, TextField } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { ConfirmDialog, Modal } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { useFormErrors } from '../../lib/forms';
import { useInstantFormat } from '../../lib/session';
import { countText, plural } from '../../../common/plural';
import {
  createArticle, deleteArticle, setArticlePublished, updateArticle, useAdminArticle, useArticleVersion, useArticleVersions,
} from './api';

const TEMPLATE = `Start with a sentence saying what this article helps with.

## First step

1. Go to …
2. Select …

## Good to know

- …`;

export default function ArticleEditScreen({ route }: ScreenProps) {
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const { data: article, error, isLoading, mutate } = useAdminArticle(id);

  if (idParam !== undefined && (id === null || error?.status === 404)) {
    return (
      <div className="stack stack--lg articles-edit">
        <PageHeader title="Article not found" breadcrumbs={[{ label: 'Articles', to: '/admin/knowledge-base' }, { label: 'Not found' }]}
          description={<p>It may have been deleted.</p>} actions={<ButtonLink to="/admin/knowledge-base">Back to articles</ButtonLink>} />
      </div>
    );
  }
  if (id !== null && error && !article) {
    return (
      <LoadError what="the article" onRetry={() => void mutate()} />
    );
  }
  if (id !== null && (isLoading || !article)) return <LoadingBlock label="Loading the article…" />;
  return <ArticleForm key={article?.id ?? 'new'} title={route.title} article={article ?? null} />;
}

function ArticleForm({ title, article }: { title: string; article: AdminArticle | null }) {
  const navigate = useNavigate();
  const toast = useToast();
  const form = useFormErrors({
    title: article?.title ?? '',
    slug: article?.slug ?? '',
    category: article?.category ?? '',
    audience: article?.audience ?? 'all',
    roles: (article?.roles ?? []).join(','),
    body: article?.body ?? TEMPLATE,
  });
  // The address follows the title until someone edits it (an existing article's address stays).
  const [slugEdited, setSlugEdited] = useState(article !== null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const v = form.values;
  const roles = v.roles ? (v.roles.split(',') as ArticleRole[]) : [];
  const preview = useMemo(() => renderMarkdown(v.body), [v.body]);

  const payload = () => ({
    title: v.title, slug: v.slug, category: v.category as ArticleCategory, audience: v.audience as ArticleAudience, roles: v.audience === 'roles' ? roles : [], body: v.body,
  });

  const save = async (andPublish = false) => {
    const input = form.check(articlePayloadSchema, payload());
    if (!input) return;
    await form.run(async () => {
      if (article) {
        const saved = await updateArticle(article.id, payload());
        if (andPublish && saved.status === 'draft') await setArticlePublished(article.id, true);
        toast.success(andPublish ? 'The article is saved and published.' : 'Your changes are saved.', 'Article saved');
      } else {
        const created = await createArticle(payload());
        if (andPublish) await setArticlePublished(created.id, true);
        toast.success(andPublish ? 'The article is published.' : 'The article is saved as a draft.', 'Article created');
        navigate(`/admin/knowledge-base/${created.id}`, { replace: true });
      }
    });
  };

  const togglePublished = async () => {
    if (!article) return;
    setPublishing(true);
    try {
      const next = await setArticlePublished(article.id, article.status !== 'published');
      toast.success(next.status === 'published' ? 'District users can read it now.' : 'District users no longer see it.', next.status === 'published' ? 'Published' : 'Unpublished');
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setPublishing(false);
    }
  };

  const remove = async () => {
    if (!article) return;
    setDeleting(true);
    try {
      await deleteArticle(article.id);
      toast.success(`“${article.title}” is deleted.`, 'Article deleted');
      navigate('/admin/knowledge-base');
    } catch (err) {
      toast.error((err as Error).message);
      setDeleting(false);
    }
  };

  const published = article?.status === 'published';
  return (
    <div className="stack stack--lg articles-edit">
      <PageHeader
        title={article ? article.title : title}
        breadcrumbs={[{ label: 'Articles', to: '/admin/knowledge-base' }, { label: article ? 'Edit article' : 'New article' }]}
        description={article && (
          <p className="cluster">
            <span className={`badge ${published ? 'badge--success' : 'badge--neutral'}`}>{published ? 'Published' : 'Draft'}</span>
            <span className="muted text-sm">{plural(article.view_count, 'view', 'views')} · {plural(article.helpful_yes, 'reader', 'readers')} found it helpful · {countText(article.helpful_no)} did not · {audienceLabel(article.audience, article.roles)}</span>
            {published && <a href={`/app/support/${article.slug}`} target="_blank" rel="noopener noreferrer">Open in Support</a>}
          </p>
        )}
        actions={article && (
          <>
            <Button variant={published ? 'secondary' : 'primary'} busy={publishing} onClick={() => void togglePublished()}>
              {published ? 'Unpublish' : 'Publish'}
            </Button>
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>Delete</Button>
          </>
        )}
      />
      <form ref={form.formRef} className="form stack" noValidate onSubmit={form.onSubmit(() => save(false))}>
        <FormError error={form.formError} />
        <div className="articles-meta">
          <TextField
            label="Title" required maxLength={160} {...form.field('title')}
            onChange={(value) => {
              form.set('title', value);
              if (!slugEdited) form.set('slug', slugify(value));
            }}
          />
          <TextField
            label="Address" required maxLength={100} hint={`/app/support/${v.slug || '…'}`} {...form.field('slug')}
            onChange={(value) => { setSlugEdited(true); form.set('slug', value); }}
          />
          <SelectField
            label="Category" required {...form.field('category')}
            options={[{ value: '', label: 'Choose a category…', disabled: true }, ...ARTICLE_CATEGORIES.map((c) => ({ value: c.key, label: c.label }))]}
          />
          <SelectField
            label="Audience" {...form.field('audience')}
            options={[{ value: 'all', label: 'Every district user' }, { value: 'roles', label: 'Chosen roles' }]}
          />
        </div>
        {v.audience === 'roles' && (
          <CheckboxGroup
            legend="Roles that see this article" name="roles" columns="auto" required
            options={ARTICLE_ROLES.map((r) => ({ value: r, label: ARTICLE_ROLE_LABELS[r] }))}
            value={roles} onChange={(next) => form.set('roles', next.join(','))} error={form.errors.roles}
          />
        )}
        <div className="split articles-editor">
          <TextAreaField
            className="articles-editor__source" label="Body (Markdown)" required rows={24} maxLength={ARTICLE_BODY_MAX}
            hint="## for a section heading (listed in the table of contents), - for a list, **bold**, [link](/app/staff)."
            spellCheck {...form.field('body')}
          />
          <section className="articles-editor__preview" aria-labelledby="articles-preview-title">
            <h2 id="articles-preview-title" className="articles-editor__label">Preview</h2>
            <div className="articles-preview" tabIndex={0} role="region" aria-label="Preview of the article">
              <h1 className="articles-preview__title">{v.title || 'Untitled article'}</h1>
              {/* renderMarkdown's output: markdown-it with raw HTML off. */}
              <div className="prose" dangerouslySetInnerHTML={{ __html: preview.html }} />
            </div>
          </section>
        </div>
        <div className="form-actions">
          <ButtonLink to="/admin/knowledge-base" variant="ghost">Cancel</ButtonLink>
          {!published && <Button variant="secondary" busy={form.busy} onClick={() => void save(true)}>{article ? 'Save and publish' : 'Publish'}</Button>}
          <Button type="submit" busy={form.busy}>{article ? 'Save changes' : 'Save draft'}</Button>
        </div>
      </form>
      {article && <ArticleHistory article={article} />}
      <ConfirmDialog
        open={confirmDelete} danger busy={deleting} title="Delete this article?" confirmLabel="Delete article"
        message={<p>“{article?.title}” and its history are deleted for good. District users following a link to it will see the not-found page.</p>}
        onConfirm={() => void remove()} onCancel={() => setConfirmDelete(false)}
      />
    </div>
  );
}

function ArticleHistory({ article }: { article: AdminArticle }) {
  const when = useInstantFormat();
  const { data, error } = useArticleVersions(article.id);
  const [open, setOpen] = useState<number | null>(null);
  const { data: version } = useArticleVersion(article.id, open);
  const rendered = useMemo(() => (version ? renderMarkdown(version.body) : null), [version]);
  return (
    <section className="card stack" aria-labelledby="articles-history-title">
      <h2 id="articles-history-title" className="articles-editor__label">History of edits</h2>
      {error ? <p>We could not load the history.</p> : !data ? <LoadingBlock label="Loading the history…" /> : (
        <ol className="articles-history">
          {data.data.map((ver, i) => (
            <li key={ver.id} className="articles-history__item">
              <div>
                <strong>Version {ver.number}</strong>{i === 0 && <span className="badge badge--info">Current</span>}
                <div className="muted text-sm">
                  {when.dateTime(ver.at)} · {ver.edited_by?.name ?? 'Coachwell'} · {ver.title}
                </div>
              </div>
              <Button variant="secondary" size="sm" onClick={() => setOpen(ver.id)} aria-label={`View version ${ver.number}`}>View</Button>
            </li>
          ))}
        </ol>
      )}
      <Modal open={open !== null} title={version ? `Version ${version.number}: ${version.title}` : 'Version'} onClose={() => setOpen(null)} size="lg">
        {!version || !rendered ? <LoadingBlock label="Loading the version…" /> : (
          <div className="stack">
            <p className="muted text-sm">
              Saved {when.dateTime(version.at)} by {version.edited_by?.name ?? 'Coachwell'} · {categoryLabel(version.category)} ·
              {' '}/app/support/{version.slug} · {audienceLabel(version.audience, version.roles)}
            </p>
            <div className="prose" dangerouslySetInnerHTML={{ __html: rendered.html }} />
          </div>
        )}
      </Modal>
    </section>
  );
}
