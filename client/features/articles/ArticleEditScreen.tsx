// New article (/admin/knowledge-base/create) and Edit article (/admin/knowledge-base/{id}), `manage
// articles`: title, address (made from the title until edited), category, audience, the Markdown body
// with a live preview beside it (under it on a phone), publish and unpublish, delete, and the history
// of edits with any earlier version viewable. The preview is renderMarkdown of common/markdown.ts, the
// same function the server renders articles with (raw HTML off).
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { renderMarkdown } from '../../../common/markdown';
import {
  ARTICLE_BODY_MAX, ARTICLE_CATEGORIES, ARTICLE_ROLES, type AdminArticle, type ArticleAudience,
  type ArticleCategory, type ArticleRole, articlePayloadSchema, slugify,
} from '../../../common/schemas/articles';
import type { ScreenProps } from '../../app/routeTable';
import { routeTitle } from '../../app/routeTitles';
import { Button, ButtonLink } from '../../components/Button';
import { CheckboxGroup } from '../../components/CheckboxGroup';
import { FormError, SelectField, TextField } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { ConfirmDialog, Modal } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { articleAudienceLabel, articleCategoryLabel, articleRoleLabel } from '../../lib/articleLabels';
import { useFormErrors } from '../../lib/forms';
import { defineMessages, t, tRich } from '../../lib/i18n';
import { useInstantFormat } from '../../lib/session';
import {
  createArticle, deleteArticle, setArticlePublished, updateArticle, useAdminArticle, useArticleVersion, useArticleVersions,
} from './api';
import { MarkdownEditor } from './MarkdownEditor';
import { SpanishVersion } from './SpanishVersion';

/** Who saved a version the seed wrote (no person): the product's name, the same in every language. */
const PRODUCT = 'Coachwell';
/** The reader's address of an article (a path, not words). */
const supportPath = (slug: string) => `/app/support/${slug}`;

