// The Spanish version of an article (issue 33) in Edit article: its title and Markdown body with the same live preview
// as the English, saved and removed on their own (PUT/DELETE /api/admin/article/{id}/translation/es). Readers whose
// language is Spanish read it; without it they read the English with a note. The fields carry lang="es" (spelling,
// screen readers).
import { useState } from 'react';
import { ARTICLE_BODY_MAX, type AdminArticle, articleTranslationPayloadSchema } from '../../../common/schemas/articles';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { FormError, TextField } from '../../components/Field';
import { ConfirmDialog } from '../../components/Modal';
import { useToast } from '../../components/Toasts';
import { messageOf } from '../../lib/formErrors';
import { useFormErrors } from '../../lib/forms';
import { defineMessages, t } from '../../lib/i18n';
import { useInstantFormat } from '../../lib/session';
import { removeArticleTranslation, saveArticleTranslation } from './api';
import { MarkdownEditor } from './MarkdownEditor';

const LOCALE = 'es';
/** Who saved a version the seed wrote (no person): the product's name, the same in every language. */
const PRODUCT = 'Coachwell';

const m = defineMessages({
  heading: { id: 'articles.spanish.heading', defaultMessage: 'Spanish version' },
  intro: { id: 'articles.spanish.intro', defaultMessage: 'People who use Coachwell in Spanish read this version. Without it they read the English, with a note saying so.' },
  none: { id: 'articles.spanish.none', defaultMessage: 'No Spanish version yet.' },
  saved: { id: 'articles.spanish.saved', defaultMessage: 'Saved {when} by {name}' },
  title: { id: 'articles.spanish.title', defaultMessage: 'Title in Spanish' },
  body: { id: 'articles.spanish.body', defaultMessage: 'Body in Spanish (Markdown)' },
  bodyHint: { id: 'articles.spanish.bodyHint', defaultMessage: 'Keep the same sections as the English; links and images stay as they are.' },
  preview: { id: 'articles.spanish.preview', defaultMessage: 'Preview in Spanish' },
  previewLabel: { id: 'articles.spanish.previewLabel', defaultMessage: 'Preview of the Spanish version' },
  untitled: { id: 'articles.spanish.untitled', defaultMessage: 'Untitled' },
  save: { id: 'articles.spanish.save', defaultMessage: 'Save Spanish version' },
  remove: { id: 'articles.spanish.remove', defaultMessage: 'Remove Spanish version' },
  savedToast: { id: 'articles.spanish.savedToast', defaultMessage: 'Readers in Spanish read this version now.' },
  savedTitle: { id: 'articles.spanish.savedTitle', defaultMessage: 'Spanish version saved' },
  removeTitle: { id: 'articles.spanish.removeTitle', defaultMessage: 'Remove the Spanish version?' },
  removeText: { id: 'articles.spanish.removeText', defaultMessage: 'Readers in Spanish will read the English article, with a note that it is not available in Spanish yet.' },
  removedToast: { id: 'articles.spanish.removedToast', defaultMessage: 'Readers in Spanish read the English now.' },
  removedTitle: { id: 'articles.spanish.removedTitle', defaultMessage: 'Spanish version removed' },
  removeError: { id: 'articles.spanish.removeError', defaultMessage: 'The Spanish version could not be removed.' },
  englishChanged: { id: 'articles.spanish.englishChanged', defaultMessage: 'The English was changed after this version was saved: check that it says the same, then save it.' },
});

export function SpanishVersion({ article }: { article: AdminArticle }) {
  const toast = useToast();
  const when = useInstantFormat();
  const current = article.translations.find((x) => x.locale === LOCALE) ?? null;
  const form = useFormErrors({ title: current?.title ?? '', body: current?.body ?? '' });
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const v = form.values;

  const save = async () => {
    const input = form.check(articleTranslationPayloadSchema, { title: v.title, body: v.body });
    if (!input) return;
    await form.run(async () => {
      await saveArticleTranslation(article.id, LOCALE, input);
      toast.success(t(m.savedToast), t(m.savedTitle));
    });
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await removeArticleTranslation(article.id, LOCALE);
      form.setValues({ title: '', body: '' });
      setConfirming(false);
      toast.success(t(m.removedToast), t(m.removedTitle));
    } catch (err) {
      toast.error(messageOf(err, t(m.removeError)));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <section className="card stack articles-spanish" aria-labelledby="articles-spanish-title">
      <div className="stack stack--sm">
        <h2 id="articles-spanish-title" className="articles-editor__label">{t(m.heading)}</h2>
        <p className="muted text-sm">{t(m.intro)}</p>
        <p className="text-sm" data-testid="articles-spanish-state">
          {current ? t(m.saved, { when: when.dateTime(current.updated_at), name: current.updated_by?.name ?? PRODUCT }) : t(m.none)}
        </p>
      </div>
      {current?.english_changed && <Alert tone="warning">{t(m.englishChanged)}</Alert>}
      <form ref={form.formRef} className="form stack" noValidate onSubmit={form.onSubmit(save)}>
        <FormError error={form.formError} />
        <TextField label={t(m.title)} required maxLength={160} lang={LOCALE} {...form.field('title')} />
        <MarkdownEditor
          body={{ label: t(m.body), required: true, rows: 18, maxLength: ARTICLE_BODY_MAX, hint: t(m.bodyHint), ...form.field('body') }} lang={LOCALE}
          title={v.title || t(m.untitled)} preview={{ heading: t(m.preview), label: t(m.previewLabel), id: 'articles-spanish-preview-title', level: 3 }}
        />
        <div className="form-actions">
          {current && <Button variant="danger" onClick={() => setConfirming(true)}>{t(m.remove)}</Button>}
          <Button type="submit" busy={form.busy}>{t(m.save)}</Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming} danger busy={removing} title={t(m.removeTitle)} confirmLabel={t(m.remove)}
        message={<p>{t(m.removeText)}</p>}
        onConfirm={() => void remove()} onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
