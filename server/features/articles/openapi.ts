// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import { adminArticleListQuerySchema, articleFeedbackSchema, articleListQuerySchema, articlePayloadSchema, articleTranslationPayloadSchema } from '../../../common/schemas/articles';
import type { ApiArea } from '../../http/apiDoc';

const manager = { who: 'provider', permissions: [P.manageArticles] } as const;
const article = 'The article with its Markdown, audience, status and counts.';
const slug = { slug: "The article's address." };
const translation = { locale: 'The language of the version: es (Spanish).' };

export const articleApi: ApiArea = {
  tag: 'Knowledge base',
  description: 'Help articles: written by provider staff, read by everyone per audience.',
  operations: {
    'GET /api/admin/article': { summary: 'Articles (admin)', ...manager, query: adminArticleListQuerySchema, answer: 'page', answerSchema: 'AdminArticleSummary' },
    'POST /api/admin/article': { summary: 'Write an article', ...manager, body: articlePayloadSchema, status: 201, errors: [409], answerText: article, answerSchema: 'AdminArticle' },
    'GET /api/admin/article/{id}': { summary: 'One article (admin)', ...manager, answerText: article, answerSchema: 'AdminArticle' },
    'PUT /api/admin/article/{id}': { summary: 'Change an article', ...manager, body: articlePayloadSchema, errors: [409], description: 'Each save keeps a version.', answerText: article, answerSchema: 'AdminArticle' },
    'PUT /api/admin/article/{id}/translation/{locale}': {
      summary: "Write an article's Spanish version", ...manager, params: translation, body: articleTranslationPayloadSchema,
      description: "Creates or replaces the article's title and Markdown body in the language (422 naming `locale` for any but es); audited, no versions kept.",
      answerText: `${article} \`translations\` holds the version.`, answerSchema: 'AdminArticle',
    },
    'DELETE /api/admin/article/{id}/translation/{locale}': {
      summary: "Remove an article's Spanish version", ...manager, params: translation,
      description: 'Readers of the language read the English again, with a note. 404 when the article has no version in it.', answerText: article, answerSchema: 'AdminArticle',
    },
    'POST /api/admin/article/{id}/publish': { summary: 'Publish an article', ...manager, errors: [409], answerText: article, answerSchema: 'AdminArticle' },
    'POST /api/admin/article/{id}/unpublish': { summary: 'Unpublish an article', ...manager, errors: [409], answerText: article, answerSchema: 'AdminArticle' },
    'DELETE /api/admin/article/{id}': { summary: 'Delete an article', ...manager, answer: 'none' },
    'GET /api/admin/article/{id}/version': { summary: "An article's versions", ...manager, answer: 'data', answerSchema: 'ArticleVersionSummary', answerText: 'The versions, newest first.' },
    'GET /api/admin/article/{id}/version/{versionId}': { summary: 'One version of an article', ...manager, answerText: 'The version with its Markdown.', answerSchema: 'ArticleVersion' },
    'GET /api/article': {
      summary: 'Help articles', who: 'signed in', query: articleListQuerySchema, answer: 'page',
      description: "Published articles for the reader's roles; ranked search with highlighted snippets. Titles and snippets are in the reader's language when the article has a version in it (`locale` says which); a search matches that version and the English.",
      answerSchema: 'ArticleResult',
      answerText: 'One page of results (`ArticleResult`); `meta` also echoes `search` and `category`, and the answer holds `categories` (`{ key, label, count }` each) and `most_viewed` (`ArticleResult` each).',
    },
    'GET /api/article/{slug}': { summary: 'Read a help article', who: 'signed in', params: slug, answerText: "The article rendered to HTML from Markdown, in the reader's language when it has a version in it (`locale`), else English with `translation_missing`.", answerSchema: 'ArticleView' },
    'POST /api/article/{slug}/feedback': { summary: 'Was this helpful?', who: 'signed in', params: slug, body: articleFeedbackSchema, description: 'One vote per reader.', answerText: 'The vote and the counts.', answerSchema: 'ArticleFeedback' },
  },
};
