// The API resources several features read, each with its SWR key builder, its hooks and its
// invalidation, defined once here so features never match one another's cache keys (and never import
// one another). Keys are arrays led by the resource's path: [path, query] for a list, [path, id] for
// one record (an educator profile's key is its path, "staff/{id}"). A feature that owns the calls that
// change a resource calls these invalidations after them; resources only one feature reads keep their
// keys in that feature's api.ts.
import { useEffect, useState } from 'react';
import useSWR, { mutate } from 'swr';
import type { InteractionType } from '../../common/schemas/interactionTypes';
import type { BuildingSummary, CoachSummary, GroupSummary } from '../../common/schemas/lookups';
import type { SkillDomain, SkillFramework } from '../../common/schemas/skills';
import type { DistrictProfile } from '../../common/schemas/site';
import type { Paginated, StaffListItem } from '../../common/schemas/staff';
import { api, type ApiError, type Query } from './api';

type List<T> = { data: T[] };

/** The fetcher of every [path, query] key. */
export const fetchByKey = <T>([path, query]: readonly [string, Query]) => api.get<T>(path, query);

const isListOf = (path: string) => (key: unknown): boolean =>
  Array.isArray(key) && key[0] === path && typeof key[1] === 'object' && key[1] !== null;
const isAnyOf = (path: string) => (key: unknown): boolean => Array.isArray(key) && key[0] === path;

// Schools: GET /api/building?status=…

export type BuildingStatusFilter = 'active' | 'archived' | 'all';
export const buildingsKey = (status: BuildingStatusFilter = 'active') => ['building', { status }] as const;

export function useBuildings(status: BuildingStatusFilter = 'active') {
  return useSWR<List<BuildingSummary>>(buildingsKey(status), fetchByKey<List<BuildingSummary>>);
}

/** After a school is added, renamed, archived or restored: every school list refetches. */
export function revalidateBuildings(): Promise<unknown> {
  return mutate(isAnyOf('building'));
}

// Staff groups: GET /api/group?status=…&search=…&staff_id=…

export interface GroupsQuery {
  status?: 'active' | 'all';
  search?: string;
  staff_id?: number;
}

export const groupsKey = (query: GroupsQuery = {}) =>
  ['group', { status: query.status ?? 'active', search: query.search || undefined, staff_id: query.staff_id }] as const;

export function useGroups(query: GroupsQuery = {}, enabled = true) {
  return useSWR<List<GroupSummary>>(enabled ? groupsKey(query) : null, fetchByKey<List<GroupSummary>>);
}

/**
 * After a group changes: `update` (when given) is applied to every cached group list at once, then they
 * all refetch; so do educator profiles, which list their groups.
 */
export async function revalidateGroups<G extends { id: number }>(update?: (groups: G[]) => G[]): Promise<void> {
  await mutate<List<G>>(isAnyOf('group'), (current) => (current && update ? { ...current, data: update(current.data) } : current), { revalidate: true });
  await revalidateStaffProfiles();
}

// Coaches: GET /api/coach (with schools and caseload sizes), GET /api/coach/{id}

export const coachesKey = () => ['coach', {}] as const;
export const coachKey = (id: number) => ['coach', id] as const;

export function useCoaches(enabled = true) {
  return useSWR<List<CoachSummary>>(enabled ? coachesKey() : null, fetchByKey<List<CoachSummary>>);
}

/** Caseload sizes changed: every coach list refetches (a coach's own page is updated by the caller). */
export function revalidateCoachLists(): Promise<unknown> {
  return mutate(isListOf('coach'));
}

/** School names changed: every coach list and coach page refetches. */
export function revalidateCoaches(): Promise<unknown> {
  return mutate(isAnyOf('coach'));
}

// Educators: GET /api/staff?… (the Educators screen, and the pickers of caseloads and groups), GET /api/staff/{id}

export const staffListKey = (query: Query) => ['staff', query] as const;
export const staffKey = (id: number | string) => `staff/${id}`;
const isStaffProfileKey = (key: unknown) => typeof key === 'string' && /^staff\/[^/]+$/.test(key);

/** Educators matching a search, at most 20 (the caseload and group member pickers). */
export function useStaffSearch(search: string, enabled = true) {
  return useSWR<Paginated<StaffListItem>, ApiError>(
    enabled ? staffListKey({ search: search.trim(), per_page: 20 }) : null,
    fetchByKey<Paginated<StaffListItem>>,
    { keepPreviousData: true },
  );
}

