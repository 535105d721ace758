// Site settings: the district profile and its schools. One SWR key + fetcher + hook per endpoint;
// every write revalidates what it changed (and the shared lookups other screens use).
import useSWR, { mutate } from 'swr';
import type { Building, BuildingInput, BuildingStatus, DistrictProfile, DistrictProfileInput } from '../../../common/schemas/site';
import { api, type Query } from '../../lib/api';
import { BUILDINGS_KEY, COACHES_KEY, isKeyOf } from '../../lib/lookups';
import { AUTH_USER_KEY } from '../auth/api';

export const DISTRICT_KEY = 'district';

export function useDistrict() {
  return useSWR<DistrictProfile>(DISTRICT_KEY, (key: string) => api.get<DistrictProfile>(key));
}

export async function updateDistrict(input: DistrictProfileInput): Promise<DistrictProfile> {
  const district = await api.put<DistrictProfile>('district', input);
  await mutate(DISTRICT_KEY, district, { revalidate: false });
  // The district's name and timezone are part of the signed-in user (shown in the app shell).
  await mutate(AUTH_USER_KEY);
  return district;
}

type BuildingList = { data: Building[] };
const fetchBuildings = ([path, query]: [string, Query]) => api.get<BuildingList>(path, query);

/** GET /api/building?status=…: the same cache entry as the shared lookup, with educator counts. */
export function useSchools(status: BuildingStatus) {
  return useSWR<BuildingList>([BUILDINGS_KEY, { status }], fetchBuildings, { keepPreviousData: true });
}

/** After any school change: every building list, and coach lists that show school names. */
async function revalidateSchools(): Promise<void> {
  await Promise.all([mutate(isKeyOf(BUILDINGS_KEY)), mutate(isKeyOf(COACHES_KEY))]);
}

export async function createSchool(input: BuildingInput): Promise<Building> {
  const building = await api.post<Building>('building', input);
  await revalidateSchools();
  return building;
}

export async function updateSchool(id: number, input: BuildingInput): Promise<Building> {
  const building = await api.put<Building>(`building/${id}`, input);
  await revalidateSchools();
  return building;
}

export async function archiveSchool(id: number): Promise<Building> {
  const building = await api.post<Building>(`building/${id}/archive`);
  await revalidateSchools();
  return building;
}

export async function restoreSchool(id: number): Promise<Building> {
  const building = await api.post<Building>(`building/${id}/restore`);
  await revalidateSchools();
  return building;
}
