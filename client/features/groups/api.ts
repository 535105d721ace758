// SWR keys, fetchers and hooks for the staff group calls (spec §7; contract: common/schemas/groups.ts).
// Every change updates each cached group list from the server's answer and revalidates them all.
import useSWR, { mutate } from 'swr';
import type { Group, GroupList, GroupPayloadInput } from '../../../common/schemas/groups';
import type { Paginated, StaffListItem } from '../../../common/schemas/staff';
import { api, type ApiError, type Query } from '../../lib/api';
import { GROUPS_KEY, isKeyOf } from '../../lib/lookups';

export type GroupStatusFilter = 'active' | 'all';

const fetchGroups = ([path, query]: [string, Query]) => api.get<GroupList>(path, query);

/**
 * GET /api/group?status=…&search=…: the full Group shape. Same key as useGroups() in lib/lookups,
 * so every screen's group lists share one cache and one revalidation.
 */
export function useGroupList(query: { status: GroupStatusFilter; search?: string }) {
  const key: [string, Query] = [GROUPS_KEY, query.search ? { status: query.status, search: query.search } : { status: query.status }];
  return useSWR<GroupList, ApiError>(key, fetchGroups, { keepPreviousData: true });
}

type ListUpdate = (groups: Group[]) => Group[];

/** Applies a change to every cached group list at once, then revalidates them against the server. */
async function afterChange(update?: ListUpdate): Promise<void> {
  await mutate<GroupList>(
    isKeyOf(GROUPS_KEY),
    (current) => (current && update ? { ...current, data: update(current.data) } : current),
    { revalidate: true },
  );
  // Educator profiles list their groups: refresh any that are cached.
  await mutate((key) => typeof key === 'string' && /^staff\/\d+$/.test(key));
}

const replace = (group: Group): ListUpdate => (groups) => groups.map((g) => (g.id === group.id ? group : g));

/** POST /api/group */
export async function createGroup(input: GroupPayloadInput): Promise<Group> {
  const group = await api.post<Group>('group', input);
  await afterChange();
  return group;
}

/** PUT /api/group/{id}: replaces the name, description and the member list. */
export async function updateGroup(id: number, input: GroupPayloadInput): Promise<Group> {
  const group = await api.put<Group>(`group/${id}`, input);
  await afterChange(replace(group));
  return group;
}

/** DELETE /api/group/{id}: the group leaves every list. */
export async function deleteGroup(id: number): Promise<void> {
  await api.delete<void>(`group/${id}`);
  await afterChange((groups) => groups.filter((g) => g.id !== id));
}

/** DELETE /api/group/{id}/deactivate: deleted_at comes from the server's answer. */
export async function deactivateGroup(group: Group): Promise<Group> {
  const answer = await api.delete<Group>(`group/${group.id}/deactivate`);
  const updated = { ...group, ...answer, deleted_at: answer.deleted_at };
  await afterChange(replace(updated));
  return updated;
}

/** POST /api/group/{id}/restore: clears deleted_at. */
export async function restoreGroup(group: Group): Promise<Group> {
  const answer = await api.post<Group>(`group/${group.id}/restore`);
  const updated = { ...group, ...answer, deleted_at: null };
  await afterChange(replace(updated));
  return updated;
}

export const MEMBER_SEARCH_KEY = 'group-member-search';
export type MemberCandidate = Pick<StaffListItem, 'id' | 'name'> & { building: { name: string } | null };

/** Educators to add to a group: GET /api/staff?search=…&per_page=20 (only while a search is typed). */
export function useMemberSearch(search: string) {
  const term = search.trim();
  return useSWR<Paginated<MemberCandidate>, ApiError>(
    term ? [MEMBER_SEARCH_KEY, term] : null,
    ([, q]: [string, string]) => api.get<Paginated<MemberCandidate>>('staff', { search: q, per_page: 20 }),
    { keepPreviousData: true },
  );
}