const m = defineMessages({
  template: { id: 'articles.edit.template', defaultMessage: 'Start with a sentence saying what this article helps with.\n\n## First step\n\n1. Go to …\n2. Select …\n\n## Good to know\n\n- …', description: 'The Markdown a new article starts with' },
  notFoundTitle: { id: 'articles.edit.notFoundTitle', defaultMessage: 'Article not found' },
  articles: { id: 'articles.edit.articles', defaultMessage: 'Articles' },
  notFound: { id: 'articles.edit.notFound', defaultMessage: 'Not found' },
  maybeDeleted: { id: 'articles.edit.maybeDeleted', defaultMessage: 'It may have been deleted.' },
  back: { id: 'articles.edit.back', defaultMessage: 'Back to articles' },
  loadError: { id: 'articles.edit.loadError', defaultMessage: 'An error occurred while fetching the article. Please try again later.' },
  loading: { id: 'articles.edit.loading', defaultMessage: 'Loading the article…' },
  savedPublished: { id: 'articles.edit.savedPublished', defaultMessage: 'The article is saved and published.' },
  changesSaved: { id: 'articles.edit.changesSaved', defaultMessage: 'Your changes are saved.' },
  savedTitle: { id: 'articles.edit.savedTitle', defaultMessage: 'Article saved' },
  published: { id: 'articles.edit.publishedToast', defaultMessage: 'The article is published.' },
  savedDraft: { id: 'articles.edit.savedDraft', defaultMessage: 'The article is saved as a draft.' },
  createdTitle: { id: 'articles.edit.createdTitle', defaultMessage: 'Article created' },
  canRead: { id: 'articles.edit.canRead', defaultMessage: 'District users can read it now.' },
  noLongerSee: { id: 'articles.edit.noLongerSee', defaultMessage: 'District users no longer see it.' },
  publishedTitle: { id: 'articles.edit.publishedTitle', defaultMessage: 'Published' },
  unpublishedTitle: { id: 'articles.edit.unpublishedTitle', defaultMessage: 'Unpublished' },
  deleted: { id: 'articles.edit.deleted', defaultMessage: '“{title}” is deleted.' },
  deletedTitle: { id: 'articles.edit.deletedTitle', defaultMessage: 'Article deleted' },
  editArticle: { id: 'articles.edit.editArticle', defaultMessage: 'Edit article' },
  newArticle: { id: 'articles.newArticle', defaultMessage: 'New article' },
  statusPublished: { id: 'articles.status.published', defaultMessage: 'Published' },
  statusDraft: { id: 'articles.status.draft', defaultMessage: 'Draft' },
  stats: { id: 'articles.edit.stats', defaultMessage: '{views, plural, one {# view} other {# views}} · {yes, plural, one {# reader} other {# readers}} found it helpful · {no, number} did not · {audience}' },
  openInSupport: { id: 'articles.edit.openInSupport', defaultMessage: 'Open in Support' },
  unpublish: { id: 'articles.edit.unpublish', defaultMessage: 'Unpublish' },
  publish: { id: 'articles.edit.publish', defaultMessage: 'Publish' },
  delete: { id: 'articles.edit.delete', defaultMessage: 'Delete' },
  title: { id: 'articles.title', defaultMessage: 'Title' },
  address: { id: 'articles.edit.address', defaultMessage: 'Address' },
  category: { id: 'articles.category', defaultMessage: 'Category' },
  chooseCategory: { id: 'articles.edit.chooseCategory', defaultMessage: 'Choose a category…' },
  audience: { id: 'articles.audience', defaultMessage: 'Audience' },
  everyone: { id: 'articles.audience.everyone', defaultMessage: 'Every district user' },
  chosenRoles: { id: 'articles.edit.chosenRoles', defaultMessage: 'Chosen roles' },
  rolesLegend: { id: 'articles.edit.rolesLegend', defaultMessage: 'Roles that see this article' },
  body: { id: 'articles.edit.body', defaultMessage: 'Body (Markdown)' },
  bodyHint: { id: 'articles.edit.bodyHint', defaultMessage: '## for a section heading (listed in the table of contents), - for a list, **bold**, [link](/app/staff).' },
  preview: { id: 'articles.edit.preview', defaultMessage: 'Preview' },
  previewLabel: { id: 'articles.edit.previewLabel', defaultMessage: 'Preview of the article' },
  untitled: { id: 'articles.edit.untitled', defaultMessage: 'Untitled article' },
  cancel: { id: 'articles.edit.cancel', defaultMessage: 'Cancel' },
  saveAndPublish: { id: 'articles.edit.saveAndPublish', defaultMessage: 'Save and publish' },
  saveChanges: { id: 'articles.edit.saveChanges', defaultMessage: 'Save changes' },
  saveDraft: { id: 'articles.edit.saveDraft', defaultMessage: 'Save draft' },
  deleteTitle: { id: 'articles.edit.deleteTitle', defaultMessage: 'Delete this article?' },
  deleteArticle: { id: 'articles.edit.deleteArticle', defaultMessage: 'Delete article' },
  deleteText: { id: 'articles.edit.deleteText', defaultMessage: '“{title}” and its history are deleted for good. District users following a link to it will see the not-found page.' },
  history: { id: 'articles.edit.history', defaultMessage: 'History of edits' },
  historyError: { id: 'articles.edit.historyError', defaultMessage: 'We could not load the history.' },
  historyLoading: { id: 'articles.edit.historyLoading', defaultMessage: 'Loading the history…' },
  version: { id: 'articles.edit.version', defaultMessage: 'Version {number}' },
  current: { id: 'articles.edit.current', defaultMessage: 'Current' },
  viewVersion: { id: 'articles.edit.viewVersion', defaultMessage: 'View version {number}' },
  view: { id: 'articles.edit.view', defaultMessage: 'View' },
  versionTitle: { id: 'articles.edit.versionTitle', defaultMessage: 'Version {number}: {title}' },
  versionPlain: { id: 'articles.edit.versionPlain', defaultMessage: 'Version' },
  versionLoading: { id: 'articles.edit.versionLoading', defaultMessage: 'Loading the version…' },
  savedBy: { id: 'articles.edit.savedBy', defaultMessage: 'Saved {when} by {name} · {category} · <path></path> · {audience}' },
});

