// SWR hooks for the lookup lists several features use in filters and pickers. One hook per
// endpoint; the features that own these resources revalidate them after changes.
import useSWR from 'swr';
import type { BuildingSummary, CoachSummary, GroupSummary } from '../../common/schemas/lookups';
import { api, type Query } from './api';

type List<T> = { data: T[] };
const fetchList = <T>([path, query]: [string, Query]) => api.get<List<T>>(path, query);

export const BUILDINGS_KEY = 'building';
export const GROUPS_KEY = 'group';
export const COACHES_KEY = 'coach';

export function useBuildings(status: 'active' | 'archived' | 'all' = 'active') {
  return useSWR<List<BuildingSummary>>([BUILDINGS_KEY, { status }], fetchList<BuildingSummary>);
}

export function useGroups(query: { search?: string; status?: 'active' | 'all'; staff_id?: number } = {}, enabled = true) {
  return useSWR<List<GroupSummary>>(enabled ? [GROUPS_KEY, { status: 'active', ...query }] : null, fetchList<GroupSummary>);
}

export function useCoaches(enabled = true) {
  return useSWR<List<CoachSummary>>(enabled ? [COACHES_KEY, {}] : null, fetchList<CoachSummary>);
}

/** Revalidates every cached list of a resource (all filter variants), e.g. after creating a group. */
export function isKeyOf(resource: string) {
  return (key: unknown) => Array.isArray(key) && key[0] === resource;
}
