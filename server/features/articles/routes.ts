// The knowledge base (issue 13). Admin: /api/admin/article (provider staff with `manage articles`).
// Readers: /api/article (any signed-in person; published articles whose audience includes them).
import { type Request, Router } from 'express';
import {
  ARTICLE_CATEGORIES, ARTICLE_MESSAGES, type ArticleList, SLUG_PATTERN, adminArticleListQuerySchema, articleFeedbackSchema,
  articleListQuerySchema, articlePayloadSchema, articleTranslationPayloadSchema, isTranslationLocale, type TranslationLocale,
} from '../../../common/schemas/articles';
import { requestLocale } from '../../i18n/locale';
import type { DB } from '../../../db/connection';
import type { Deps } from '../../deps';
import { notFound, validationError } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { articleManager, articleReader, type ArticleReader } from './policies';
import { presentAdminArticle, presentAdminSummary, presentArticleView, presentResult, presentVersion, presentVersionSummary } from './presenter';
import {
  categoryCounts, feedbackOf, lastSavedAt, findPublishedBySlug, listAdminArticles, listPublished, mostViewed, namesOf, relatedArticles,
  rolesOfArticles, searchWords, translatedLocales, translationsOf, translationsOfArticle, versionCount, versionsOf,
} from './queries';
import {
  createArticle, deleteArticle, recordFeedback, recordView, removeTranslation, requireArticle, saveTranslation, setPublished, updateArticle,
} from './service';

const MOST_VIEWED = 5;
const RELATED = 4;

async function adminAnswer(db: DB, id: number) {
  const article = await requireArticle(db, id);
  const [roles, versions, translations, savedAt] = await Promise.all([
    rolesOfArticles(db, [id]), versionCount(db, id), translationsOfArticle(db, id), lastSavedAt(db, id),
  ]);
  const names = await namesOf(db, [article.created_by, article.updated_by, ...translations.map((t) => t.updated_by)]);
  return presentAdminArticle(article, roles, names, versions, translations, savedAt);
}

/** The language in the path of a translation route (422 naming `locale` for any but Spanish). */
function translationLocale(req: Request): TranslationLocale {
  const locale = String(req.params.locale ?? '');
  if (!isTranslationLocale(locale)) throw validationError({ locale: [ARTICLE_MESSAGES.translationLocale] });
  return locale;
}

/** The published article a reader may see at the address in the path (404 for anything else). */
async function readableArticle(db: DB, reader: ArticleReader, req: Request) {
  const slug = String(req.params.slug ?? '');
  const article = SLUG_PATTERN.test(slug) && slug.length <= 100 ? await findPublishedBySlug(db, reader.roles, slug) : undefined;
  if (!article) throw notFound(ARTICLE_MESSAGES.notFound);
  return article;
}

