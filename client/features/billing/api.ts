// Billing (issue 14): the district's plan and contact, invoices and quotes. One SWR key + fetcher +
// hook per endpoint; keys are arrays led by the resource's path, like client/lib/lookups.ts ([path, query]
// for a list, [path, id] for one record). Only this feature reads these resources, so their keys and
// invalidation live here. Every write revalidates what it changed.
import useSWR, { mutate } from 'swr';
import type {
  AcceptQuoteInput, BillingContactInput, BillingSummary, CreateQuoteInput, DeclineQuoteInput, InvoiceDetail,
  InvoiceSummary, QuoteDetail, QuoteList, QuoteStatus, SendQuoteInput,
} from '../../../common/schemas/billing';
import { api, type ApiError, type Query } from '../../lib/api';
import { fetchByKey } from '../../lib/lookups';

type Paginated<T> = { data: T[]; meta: { page: number; per_page: number; total: number; last_page: number } };

const isAnyOf = (path: string) => (key: unknown): boolean => Array.isArray(key) && key[0] === path;
const isListOf = (path: string) => (key: unknown): boolean =>
  Array.isArray(key) && key[0] === path && typeof key[1] === 'object' && key[1] !== null;
const fetchById = <T>([path, id]: readonly [string, number]) => api.get<T>(`${path}/${id}`);
const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

// GET /api/billing, PUT /api/billing

export const billingKey = () => ['billing', {}] as const;

export function useBilling() {
  return useSWR<BillingSummary, ApiError>(billingKey(), fetchByKey<BillingSummary>);
}

/** Saves the billing contact; quotes show the contact as it is now, so their pages refetch too. */
export async function updateBillingContact(input: BillingContactInput): Promise<BillingSummary> {
  const summary = await api.put<BillingSummary>('billing', input);
  await mutate(billingKey(), summary, { revalidate: false });
  await mutate((key) => isAnyOf('quote')(key) && !isListOf('quote')(key));
  return summary;
}

// GET /api/invoice, GET /api/invoice/{id}

export const invoicesKey = (query: Query = {}) => ['invoice', query] as const;
export const invoiceKey = (id: number) => ['invoice', id] as const;

export function useInvoices(query: Query = { per_page: 100 }) {
  return useSWR<Paginated<InvoiceSummary>, ApiError>(invoicesKey(query), fetchByKey<Paginated<InvoiceSummary>>);
}

export function useInvoice(id: number) {
  return useSWR<InvoiceDetail, ApiError>(validId(id) ? invoiceKey(id) : null, fetchById<InvoiceDetail>, { shouldRetryOnError: false });
}

/** The PDF of an invoice (a plain link: the browser downloads it with the session cookie). */
export const invoicePdfUrl = (id: number) => `/api/invoice/${id}.pdf`;

// GET /api/quote, POST /api/quote, GET /api/quote/{id}, POST /api/quote/{id}/send|accept|decline

export interface QuotesQuery {
  status?: QuoteStatus;
  page?: number;
  per_page?: number;
}

export const quotesKey = (query: QuotesQuery = {}) =>
  ['quote', { filter: { status: query.status }, page: query.page && query.page > 1 ? query.page : undefined, per_page: query.per_page }] as const;
export const quoteKey = (id: number) => ['quote', id] as const;

export function useQuotes(query: QuotesQuery = {}) {
  return useSWR<QuoteList, ApiError>(quotesKey(query), fetchByKey<QuoteList>, { keepPreviousData: true });
}

export function useQuote(id: number) {
  return useSWR<QuoteDetail, ApiError>(validId(id) ? quoteKey(id) : null, fetchById<QuoteDetail>, { shouldRetryOnError: false });
}

/** The PDF of a quote. */
export const quotePdfUrl = (id: number) => `/api/quote/${id}.pdf`;

/** A quote changed (created, sent, accepted, declined): its page takes the answer, every quote list refetches. */
async function quoteChanged(quote: QuoteDetail): Promise<QuoteDetail> {
  await mutate(quoteKey(quote.id), quote, { revalidate: false });
  await mutate(isListOf('quote'));
  return quote;
}

export async function createQuote(input: CreateQuoteInput): Promise<QuoteDetail> {
  return quoteChanged(await api.post<QuoteDetail>('quote', input));
}

export async function sendQuote(id: number, input: SendQuoteInput): Promise<QuoteDetail> {
  return quoteChanged(await api.post<QuoteDetail>(`quote/${id}/send`, input));
}

export async function acceptQuote(id: number, input: AcceptQuoteInput): Promise<QuoteDetail> {
  return quoteChanged(await api.post<QuoteDetail>(`quote/${id}/accept`, input));
}

export async function declineQuote(id: number, input: DeclineQuoteInput): Promise<QuoteDetail> {
  return quoteChanged(await api.post<QuoteDetail>(`quote/${id}/decline`, input));
}

/** A quote action answered 409 (expired meanwhile, no longer open): show the quote as it is now. */
export function revalidateQuote(id: number): Promise<unknown> {
  return Promise.all([mutate(quoteKey(id)), mutate(isListOf('quote'))]);
}
