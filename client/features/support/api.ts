// The Support knowledge base: one SWR key + fetcher + hook per endpoint of /api/article.
import useSWR, { mutate } from 'swr';
import type { ArticleFeedbackAnswer, ArticleList, ArticleView } from '../../../common/schemas/articles';
import type { SupportRequestAnswer, SupportRequestInput } from '../../../common/schemas/support';
import { api, type ApiError, type Query, refreshedAfter } from '../../lib/api';
import { fetchByKey } from '../../lib/lookups';

const ARTICLES = 'article';

export interface SupportQuery {
  search?: string;
  category?: string;
  page?: number;
}

export const supportArticlesKey = (q: SupportQuery) =>
  [ARTICLES, { search: q.search || undefined, category: q.category || undefined, page: q.page && q.page > 1 ? q.page : undefined } as Query] as const;
export const supportArticleKey = (slug: string) => `article/${slug}`;

export function useSupportArticles(query: SupportQuery) {
  return useSWR<ArticleList, ApiError>(supportArticlesKey(query), fetchByKey<ArticleList>, { keepPreviousData: true });
}

export function useSupportArticle(slug: string) {
  return useSWR<ArticleView, ApiError>(supportArticleKey(slug), (key: string) => api.get<ArticleView>(key), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}

/** Records the reader's vote and keeps the article's answer in step. */
export function sendArticleFeedback(slug: string, helpful: boolean): Promise<ArticleFeedbackAnswer> {
  return refreshedAfter(api.post<ArticleFeedbackAnswer>(`article/${slug}/feedback`, { helpful }), (answer) => mutate(supportArticleKey(slug), (current?: ArticleView) => (current ? { ...current, my_feedback: answer.helpful } : current), { revalidate: false }));
}

/** "Contact support": emails the provider's support address (POST /api/support-request); nothing to revalidate. */
export function sendSupportRequest(input: SupportRequestInput): Promise<SupportRequestAnswer> {
  return api.post<SupportRequestAnswer>('support-request', input);
}