export function articleRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  // ---- admin ----

  router.get('/admin/article', async (req, res) => {
    articleManager(req);
    const query = validate(adminArticleListQuerySchema, req.query);
    const { page, perPage, offset } = parsePage(req.query);
    const { rows, total } = await listAdminArticles(db, query, perPage, offset);
    const ids = rows.map((r) => r.id);
    const [roles, names, translated] = await Promise.all([rolesOfArticles(db, ids), namesOf(db, rows.map((r) => r.updated_by)), translatedLocales(db, ids)]);
    res.json({ data: rows.map((r) => presentAdminSummary(r, roles, names, translated)), meta: pageMeta(page, perPage, total) });
  });

  router.post('/admin/article', async (req, res) => {
    const actor = articleManager(req);
    const input = validate(articlePayloadSchema, req.body);
    const id = await createArticle(db, actor, input);
    res.status(201).json(await adminAnswer(db, id));
  });

  router.get('/admin/article/:id', async (req, res) => {
    articleManager(req);
    res.json(await adminAnswer(db, routeId(req, 'id', ARTICLE_MESSAGES.notFound)));
  });

  router.put('/admin/article/:id', async (req, res) => {
    const actor = articleManager(req);
    const id = routeId(req, 'id', ARTICLE_MESSAGES.notFound);
    await requireArticle(db, id);
    const input = validate(articlePayloadSchema, req.body);
    await updateArticle(db, actor, id, input);
    res.json(await adminAnswer(db, id));
  });

  // An article's version in another language (issue 33): written and removed in the editor, read by readers of it.
  router.put('/admin/article/:id/translation/:locale', async (req, res) => {
    const actor = articleManager(req);
    const id = routeId(req, 'id', ARTICLE_MESSAGES.notFound);
    await requireArticle(db, id);
    const locale = translationLocale(req);
    const input = validate(articleTranslationPayloadSchema, req.body);
    await saveTranslation(db, actor, id, locale, input);
    res.json(await adminAnswer(db, id));
  });

  router.delete('/admin/article/:id/translation/:locale', async (req, res) => {
    const actor = articleManager(req);
    const id = routeId(req, 'id', ARTICLE_MESSAGES.notFound);
    await requireArticle(db, id);
    await removeTranslation(db, actor, id, translationLocale(req));
    res.json(await adminAnswer(db, id));
  });

  for (const [action, publish] of [['publish', true], ['unpublish', false]] as const) {
    router.post(`/admin/article/:id/${action}`, async (req, res) => {
      const actor = articleManager(req);
      const id = routeId(req, 'id', ARTICLE_MESSAGES.notFound);
      await setPublished(db, actor, id, publish);
      res.json(await adminAnswer(db, id));
    });
  }

  router.delete('/admin/article/:id', async (req, res) => {
    const actor = articleManager(req);
    await deleteArticle(db, actor, routeId(req, 'id', ARTICLE_MESSAGES.notFound));
    res.status(204).end();
  });

  router.get('/admin/article/:id/version', async (req, res) => {
    articleManager(req);
    const id = routeId(req, 'id', ARTICLE_MESSAGES.notFound);
    await requireArticle(db, id);
    const versions = await versionsOf(db, id);
    const names = await namesOf(db, versions.map((v) => v.edited_by));
    // Newest first, numbered from the first save.
    res.json({ data: versions.map((v, i) => presentVersionSummary(v, i + 1, names)).reverse() });
  });

  router.get('/admin/article/:id/version/:versionId', async (req, res) => {
    articleManager(req);
    const id = routeId(req, 'id', ARTICLE_MESSAGES.notFound);
    await requireArticle(db, id);
    const versionId = routeId(req, 'versionId', ARTICLE_MESSAGES.versionNotFound);
    const versions = await versionsOf(db, id);
    const index = versions.findIndex((v) => v.id === versionId);
    if (index === -1) throw notFound(ARTICLE_MESSAGES.versionNotFound);
    const names = await namesOf(db, [versions[index]!.edited_by]);
    res.json(presentVersion(versions[index]!, index + 1, names));
  });

  // ---- readers ----

  router.get('/article', async (req, res) => {
    const reader = articleReader(req);
    const query = validate(articleListQuerySchema, req.query);
    const { page, perPage, offset } = parsePage(req.query, 20);
    const words = searchWords(query.search);
    const locale = requestLocale(req);
    const [{ rows, total }, counts, popular] = await Promise.all([
      listPublished(db, reader.roles, { words, locale, category: query.category, limit: perPage, offset }),
      categoryCounts(db, reader.roles),
      mostViewed(db, reader.roles, MOST_VIEWED),
    ]);
    const translations = await translationsOf(db, [...rows, ...popular].map((r) => r.id), locale);
    const answer: ArticleList = {
      data: rows.map((r) => presentResult(r, words, translations.get(r.id))),
      meta: { ...pageMeta(page, perPage, total), search: query.search, category: query.category },
      categories: ARTICLE_CATEGORIES.map((c) => ({ key: c.key, label: c.label, count: counts.get(c.key) ?? 0 })),
      most_viewed: popular.map((r) => presentResult(r, [], translations.get(r.id))),
    };
    res.json(answer);
  });

  router.get('/article/:slug', async (req, res) => {
    const reader = articleReader(req);
    let article = await readableArticle(db, reader, req);
    if (reader.countsViews && await recordView(db, article.id, reader.userId)) article = { ...article, view_count: article.view_count + 1 };
    const locale = requestLocale(req);
    const [related, mine] = await Promise.all([
      relatedArticles(db, reader.roles, article, RELATED),
      feedbackOf(db, article.id, reader.userId),
    ]);
    const translations = await translationsOf(db, [article.id, ...related.map((r) => r.id)], locale);
    res.json(presentArticleView(article, related, mine, locale, translations));
  });

  router.post('/article/:slug/feedback', async (req, res) => {
    const reader = articleReader(req);
    const article = await readableArticle(db, reader, req);
    const { helpful } = validate(articleFeedbackSchema, req.body);
    const counts = await recordFeedback(db, article.id, reader.userId, helpful);
    res.json({ helpful, ...counts });
  });

  return router;
}
