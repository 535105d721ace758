// The knowledge base answers: the provider's articles and versions, and a reader's results and article
// (server/features/articles/presenter.ts). Articles are the provider's content: no district in them.
import * as z from 'zod/mini';
import {
  type AdminArticle, type AdminArticleSummary, ARTICLE_AUDIENCES, ARTICLE_CATEGORY_KEYS, ARTICLE_ROLES, ARTICLE_STATUSES, type ArticleFeedbackAnswer,
  type AdminArticleTranslation, type ArticleResult, TRANSLATION_LOCALES, type TranslationLocale, type ArticleVersion, type ArticleVersionSummary, type ArticleView,
} from '../articles';
import { LOCALES } from '../../locales';
import { id, instant, ref, type SameShape } from './shapes';

const category = z.enum(ARTICLE_CATEGORY_KEYS);
const roles = z.array(z.enum(ARTICLE_ROLES));
const translationLocale = z.enum(TRANSLATION_LOCALES as [TranslationLocale, ...TranslationLocale[]]);

const adminSummaryFields = {
  id,
  title: z.string(),
  slug: z.string(),
  category,
  status: z.enum(ARTICLE_STATUSES),
  audience: z.enum(ARTICLE_AUDIENCES),
  roles,
  published_at: z.nullable(instant),
  updated_at: instant,
  updated_by: z.nullable(ref),
  view_count: z.number(),
  helpful_yes: z.number(),
  helpful_no: z.number(),
  /** The languages it has a version in besides English. */
  translated: z.array(translationLocale),
};
export const adminArticleSummaryAnswer = z.strictObject(adminSummaryFields);
export type AdminArticleSummaryAnswer = z.infer<typeof adminArticleSummaryAnswer>;
export const adminArticleSummaryAnswerMatches: SameShape<AdminArticleSummaryAnswer, AdminArticleSummary> = true;

export const adminArticleTranslationAnswer = z.strictObject({
  locale: translationLocale,
  title: z.string(),
  /** Markdown. */
  body: z.string(),
  updated_at: instant,
  /** null: Coachwell's own text (written by a migration). */
  updated_by: z.nullable(ref),
  /** The English was saved again after this version. */
  english_changed: z.boolean(),
});
export type AdminArticleTranslationAnswer = z.infer<typeof adminArticleTranslationAnswer>;
export const adminArticleTranslationAnswerMatches: SameShape<AdminArticleTranslationAnswer, AdminArticleTranslation> = true;

export const adminArticleAnswer = z.strictObject({
  ...adminSummaryFields,
  /** Markdown. */
  body: z.string(),
  created_at: instant,
  created_by: z.nullable(ref),
  versions: z.number(),
  /** Its versions in other languages (Spanish). */
  translations: z.array(adminArticleTranslationAnswer),
});
export type AdminArticleAnswer = z.infer<typeof adminArticleAnswer>;
export const adminArticleAnswerMatches: SameShape<AdminArticleAnswer, AdminArticle> = true;

const versionSummaryFields = { id, number: z.number(), title: z.string(), category, edited_by: z.nullable(ref), at: instant };
export const articleVersionSummaryAnswer = z.strictObject(versionSummaryFields);
export type ArticleVersionSummaryAnswer = z.infer<typeof articleVersionSummaryAnswer>;
export const articleVersionSummaryAnswerMatches: SameShape<ArticleVersionSummaryAnswer, ArticleVersionSummary> = true;

export const articleVersionAnswer = z.strictObject({
  ...versionSummaryFields,
  slug: z.string(),
  audience: z.enum(ARTICLE_AUDIENCES),
  roles,
  body: z.string(),
});
export type ArticleVersionAnswer = z.infer<typeof articleVersionAnswer>;
export const articleVersionAnswerMatches: SameShape<ArticleVersionAnswer, ArticleVersion> = true;

export const articleResultAnswer = z.strictObject({
  id,
  slug: z.string(),
  title: z.string(),
  category,
  category_label: z.string(),
  updated_at: instant,
  view_count: z.number(),
  /** The language of the title (and snippet): the reader's when the article has a version in it, else English. */
  locale: z.enum(LOCALES),
  /** With search words: the title and a snippet, the words in <mark> (escaped HTML). */
  title_html: z.optional(z.string()),
  snippet_html: z.optional(z.string()),
});
export type ArticleResultAnswer = z.infer<typeof articleResultAnswer>;
export const articleResultAnswerMatches: SameShape<ArticleResultAnswer, ArticleResult> = true;

export const articleViewAnswer = z.strictObject({
  id,
  slug: z.string(),
  title: z.string(),
  category,
  category_label: z.string(),
  /** The Markdown rendered (raw HTML off). */
  html: z.string(),
  headings: z.array(z.strictObject({ level: z.union([z.literal(2), z.literal(3)]), id: z.string(), text: z.string() })),
  updated_at: instant,
  published_at: z.nullable(instant),
  related: z.array(articleResultAnswer),
  /** The reader's own vote, null before one. */
  my_feedback: z.nullable(z.boolean()),
  /** The language of `title` and `html`. */
  locale: z.enum(LOCALES),
  /** The reader reads another language than English and the article has no version in it: the text is English. */
  translation_missing: z.boolean(),
});
export type ArticleViewAnswer = z.infer<typeof articleViewAnswer>;
export const articleViewAnswerMatches: SameShape<ArticleViewAnswer, ArticleView> = true;

export const articleFeedbackAnswer = z.strictObject({ helpful: z.boolean(), helpful_yes: z.number(), helpful_no: z.number() });
export const articleFeedbackAnswerMatches: SameShape<z.infer<typeof articleFeedbackAnswer>, ArticleFeedbackAnswer> = true;
