// The knowledge base's contract (issue 13): categories, audiences, request schemas, messages and answer
// shapes of /api/admin/article (the provider's staff) and /api/article (every signed-in reader).
import * as z from 'zod/mini';
import { LOCALES, type Locale } from '../locales';
import type { MarkdownHeading } from '../markdown';
import { ROLE_PERMISSIONS } from '../permissions';
import { text } from './fields';
import { filterParam, listOf, oneOf, sortParam } from './query';

/**
 * The fixed list of categories, in the order the Support screen shows them. A list in code rather than
 * a table: the categories follow the product's areas, change only when the product does, and every
 * article must have one (a table would add screens to manage them for no reader's benefit).
 */
export const ARTICLE_CATEGORIES = [
  { key: 'getting-started', label: 'Getting started' },
  { key: 'educators-groups', label: 'Educators and groups' },
  { key: 'interactions-activity', label: 'Interactions and activity' },
  { key: 'cycles-skills', label: 'Coaching cycles and skills' },
  { key: 'reports', label: 'Reports' },
  { key: 'import-export', label: 'Import and export' },
  { key: 'billing-plans', label: 'Billing and plans' },
  { key: 'account-security', label: 'Account and security' },
] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number]['key'];
export const ARTICLE_CATEGORY_KEYS = ARTICLE_CATEGORIES.map((c) => c.key) as ArticleCategory[];

export function categoryLabel(key: string): string {
  return ARTICLE_CATEGORIES.find((c) => c.key === key)?.label ?? key;
}

/** District roles an article can be written for (audience `roles`). */
export const ARTICLE_ROLES = ['district-admin', 'building-admin', 'coach', 'educator'] as const;
export type ArticleRole = (typeof ARTICLE_ROLES)[number];
export const ARTICLE_ROLE_LABELS: Record<ArticleRole, string> = Object.fromEntries(
  ARTICLE_ROLES.map((r) => [r, ROLE_PERMISSIONS[r]?.label ?? r]),
) as Record<ArticleRole, string>;

/** Short plural names for lists and summaries. */
export const ARTICLE_ROLE_GROUPS: Record<ArticleRole, string> = {
  'district-admin': 'District administrators', 'building-admin': 'Principals', coach: 'Coaches', educator: 'Educators',
};

/** Who an article is for, in words. */
export function audienceLabel(audience: ArticleAudience, roles: readonly ArticleRole[]): string {
  return audience === 'all' ? 'Every district user' : ARTICLE_ROLES.filter((r) => roles.includes(r)).map((r) => ARTICLE_ROLE_GROUPS[r]).join(', ');
}

export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ARTICLE_AUDIENCES = ['all', 'roles'] as const;
export type ArticleAudience = (typeof ARTICLE_AUDIENCES)[number];

export const ARTICLE_TITLE_MAX = 160;
export const ARTICLE_SLUG_MAX = 100;
export const ARTICLE_BODY_MAX = 100_000;
export const ARTICLE_SEARCH_MAX = 1000;

export const ARTICLE_MESSAGES = {
  notFound: 'We could not find that article.',
  versionNotFound: 'We could not find that version.',
  slugTaken: 'That address is already used by another article.',
  slugFormat: 'Address must use lower-case letters, numbers and single hyphens (like getting-started).',
  category: 'Choose a category.',
  audience: 'Audience must be all or roles.',
  roles: 'Choose at least one role.',
  role: 'Choose district roles only.',
  body: 'Body is required.',
  alreadyPublished: 'This article is already published.',
  alreadyDraft: 'This article is not published.',
  providerOnly: 'Help articles are managed by Coachwell staff.',
  helpful: 'Helpful must be true or false.',
  translationLocale: 'Language must be es (Spanish).',
  translationNotFound: 'This article has no version in that language.',
} as const;

