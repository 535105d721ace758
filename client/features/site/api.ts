// Site settings: the district profile and its schools. One SWR key + fetcher + hook per endpoint;
// every write revalidates what it changed (and the shared lookups other screens use).
import useSWR, { mutate } from 'swr';
import type { Building, BuildingInput, BuildingStatus, DistrictProfile, DistrictProfileInput } from '../../../common/schemas/site';
import type { RetentionPreviewAnswer } from '../../../common/schemas/answers/retention';
import { api, refreshedAfter } from '../../lib/api';
import { buildingsKey, districtProfileKey, fetchByKey, revalidateBuildings, revalidateCoaches } from '../../lib/lookups';
import { revalidateAuthUser } from '../../lib/session';

/** The profile's one key (client/lib/lookups.ts: the reports read it too). */
export const districtKey = districtProfileKey;

export function useDistrict() {
  return useSWR<DistrictProfile>(districtKey(), (key: string) => api.get<DistrictProfile>(key));
}

export async function updateDistrict(input: DistrictProfileInput): Promise<DistrictProfile> {
  const district = await api.put<DistrictProfile>('district', input);
  await mutate(districtKey(), district, { revalidate: false });
  // The district's name and timezone are part of the signed-in user (shown in the app shell).
  await revalidateAuthUser();
  return district;
}

export type RetentionPreview = RetentionPreviewAnswer;

/** GET /api/district/retention-preview (manage settings): what the next retention run removes; `years` previews an unsaved value. */
export const retentionPreviewKey = (years?: number) => (years === undefined ? 'district/retention-preview' : `district/retention-preview?years=${years}`);

export function useRetentionPreview(enabled: boolean, years?: number) {
  return useSWR<RetentionPreview>(enabled ? retentionPreviewKey(years) : null, (key: string) => api.get<RetentionPreview>(key), { keepPreviousData: true });
}

export function fetchRetentionPreview(years: number): Promise<RetentionPreview> {
  return api.get<RetentionPreview>(retentionPreviewKey(years));
}

/** After the retention setting changed: its previews, and the reports (they say from when they hold data). */
export async function revalidateRetention(): Promise<void> {
  await mutate((key) => typeof key === 'string' && key.startsWith('district/retention-preview'));
  void mutate((key) => (typeof key === 'string' ? key : Array.isArray(key) ? String(key[0]) : '').startsWith('report'));
}

type BuildingList = { data: Building[] };

/** GET /api/building?status=…: the same cache entry as the shared lookup, with educator counts. */
export function useSchools(status: BuildingStatus) {
  return useSWR<BuildingList>(buildingsKey(status), fetchByKey<BuildingList>, { keepPreviousData: true });
}

/** After any school change: every building list, and the coach lists and pages that show school names. */
async function revalidateSchools(): Promise<void> {
  await Promise.all([revalidateBuildings(), revalidateCoaches()]);
}

export function createSchool(input: BuildingInput): Promise<Building> {
  return refreshedAfter(api.post<Building>('building', input), () => revalidateSchools());
}

export function updateSchool(id: number, input: BuildingInput): Promise<Building> {
  return refreshedAfter(api.put<Building>(`building/${id}`, input), () => revalidateSchools());
}

export function archiveSchool(id: number): Promise<Building> {
  return refreshedAfter(api.post<Building>(`building/${id}/archive`), () => revalidateSchools());
}

export function restoreSchool(id: number): Promise<Building> {
  return refreshedAfter(api.post<Building>(`building/${id}/restore`), () => revalidateSchools());
}
