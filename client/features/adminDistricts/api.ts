// Admin Districts: one SWR key + fetcher + hook per endpoint; each action answers the district and
// refreshes it and every cached district list.
import useSWR, { mutate } from 'swr';
import type {
  AdminDistrictDetail, AdminDistrictList, ChangePlanInput, ExtendTrialInput, ReactivateDistrictInput, SuspendDistrictInput,
} from '../../../common/schemas/adminDistricts';
import type { DistrictDeletionCertificate } from '../../../common/schemas/districtDeletion';
import type { SsoConnection } from '../../../common/schemas/sso';
import { api, type ApiError } from '../../lib/api';
import { listQuery } from '../../lib/listParams';
import { fetchByKey } from '../../lib/lookups';

const DISTRICTS = 'admin/district';

export interface DistrictListParams {
  search: string;
  plan: string;
  status: string;
  state: string;
  sort: string;
  page: number;
}

const toQuery = (p: DistrictListParams, perPage: number) => listQuery({
  search: p.search, filter: { plan: p.plan, status: p.status, state: p.state }, sort: p.sort, defaultSort: 'name', page: p.page, perPage,
});

export const districtsKey = (p: DistrictListParams, perPage: number) => [DISTRICTS, toQuery(p, perPage)] as const;
export const districtKey = (id: number) => `${DISTRICTS}/${id}`;

export function useAdminDistricts(p: DistrictListParams, perPage: number) {
  return useSWR<AdminDistrictList, ApiError>(districtsKey(p, perPage), fetchByKey<AdminDistrictList>, { keepPreviousData: true });
}

/** Polled every 2 s while the district's purge is under way (issue 32), until it answers 404: deleted. */
export function useAdminDistrict(id: number | null) {
  return useSWR<AdminDistrictDetail, ApiError>(id ? districtKey(id) : null, (key: string) => api.get<AdminDistrictDetail>(key), {
    shouldRetryOnError: false,
    refreshInterval: (latest) => (latest?.purge ? 2000 : 0),
  });
}

async function changed(district: AdminDistrictDetail): Promise<AdminDistrictDetail> {
  await mutate(districtKey(district.id), district, { revalidate: false });
  await mutate((key) => Array.isArray(key) && key[0] === DISTRICTS);
  return district;
}

export const extendTrial = async (id: number, input: ExtendTrialInput) =>
  changed(await api.post<AdminDistrictDetail>(`${DISTRICTS}/${id}/extend-trial`, input));
export const changePlan = async (id: number, input: ChangePlanInput) =>
  changed(await api.put<AdminDistrictDetail>(`${DISTRICTS}/${id}/plan`, input));
export const suspendDistrict = async (id: number, input: SuspendDistrictInput) =>
  changed(await api.post<AdminDistrictDetail>(`${DISTRICTS}/${id}/suspend`, input));
export const reactivateDistrict = async (id: number, input: ReactivateDistrictInput) =>
  changed(await api.post<AdminDistrictDetail>(`${DISTRICTS}/${id}/reactivate`, input));

// Deleting a district (issue 32): schedule, restore, delete now; the certificates of the districts deleted.
export const scheduleDeletion = async (id: number) =>
  changed(await api.post<AdminDistrictDetail>(`${DISTRICTS}/${id}/schedule-deletion`, {}));
export const restoreDeletion = async (id: number) =>
  changed(await api.post<AdminDistrictDetail>(`${DISTRICTS}/${id}/restore-deletion`, {}));

const DELETIONS = 'admin/district-deletions';
export const deletionsKey = (page: number) => [DELETIONS, { page: page > 1 ? page : undefined, per_page: 20 }] as const;

/**
 * Deletes a scheduled district now (its exact name typed): 202 with the district, purging; the purge runs on the server
 * in batches and the district's page polls its progress.
 */
export const purgeDistrict = async (id: number, confirmName: string) =>
  changed(await api.post<AdminDistrictDetail>(`${DISTRICTS}/${id}/purge`, { confirm_name: confirmName }));

/** A purge ended (the district answers 404): every district list and the deleted districts' certificates refetch. */
export async function revalidateAfterPurge(): Promise<void> {
  await mutate((key) => Array.isArray(key) && (key[0] === DISTRICTS || key[0] === DELETIONS));
}

export interface DeletionCertificateList {
  data: DistrictDeletionCertificate[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

/** GET /api/admin/district-deletions: the deleted districts' certificates, newest first. */
export function useDistrictDeletions(page: number) {
  return useSWR<DeletionCertificateList, ApiError>(deletionsKey(page), fetchByKey<DeletionCertificateList>, { keepPreviousData: true });
}

/** After a change made elsewhere on the page (the Billing panel): the district and every list refetch. */
export async function revalidateDistrict(id: number): Promise<void> {
  await mutate(districtKey(id));
  await mutate((key) => Array.isArray(key) && key[0] === DISTRICTS);
}

/** GET /api/admin/district/{id}/sso: the district's sign-in connections (read-only here). */
export const districtSsoKey = (id: number) => `${DISTRICTS}/${id}/sso`;

export function useDistrictSsoConnections(id: number) {
  return useSWR<{ data: SsoConnection[] }, ApiError>(districtSsoKey(id), (key: string) => api.get<{ data: SsoConnection[] }>(key));
}

/** POST /api/admin/district/{id}/sso/{connectionId}/test: "Test connection"; answers the connection with its result. */
export async function testDistrictSsoConnection(districtId: number, connectionId: number): Promise<SsoConnection> {
  const tested = await api.post<SsoConnection>(`${DISTRICTS}/${districtId}/sso/${connectionId}/test`);
  await mutate(districtSsoKey(districtId));
  return tested;
}
