// Alerts: one SWR key + fetcher + hook per endpoint. The admin list, one alert's audience options
// (the district search), and the banner's current alerts; writes revalidate the lists they change.
import useSWR, { mutate } from 'swr';
import type {
  AdminAlert, AdminAlertList, AlertAudienceOptions, AlertPayloadInput, CurrentAlertList,
} from '../../../common/schemas/alerts';
import { api, type ApiError, refreshedAfter } from '../../lib/api';
import { listQuery } from '../../lib/listParams';
import { fetchByKey } from '../../lib/lookups';

const ADMIN_ALERTS = 'admin/alert';
const AUDIENCE = 'admin/alert-audience';
const CURRENT = 'alert';

export interface AlertListQuery {
  search?: string;
  level?: string;
  state?: string;
  page?: number;
  per_page?: number;
}

const toQuery = (q: AlertListQuery) => listQuery({ search: q.search, filter: { level: q.level, state: q.state }, page: q.page, perPage: q.per_page });

export const adminAlertsKey = (query: AlertListQuery) => [ADMIN_ALERTS, toQuery(query)] as const;
export const alertAudienceKey = (search: string) => [AUDIENCE, { search: search || undefined }] as const;
export const currentAlertsKey = () => CURRENT;

export function useAdminAlerts(query: AlertListQuery) {
  return useSWR<AdminAlertList, ApiError>(adminAlertsKey(query), fetchByKey<AdminAlertList>, { keepPreviousData: true });
}

export function useAlertAudience(search: string) {
  return useSWR<AlertAudienceOptions, ApiError>(alertAudienceKey(search), fetchByKey<AlertAudienceOptions>, { keepPreviousData: true });
}

/** The signed-in district user's current alerts (the banner): fetched once the shell has rendered. */
export function useCurrentAlerts() {
  return useSWR<CurrentAlertList, ApiError>(currentAlertsKey(), (path: string) => api.get<CurrentAlertList>(path), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

/** After a change: every admin list variant, and this browser's banner. */
async function revalidateAlerts(): Promise<void> {
  await Promise.all([mutate((key) => Array.isArray(key) && key[0] === ADMIN_ALERTS), mutate(currentAlertsKey())]);
}

export function createAlert(input: AlertPayloadInput): Promise<AdminAlert> {
  return refreshedAfter(api.post<AdminAlert>(ADMIN_ALERTS, input), () => revalidateAlerts());
}

export function updateAlert(id: number, input: AlertPayloadInput): Promise<AdminAlert> {
  return refreshedAfter(api.put<AdminAlert>(`${ADMIN_ALERTS}/${id}`, input), () => revalidateAlerts());
}

export async function deleteAlert(id: number): Promise<void> {
  await api.delete(`${ADMIN_ALERTS}/${id}`);
  await revalidateAlerts();
}

/** Dismisses for the signed-in person (remembered by the server); the banner drops it at once. */
export async function dismissAlert(id: number): Promise<void> {
  await mutate<CurrentAlertList>(currentAlertsKey(), (current) => current && { data: current.data.filter((a) => a.id !== id) }, { revalidate: false });
  try {
    await api.post(`${CURRENT}/${id}/dismiss`);
  } finally {
    await mutate(currentAlertsKey());
  }
}
