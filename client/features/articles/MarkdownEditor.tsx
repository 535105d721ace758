// An article's Markdown body beside its live preview (under it on a phone), as readers will see it: the editor's
// English (ArticleEditScreen) and its Spanish version (SpanishVersion). The preview is renderMarkdown of
// common/markdown.ts, the same renderer the reader's page uses.
import { useMemo } from 'react';
import { renderMarkdown } from '../../../common/markdown';
import { TextAreaField, type TextAreaFieldProps } from '../../components/Field';

type Props = {
  /** The body's field: its label, hint, rows, maxLength and the form's `field('body')`. */
  body: TextAreaFieldProps;
  /** The article's title as the preview shows it (the screen's "Untitled" when empty). */
  title: string;
  /** The preview's heading ("Preview") and its region's name ("Preview of the article"). */
  preview: { heading: string; label: string; id: string; level: 2 | 3 };
  /** The language of what is written, when it is not the interface's. */
  lang?: string;
};

export function MarkdownEditor({ body, title, preview, lang }: Props) {
  const html = useMemo(() => renderMarkdown(body.value).html, [body.value]);
  const Heading = preview.level === 3 ? 'h3' : 'h2';
  return (
    <div className="split articles-editor">
      <TextAreaField className="articles-editor__source" lang={lang} spellCheck {...body} />
      <section className="articles-editor__preview" aria-labelledby={preview.id}>
        <Heading id={preview.id} className="articles-editor__label">{preview.heading}</Heading>
        <div className="articles-preview" tabIndex={0} role="region" aria-label={preview.label} lang={lang}>
          <h1 className="articles-preview__title">{title}</h1>
          {/* renderMarkdown's output: markdown-it with raw HTML off. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
        </div>
      </section>
    </div>
  );
}