/** The languages an article may have a version in besides its English (issue 33): every interface language but English. */
export const TRANSLATION_LOCALES = LOCALES.filter((l): l is Exclude<Locale, 'en'> => l !== 'en');
export type TranslationLocale = (typeof TRANSLATION_LOCALES)[number];
export function isTranslationLocale(value: unknown): value is TranslationLocale {
  return typeof value === 'string' && (TRANSLATION_LOCALES as readonly string[]).includes(value);
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An address from a title: lower case ASCII words joined by hyphens (empty when nothing is left). */
export function slugify(title: string): string {
  return title.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, ARTICLE_SLUG_MAX).replace(/-+$/, '');
}

const slugField = z.pipe(
  z.optional(z.nullable(z.string({ error: ARTICLE_MESSAGES.slugFormat }))),
  z.transform((v) => (v ?? '').trim()),
).check(
  z.refine((v) => v === '' || (v.length <= ARTICLE_SLUG_MAX && SLUG_PATTERN.test(v)), ARTICLE_MESSAGES.slugFormat),
);

/** POST /api/admin/article and PUT /api/admin/article/{id}. An empty slug is made from the title. */
export const articlePayloadSchema = z.object({
  title: text('Title', ARTICLE_TITLE_MAX),
  slug: slugField,
  category: z.enum(ARTICLE_CATEGORY_KEYS as [ArticleCategory, ...ArticleCategory[]], { error: ARTICLE_MESSAGES.category }),
  audience: z._default(z.enum(ARTICLE_AUDIENCES, { error: ARTICLE_MESSAGES.audience }), 'all'),
  roles: z._default(
    z.array(z.enum(ARTICLE_ROLES, { error: ARTICLE_MESSAGES.role }), { error: ARTICLE_MESSAGES.role }).check(z.maxLength(ARTICLE_ROLES.length, ARTICLE_MESSAGES.role)),
    [],
  ),
  body: z.string({ error: ARTICLE_MESSAGES.body }).check(
    z.refine((v) => v.trim() !== '', ARTICLE_MESSAGES.body),
    z.maxLength(ARTICLE_BODY_MAX, `Body must be at most ${ARTICLE_BODY_MAX.toLocaleString('en-US')} characters.`),
  ),
}).check(
  z.refine((v) => v.audience === 'all' || v.roles.length > 0, { message: ARTICLE_MESSAGES.roles, path: ['roles'] }),
);
/** PUT /api/admin/article/{id}/translation/{locale}: the article's title and Markdown body in that language. */
export const articleTranslationPayloadSchema = z.object({
  title: text('Title', ARTICLE_TITLE_MAX),
  body: z.string({ error: ARTICLE_MESSAGES.body }).check(
    z.refine((v) => v.trim() !== '', ARTICLE_MESSAGES.body),
    z.maxLength(ARTICLE_BODY_MAX, `Body must be at most ${ARTICLE_BODY_MAX.toLocaleString('en-US')} characters.`),
  ),
});
export type ArticleTranslationPayload = z.output<typeof articleTranslationPayloadSchema>;

export type ArticlePayloadInput = z.input<typeof articlePayloadSchema>;
export type ArticlePayload = z.output<typeof articlePayloadSchema>;

const searchField = z.pipe(
  z.optional(z.string({ error: 'Search must be text.' }).check(z.maxLength(ARTICLE_SEARCH_MAX, `Search must be at most ${ARTICLE_SEARCH_MAX} characters.`))),
  z.transform((v) => (v ?? '').trim()),
);

export const ADMIN_ARTICLE_SORTS = ['title', '-title', 'updated_at', '-updated_at', 'view_count', '-view_count'] as const;
export type AdminArticleSort = (typeof ADMIN_ARTICLE_SORTS)[number];

/** GET /api/admin/article: search, filter[category][], filter[status][], sort, page, per_page. */
export const adminArticleListQuerySchema = z.object({
  search: searchField,
  filter: filterParam({
    category: listOf('Category', oneOf(ARTICLE_CATEGORY_KEYS), ARTICLE_MESSAGES.category),
    status: listOf('Status', oneOf(ARTICLE_STATUSES), 'Status must be draft or published.'),
  }, 'category and status'),
  sort: sortParam(ADMIN_ARTICLE_SORTS, '-updated_at'),
});
export type AdminArticleListQuery = z.output<typeof adminArticleListQuerySchema>;