export default function ArticleEditScreen({ route }: ScreenProps) {
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const { data: article, error, isLoading, mutate } = useAdminArticle(id);

  if (idParam !== undefined && (id === null || error?.status === 404)) {
    return (
      <div className="stack stack--lg articles-edit">
        <PageHeader title={t(m.notFoundTitle)} breadcrumbs={[{ label: t(m.articles), to: '/admin/knowledge-base' }, { label: t(m.notFound) }]}
          description={<p>{t(m.maybeDeleted)}</p>} actions={<ButtonLink to="/admin/knowledge-base">{t(m.back)}</ButtonLink>} />
      </div>
    );
  }
  if (id !== null && error && !article) {
    return (
      <LoadError message={t(m.loadError)} onRetry={() => void mutate()} />
    );
  }
  if (id !== null && (isLoading || !article)) return <LoadingBlock label={t(m.loading)} />;
  return <ArticleForm key={article?.id ?? 'new'} title={routeTitle(route)} article={article ?? null} />;
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
    body: article?.body ?? t(m.template),
  });
  // The address follows the title until someone edits it (an existing article's address stays).
  const [slugEdited, setSlugEdited] = useState(article !== null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const v = form.values;
  const roles = v.roles ? (v.roles.split(',') as ArticleRole[]) : [];

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
        toast.success(andPublish ? t(m.savedPublished) : t(m.changesSaved), t(m.savedTitle));
      } else {
        const created = await createArticle(payload());
        if (andPublish) await setArticlePublished(created.id, true);
        toast.success(andPublish ? t(m.published) : t(m.savedDraft), t(m.createdTitle));
        navigate(`/admin/knowledge-base/${created.id}`, { replace: true });
      }
    });
  };

  const togglePublished = async () => {
    if (!article) return;
    setPublishing(true);
    try {
      const next = await setArticlePublished(article.id, article.status !== 'published');
      toast.success(next.status === 'published' ? t(m.canRead) : t(m.noLongerSee), next.status === 'published' ? t(m.publishedTitle) : t(m.unpublishedTitle));
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
      toast.success(t(m.deleted, { title: article.title }), t(m.deletedTitle));
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
        breadcrumbs={[{ label: t(m.articles), to: '/admin/knowledge-base' }, { label: article ? t(m.editArticle) : t(m.newArticle) }]}
        description={article && (
          <p className="cluster">
            <span className={`badge ${published ? 'badge--success' : 'badge--neutral'}`}>{published ? t(m.statusPublished) : t(m.statusDraft)}</span>
            <span className="muted text-sm">{t(m.stats, { views: article.view_count, yes: article.helpful_yes, no: article.helpful_no, audience: articleAudienceLabel(article.audience, article.roles) })}</span>
            {published && <a href={`/app/support/${article.slug}`} target="_blank" rel="noopener noreferrer">{t(m.openInSupport)}</a>}
          </p>
        )}
        actions={article && (
          <>
            <Button variant={published ? 'secondary' : 'primary'} busy={publishing} onClick={() => void togglePublished()}>
              {published ? t(m.unpublish) : t(m.publish)}
            </Button>
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>{t(m.delete)}</Button>
          </>
        )}
      />
      <form ref={form.formRef} className="form stack" noValidate onSubmit={form.onSubmit(() => save(false))}>
        <FormError error={form.formError} />
        <div className="articles-meta">
          <TextField
            label={t(m.title)} required maxLength={160} {...form.field('title')}
            onChange={(value) => {
              form.set('title', value);
              if (!slugEdited) form.set('slug', slugify(value));
            }}
          />
          <TextField
            label={t(m.address)} required maxLength={100} hint={supportPath(v.slug || '…')} {...form.field('slug')}
            onChange={(value) => { setSlugEdited(true); form.set('slug', value); }}
          />
          <SelectField
            label={t(m.category)} required {...form.field('category')}
            options={[{ value: '', label: t(m.chooseCategory), disabled: true }, ...ARTICLE_CATEGORIES.map((c) => ({ value: c.key, label: articleCategoryLabel(c.key) }))]}
          />
          <SelectField
            label={t(m.audience)} {...form.field('audience')}
            options={[{ value: 'all', label: t(m.everyone) }, { value: 'roles', label: t(m.chosenRoles) }]}
          />
        </div>
        {v.audience === 'roles' && (
          <CheckboxGroup
            legend={t(m.rolesLegend)} name="roles" columns="auto" required
            options={ARTICLE_ROLES.map((r) => ({ value: r, label: articleRoleLabel(r) }))}
            value={roles} onChange={(next) => form.set('roles', next.join(','))} error={form.errors.roles}
          />
        )}
        <MarkdownEditor
          body={{ label: t(m.body), required: true, rows: 24, maxLength: ARTICLE_BODY_MAX, hint: t(m.bodyHint), ...form.field('body') }}
          title={v.title || t(m.untitled)} preview={{ heading: t(m.preview), label: t(m.previewLabel), id: 'articles-preview-title', level: 2 }}
        />
        <div className="form-actions">
          <ButtonLink to="/admin/knowledge-base" variant="ghost">{t(m.cancel)}</ButtonLink>
          {!published && <Button variant="secondary" busy={form.busy} onClick={() => void save(true)}>{article ? t(m.saveAndPublish) : t(m.publish)}</Button>}
          <Button type="submit" busy={form.busy}>{article ? t(m.saveChanges) : t(m.saveDraft)}</Button>
        </div>
      </form>
      {article && <SpanishVersion article={article} />}
      {article && <ArticleHistory article={article} />}
      <ConfirmDialog
        open={confirmDelete} danger busy={deleting} title={t(m.deleteTitle)} confirmLabel={t(m.deleteArticle)}
        message={<p>{t(m.deleteText, { title: article?.title ?? '' })}</p>}
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
      <h2 id="articles-history-title" className="articles-editor__label">{t(m.history)}</h2>
      {error ? <p>{t(m.historyError)}</p> : !data ? <LoadingBlock label={t(m.historyLoading)} /> : (
        <ol className="articles-history">
          {data.data.map((ver, i) => (
            <li key={ver.id} className="articles-history__item">
              <div>
                <strong>{t(m.version, { number: ver.number })}</strong>{i === 0 && <span className="badge badge--info">{t(m.current)}</span>}
                <div className="muted text-sm">
                  {when.dateTime(ver.at)} · {ver.edited_by?.name ?? PRODUCT} · {ver.title}
                </div>
              </div>
              <Button variant="secondary" size="sm" onClick={() => setOpen(ver.id)} aria-label={t(m.viewVersion, { number: ver.number })}>{t(m.view)}</Button>
            </li>
          ))}
        </ol>
      )}
      <Modal open={open !== null} title={version ? t(m.versionTitle, { number: version.number, title: version.title }) : t(m.versionPlain)} onClose={() => setOpen(null)} size="lg">
        {!version || !rendered ? <LoadingBlock label={t(m.versionLoading)} /> : (
          <div className="stack">
            <p className="muted text-sm">
              {tRich(m.savedBy, {
                when: when.dateTime(version.at), name: version.edited_by?.name ?? PRODUCT, category: articleCategoryLabel(version.category),
                path: () => supportPath(version.slug), audience: articleAudienceLabel(version.audience, version.roles),
              })}
            </p>
            <div className="prose" dangerouslySetInnerHTML={{ __html: rendered.html }} />
          </div>
        )}
      </Modal>
    </section>
  );
}