/**
 * An educator's own record: the one row GET /api/staff answers a login whose `see educators` reaches only
 * themself (none when the login is not linked to one). Read by the educator's Action steps, Self-assessment
 * and "Your profile"; one key, so they share one cache entry.
 */
export function useOwnEducator(enabled = true) {
  return useSWR<StaffListItem[], ApiError>(
    enabled ? (['staff', 'own'] as const) : null,
    () => api.get<Paginated<StaffListItem>>('staff', { per_page: 2 }).then((page) => page.data),
  );
}

/** A search box's term, trimmed, once typing has paused for 250 ms: what the educator pickers search for. */
export function useDebouncedTerm(term: string): string {
  const [debounced, setDebounced] = useState(term.trim());
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term.trim()), 250);
    return () => clearTimeout(timer);
  }, [term]);
  return debounced;
}

/** Every cached educator list and search refetches (after an educator, caseload or school history change). */
export function revalidateStaffLists(): Promise<unknown> {
  return mutate(isListOf('staff'));
}

/** One educator's cached profile refetches, or every cached profile when no id is given. */
export function revalidateStaffProfiles(id?: number): Promise<unknown> {
  return id === undefined ? mutate(isStaffProfileKey) : mutate(staffKey(id));
}

// Interaction types (with their custom fields, archived fields included): GET /api/interaction-type?status=…
// Read by the Interaction settings screen, the Activity screens' log forms and filters, and the calendar
// import; changed only by Interaction settings, which calls revalidateInteractionTypes() after each change.

export type InteractionTypeStatusFilter = 'active' | 'archived' | 'all';
export const interactionTypesKey = (status: InteractionTypeStatusFilter = 'active') => ['interaction-type', { status }] as const;

/**
 * The district's interaction types in their order. 'active' (the default) is what a log form offers;
 * 'all' is what a list of past interactions needs to name and colour archived types too.
 */
export function useInteractionTypes(status: InteractionTypeStatusFilter = 'active', enabled = true) {
  return useSWR<List<InteractionType>, ApiError>(enabled ? interactionTypesKey(status) : null, fetchByKey<List<InteractionType>>);
}

/** After a type or one of its fields is added, changed, moved, archived or restored: every type list refetches. */
export function revalidateInteractionTypes(): Promise<unknown> {
  return mutate(isAnyOf('interaction-type'));
}

// The district's skill framework: GET /api/skill-framework (levels, domains and skills in order,
// archived ones included and marked). Read by the coaching workspace (heat map, cycles' focus skills),
// the educator profile's Skills section and the log forms; changed only by the framework editor, which
// calls revalidateSkillFramework() after each change.

export const skillFrameworkKey = () => ['skill-framework', {}] as const;

/** The active framework; `enabled` false (e.g. without the plan feature) asks nothing. */
export function useSkillFramework(enabled = true) {
  return useSWR<SkillFramework, ApiError>(enabled ? skillFrameworkKey() : null, fetchByKey<SkillFramework>);
}

/** Active domains with their active skills, in order (what pickers and the heat map columns offer). */
export function activeDomains(framework: SkillFramework | undefined): SkillDomain[] {
  if (!framework) return [];
  return framework.domains.filter((d) => !d.archived)
    .map((d) => ({ ...d, skills: d.skills.filter((s) => !s.archived) }))
    .filter((d) => d.skills.length > 0);
}

/** After a domain, skill or level changes: the framework refetches. */
export function revalidateSkillFramework(next?: SkillFramework): Promise<unknown> {
  return next === undefined ? mutate(skillFrameworkKey()) : mutate(skillFrameworkKey(), next, { revalidate: false });
}

// ---------------------------------------------------------------------------
// The district profile (GET /api/district, every district user): Site settings edits it; the reports read its
// `retained_from` (issue 32: "Records before … are deleted under the district's retention setting").

export const districtProfileKey = () => 'district';

export function useDistrictProfile(enabled = true) {
  return useSWR<DistrictProfile>(enabled ? districtProfileKey() : null, (key: string) => api.get<DistrictProfile>(key), { revalidateOnFocus: false });
}