/** GET /api/article: search, category. */
export const articleListQuerySchema = z.object({
  search: searchField,
  category: z.pipe(
    z.optional(z.string({ error: ARTICLE_MESSAGES.category })),
    z.transform((v) => (v ?? '').trim()),
  ).check(z.refine((v) => v === '' || (ARTICLE_CATEGORY_KEYS as string[]).includes(v), ARTICLE_MESSAGES.category)),
});

/** POST /api/article/{slug}/feedback. */
export const articleFeedbackSchema = z.object({
  helpful: z.boolean({ error: ARTICLE_MESSAGES.helpful }),
});

export interface PersonRef {
  id: number;
  name: string;
}

/** A row of the admin list. */
export interface AdminArticleSummary {
  id: number;
  title: string;
  slug: string;
  category: ArticleCategory;
  status: ArticleStatus;
  audience: ArticleAudience;
  roles: ArticleRole[];
  published_at: string | null;
  updated_at: string;
  updated_by: PersonRef | null;
  view_count: number;
  helpful_yes: number;
  helpful_no: number;
  /** The languages it has a version in besides English (issue 33). */
  translated: TranslationLocale[];
}

/** An article's version in another language, as the editor reads it. `updated_by` null: Coachwell's own text. */
export interface AdminArticleTranslation {
  locale: TranslationLocale;
  title: string;
  body: string;
  updated_at: string;
  updated_by: PersonRef | null;
  /** The English was saved again after this version: it may need the same change. */
  english_changed: boolean;
}

/** GET/POST/PUT /api/admin/article[/{id}]. */
export interface AdminArticle extends AdminArticleSummary {
  body: string;
  created_at: string;
  created_by: PersonRef | null;
  versions: number;
  /** Its versions in other languages (Spanish), by language. */
  translations: AdminArticleTranslation[];
}

export interface ArticleVersionSummary {
  id: number;
  /** 1 for the article as first saved. */
  number: number;
  title: string;
  category: ArticleCategory;
  edited_by: PersonRef | null;
  at: string;
}

export interface ArticleVersion extends ArticleVersionSummary {
  slug: string;
  audience: ArticleAudience;
  roles: ArticleRole[];
  body: string;
}

/** A published article in a list of the Support screen. `*_html` are escaped text with <mark> around matches. */
export interface ArticleResult {
  id: number;
  slug: string;
  title: string;
  category: ArticleCategory;
  category_label: string;
  updated_at: string;
  view_count: number;
  /** The language of `title` (and snippet): the reader's when the article has a version in it, else English. */
  locale: Locale;
  title_html?: string;
  snippet_html?: string;
}

export interface ArticleCategoryCount {
  key: ArticleCategory;
  label: string;
  count: number;
}

/** GET /api/article. */
export interface ArticleList {
  data: ArticleResult[];
  meta: { page: number; per_page: number; total: number; last_page: number; search: string; category: string };
  categories: ArticleCategoryCount[];
  most_viewed: ArticleResult[];
}

/** GET /api/article/{slug}. `html` is renderMarkdown's output (raw HTML off). */
export interface ArticleView {
  id: number;
  slug: string;
  title: string;
  category: ArticleCategory;
  category_label: string;
  html: string;
  headings: MarkdownHeading[];
  updated_at: string;
  published_at: string | null;
  related: ArticleResult[];
  my_feedback: boolean | null;
  /** The language of `title` and `html`: the reader's when the article has a version in it, else English. */
  locale: Locale;
  /** True when the reader reads another language than English and the article has no version in it (the text is English). */
  translation_missing: boolean;
}

export interface ArticleFeedbackAnswer {
  helpful: boolean;
  helpful_yes: number;
  helpful_no: number;
}
