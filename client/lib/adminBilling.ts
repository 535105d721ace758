// The provider's side of billing (admin Quotes list and the district page's Billing panel): one SWR key
// builder and hook per endpoint, the changes, and their invalidation. In client/lib because two features
// show it (adminBilling's Quotes screen, adminDistricts' District view through the panel component).
import useSWR, { mutate } from 'swr';
import type { AdminDistrictBilling, AdminQuoteList } from '../../common/schemas/billing';
import { api, type ApiError } from './api';
import { listQuery } from './listParams';
import { fetchByKey } from './lookups';

const QUOTES = 'admin/quote';

export interface AdminQuoteParams {
  search: string;
  status: string;
  plan: string;
  district: string;
  page: number;
}

const toQuery = (p: AdminQuoteParams, perPage: number) => listQuery({
  search: p.search, filter: { status: p.status, plan: p.plan, district: p.district }, page: p.page, perPage,
});

export const adminQuotesKey = (p: AdminQuoteParams, perPage: number) => [QUOTES, toQuery(p, perPage)] as const;
export const districtBillingKey = (districtId: number) => `admin/district/${districtId}/billing`;

/** GET /api/admin/quote */
export function useAdminQuotes(p: AdminQuoteParams, perPage: number) {
  return useSWR<AdminQuoteList, ApiError>(adminQuotesKey(p, perPage), fetchByKey<AdminQuoteList>, { keepPreviousData: true });
}

/** GET /api/admin/district/{id}/billing */
export function useDistrictBilling(districtId: number | null) {
  return useSWR<AdminDistrictBilling, ApiError>(districtId ? districtBillingKey(districtId) : null, (key: string) => api.get<AdminDistrictBilling>(key), {
    shouldRetryOnError: false,
  });
}

/** After a change: the panel takes the answer, every cached quotes list refetches. */
async function changed(districtId: number, billing: AdminDistrictBilling): Promise<AdminDistrictBilling> {
  await mutate(districtBillingKey(districtId), billing, { revalidate: false });
  await mutate((key) => Array.isArray(key) && key[0] === QUOTES);
  return billing;
}

export const activateQuote = async (districtId: number, quoteId: number) =>
  changed(districtId, await api.post<AdminDistrictBilling>(`${QUOTES}/${quoteId}/activate`, {}));
export const markInvoicePaid = async (districtId: number, invoiceId: number, paidOn: string) =>
  changed(districtId, await api.post<AdminDistrictBilling>(`admin/invoice/${invoiceId}/paid`, { paid_on: paidOn || null }));
export const voidInvoice = async (districtId: number, invoiceId: number, reason: string) =>
  changed(districtId, await api.post<AdminDistrictBilling>(`admin/invoice/${invoiceId}/void`, { reason }));
