// SWR keys, fetchers and hooks for the staff group calls (spec §7; contract: common/schemas/groups.ts).
// Every change updates each cached group list from the server's answer and revalidates them all.
import useSWR from 'swr';
import type { Group, GroupList, GroupPayloadInput } from '../../../common/schemas/groups';
import type { StaffListItem } from '../../../common/schemas/staff';
import { api, type ApiError, refreshedAfter } from '../../lib/api';
import { fetchByKey, groupsKey, revalidateGroups, useStaffSearch } from '../../lib/lookups';

export type GroupStatusFilter = 'active' | 'all';

/**
 * GET /api/group?status=…&search=…: the full Group shape. Same key as useGroups() in lib/lookups,
 * so every screen's group lists share one cache and one revalidation.
 */
export function useGroupList(query: { status: GroupStatusFilter; search?: string }) {
  return useSWR<GroupList, ApiError>(groupsKey(query), fetchByKey<GroupList>, { keepPreviousData: true });
}

type ListUpdate = (groups: Group[]) => Group[];

/** Applies a change to every cached group list at once, then revalidates them (and educator profiles). */
const afterChange = (update?: ListUpdate) => revalidateGroups<Group>(update);

const replace = (group: Group): ListUpdate => (groups) => groups.map((g) => (g.id === group.id ? group : g));

/** POST /api/group */
export function createGroup(input: GroupPayloadInput): Promise<Group> {
  return refreshedAfter(api.post<Group>('group', input), () => afterChange());
}

/** PUT /api/group/{id}: replaces the name, description and the member list. */
export function updateGroup(id: number, input: GroupPayloadInput): Promise<Group> {
  return refreshedAfter(api.put<Group>(`group/${id}`, input), (group) => afterChange(replace(group)));
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

export type MemberCandidate = Pick<StaffListItem, 'id' | 'name'> & { building: { name: string } | null };

/** Educators to add to a group (only while a search is typed): the shared educator search. */
export function useMemberSearch(search: string) {
  return useStaffSearch(search, search.trim() !== '');
}
