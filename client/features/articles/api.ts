// The provider's help articles (/api/admin/article): one SWR key + fetcher + hook per endpoint;
// every change revalidates the article lists, the article and its versions.
import useSWR, { mutate } from 'swr';
import type {
  AdminArticle, AdminArticleSummary, ArticlePayloadInput, ArticleTranslationPayload, ArticleVersion, ArticleVersionSummary, TranslationLocale,
} from '../../../common/schemas/articles';
import { api, type ApiError, refreshedAfter } from '../../lib/api';
import { listQuery } from '../../lib/listParams';
import { fetchByKey } from '../../lib/lookups';

const BASE = 'admin/article';

export interface AdminArticleQuery {
  search?: string;
  category?: string;
  status?: string;
  sort?: string;
  page?: number;
}

interface AdminArticleList {
  data: AdminArticleSummary[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

export const adminArticlesKey = (q: AdminArticleQuery) => [BASE, listQuery({
  search: q.search, filter: { category: q.category, status: q.status }, sort: q.sort, page: q.page, perPage: 25,
})] as const;
export const adminArticleKey = (id: number) => `${BASE}/${id}`;
export const articleVersionsKey = (id: number) => `${BASE}/${id}/version`;
export const articleVersionKey = (id: number, versionId: number) => `${BASE}/${id}/version/${versionId}`;

const get = <T>(key: string) => api.get<T>(key);

export function useAdminArticles(query: AdminArticleQuery) {
  return useSWR<AdminArticleList, ApiError>(adminArticlesKey(query), fetchByKey<AdminArticleList>, { keepPreviousData: true });
}

export function useAdminArticle(id: number | null) {
  return useSWR<AdminArticle, ApiError>(id ? adminArticleKey(id) : null, get<AdminArticle>, { shouldRetryOnError: false });
}

export function useArticleVersions(id: number | null) {
  return useSWR<{ data: ArticleVersionSummary[] }, ApiError>(id ? articleVersionsKey(id) : null, get<{ data: ArticleVersionSummary[] }>);
}

export function useArticleVersion(id: number | null, versionId: number | null) {
  return useSWR<ArticleVersion, ApiError>(id && versionId ? articleVersionKey(id, versionId) : null, get<ArticleVersion>);
}

async function revalidate(article?: AdminArticle): Promise<void> {
  if (article) {
    await mutate(adminArticleKey(article.id), article, { revalidate: false });
    await mutate(articleVersionsKey(article.id));
  }
  await mutate((key) => Array.isArray(key) && key[0] === BASE);
  // The Support screens read the published articles.
  await mutate((key) => (Array.isArray(key) && key[0] === 'article') || (typeof key === 'string' && key.startsWith('article/')));
}

export function createArticle(input: ArticlePayloadInput): Promise<AdminArticle> {
  return refreshedAfter(api.post<AdminArticle>(BASE, input), (article) => revalidate(article));
}

export function updateArticle(id: number, input: ArticlePayloadInput): Promise<AdminArticle> {
  return refreshedAfter(api.put<AdminArticle>(`${BASE}/${id}`, input), (article) => revalidate(article));
}

export function setArticlePublished(id: number, publish: boolean): Promise<AdminArticle> {
  return refreshedAfter(api.post<AdminArticle>(`${BASE}/${id}/${publish ? 'publish' : 'unpublish'}`), (article) => revalidate(article));
}

export async function deleteArticle(id: number): Promise<void> {
  await api.delete(`${BASE}/${id}`);
  await revalidate();
}

/** Writes the article's version in a language (Spanish): PUT /api/admin/article/{id}/translation/{locale}. */
export function saveArticleTranslation(id: number, locale: TranslationLocale, input: ArticleTranslationPayload): Promise<AdminArticle> {
  return refreshedAfter(api.put<AdminArticle>(`${BASE}/${id}/translation/${locale}`, input), (article) => revalidate(article));
}

/** Removes it: DELETE /api/admin/article/{id}/translation/{locale} (answers the article). */
export function removeArticleTranslation(id: number, locale: TranslationLocale): Promise<AdminArticle> {
  return refreshedAfter(api.delete<AdminArticle>(`${BASE}/${id}/translation/${locale}`), (article) => revalidate(article));
}
