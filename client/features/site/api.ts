// Site settings: the district profile and its schools. One SWR key + fetcher + hook per endpoint;
// every write revalidates what it changed (and the shared lookups other screens use).
import useSWR, { mutate } from 'swr';
import type { Building, BuildingInput, BuildingStatus, DistrictProfile, DistrictProfileInput } from '../../../common/schemas/site';
import { api, refreshedAfter } from '../../lib/api';
import { buildingsKey, fetchByKey, revalidateBuildings, revalidateCoaches } from '../../lib/lookups';
import { revalidateAuthUser } from '../../lib/session';

export const districtKey = () => 'district';

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
