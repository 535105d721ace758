// Field whitelists from article rows to the API's JSON.
import type {
  AdminArticleAnswer, AdminArticleSummaryAnswer, AdminArticleTranslationAnswer, ArticleResultAnswer, ArticleVersionAnswer, ArticleVersionSummaryAnswer, ArticleViewAnswer,
} from '../../../common/schemas/answers/articles';
import { type ArticleCategory, type ArticleRole, categoryLabel } from '../../../common/schemas/articles';
import { markdownToText, renderMarkdown } from '../../../common/markdown';
import { highlight, snippet } from './highlight';
import type { Locale } from '../../../common/locales';
import type { TranslationLocale } from '../../../common/schemas/articles';
import type { ArticleRow, ArticleTranslationRow, ArticleVersionRow } from './queries';

/** The text a reader reads: the article's version in their language when there is one, else the English. */
function readText(row: ArticleRow, translation: ArticleTranslationRow | undefined): { title: string; body: string; locale: Locale } {
  return translation ? { title: translation.title, body: translation.body, locale: translation.locale } : { title: row.title, body: row.body, locale: 'en' };
}

/** The article's text for snippets: markdownToText, without the spaces it leaves before punctuation. */
const plainText = (body: string) => markdownToText(body).replace(/\s+([.,;:!?)])/g, '$1').replace(/\(\s+/g, '(');

const person = (id: number | null, names: Map<number, string>) => (id !== null && names.has(id) ? { id, name: names.get(id)! } : null);

export function presentAdminSummary(
  row: ArticleRow, roles: Map<number, string[]>, names: Map<number, string>, translated: Map<number, TranslationLocale[]>,
): AdminArticleSummaryAnswer {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    category: row.category as ArticleCategory,
    status: row.status,
    audience: row.audience,
    roles: (roles.get(row.id) ?? []) as ArticleRole[],
    published_at: row.published_at,
    updated_at: row.updated_at,
    updated_by: person(row.updated_by, names),
    view_count: row.view_count,
    helpful_yes: row.helpful_yes,
    helpful_no: row.helpful_no,
    translated: translated.get(row.id) ?? [],
  };
}

/** `englishSavedAt`: when the English content was last saved (its latest version). */
export function presentTranslation(row: ArticleTranslationRow, names: Map<number, string>, englishSavedAt: string | null): AdminArticleTranslationAnswer {
  return {
    locale: row.locale as TranslationLocale, title: row.title, body: row.body, updated_at: row.updated_at, updated_by: person(row.updated_by, names),
    english_changed: englishSavedAt !== null && englishSavedAt > row.updated_at,
  };
}

export function presentAdminArticle(
  row: ArticleRow, roles: Map<number, string[]>, names: Map<number, string>, versions: number, translations: ArticleTranslationRow[],
  englishSavedAt: string | null,
): AdminArticleAnswer {
  return {
    ...presentAdminSummary(row, roles, names, new Map([[row.id, translations.map((t) => t.locale as TranslationLocale)]])),
    body: row.body,
    created_at: row.created_at,
    created_by: person(row.created_by, names),
    versions,
    translations: translations.map((t) => presentTranslation(t, names, englishSavedAt)),
  };
}

export function presentVersionSummary(row: ArticleVersionRow, number: number, names: Map<number, string>): ArticleVersionSummaryAnswer {
  return { id: row.id, number, title: row.title, category: row.category as ArticleCategory, edited_by: person(row.edited_by, names), at: row.at };
}

export function presentVersion(row: ArticleVersionRow, number: number, names: Map<number, string>): ArticleVersionAnswer {
  return {
    ...presentVersionSummary(row, number, names),
    slug: row.slug,
    audience: row.audience,
    roles: JSON.parse(row.audience_roles) as ArticleRole[],
    body: row.body,
  };
}

/** A published article in a reader's list; with search words, its title and a snippet highlighted. */
export function presentResult(row: ArticleRow, words: readonly string[] = [], translation?: ArticleTranslationRow): ArticleResultAnswer {
  const text = readText(row, translation);
  const result: ArticleResultAnswer = {
    id: row.id,
    slug: row.slug,
    title: text.title,
    category: row.category as ArticleCategory,
    category_label: categoryLabel(row.category),
    updated_at: row.updated_at,
    view_count: row.view_count,
    locale: text.locale,
  };
  if (words.length) {
    result.title_html = highlight(text.title, words);
    result.snippet_html = snippet(plainText(text.body), words);
  }
  return result;
}

/** A reader's article in their language (`translations`: the version in it of the article and its related ones). */
export function presentArticleView(
  row: ArticleRow, related: ArticleRow[], myFeedback: boolean | null, readerLocale: Locale, translations: Map<number, ArticleTranslationRow>,
): ArticleViewAnswer {
  const text = readText(row, translations.get(row.id));
  const { html, headings } = renderMarkdown(text.body);
  return {
    id: row.id,
    slug: row.slug,
    title: text.title,
    category: row.category as ArticleCategory,
    category_label: categoryLabel(row.category),
    html,
    headings,
    updated_at: row.updated_at,
    published_at: row.published_at,
    related: related.map((r) => presentResult(r, [], translations.get(r.id))),
    my_feedback: myFeedback,
    locale: text.locale,
    translation_missing: readerLocale !== 'en' && text.locale !== readerLocale,
  };
}
