// The knowledge base (issue 13). Admin: /api/admin/article (provider staff with `manage articles`).
// Readers: /api/article (any signed-in person; published articles whose audience includes them).
import { type Request, Router } from 'express';
import {
  ARTICLE_CATEGORIES, ARTICLE_MESSAGES, type ArticleList, SLUG_PATTERN, adminArticleListQuerySchema, articleFeedbackSchema,
  articleListQuerySchema, articlePayloadSchema,
} from '../../../common/schemas/articles';
import type { DB } from '../../../db/connection';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { articleManager, articleReader, type ArticleReader } from './policies';
import { presentAdminArticle, presentAdminSummary, presentArticleView, presentResult, presentVersion, presentVersionSummary } from './presenter';
import {
  categoryCounts, feedbackOf, findPublishedBySlug, listAdminArticles, listPublished, mostViewed, namesOf, relatedArticles,
  rolesOfArticles, searchWords, versionCount, versionsOf,
} from './queries';
import { createArticle, deleteArticle, recordFeedback, recordView, requireArticle, setPublished, updateArticle } from './service';

const MOST_VIEWED = 5;
const RELATED = 4;

async function adminAnswer(db: DB, id: number) {
  const article = await requireArticle(db, id);
  const [roles, names, versions] = await Promise.all([
    rolesOfArticles(db, [id]), namesOf(db, [article.created_by, article.updated_by]), versionCount(db, id),
  ]);
  return presentAdminArticle(article, roles, names, versions);
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
    const [roles, names] = await Promise.all([rolesOfArticles(db, rows.map((r) => r.id)), namesOf(db, rows.map((r) => r.updated_by))]);
    res.json({ data: rows.map((r) => presentAdminSummary(r, roles, names)), meta: pageMeta(page, perPage, total) });
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
    const [{ rows, total }, counts, popular] = await Promise.all([
      listPublished(db, reader.roles, { words, category: query.category, limit: perPage, offset }),
      categoryCounts(db, reader.roles),
      mostViewed(db, reader.roles, MOST_VIEWED),
    ]);
    const answer: ArticleList = {
      data: rows.map((r) => presentResult(r, words)),
      meta: { ...pageMeta(page, perPage, total), search: query.search, category: query.category },
      categories: ARTICLE_CATEGORIES.map((c) => ({ key: c.key, label: c.label, count: counts.get(c.key) ?? 0 })),
      most_viewed: popular.map((r) => presentResult(r)),
    };
    res.json(answer);
  });

  router.get('/article/:slug', async (req, res) => {
    const reader = articleReader(req);
    let article = await readableArticle(db, reader, req);
    if (reader.countsViews && await recordView(db, article.id, reader.userId)) article = { ...article, view_count: article.view_count + 1 };
    const [related, mine] = await Promise.all([
      relatedArticles(db, reader.roles, article, RELATED),
      feedbackOf(db, article.id, reader.userId),
    ]);
    res.json(presentArticleView(article, related, mine));
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
