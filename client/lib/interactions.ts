// Interactions and activities (issue 9), the resources the Activity screens, the dashboard, the
// educator and coach pages all read: each SWR key builder, hook, call and invalidation defined once
// here (features never import each other). The shapes are the contract in
// common/schemas/interactions.ts. Keys are [path, query] for lists and [path, id] for one record.
import useSWR, { mutate } from 'swr';
import type {
  Activity, ActivityPayload, ActivityTotals, Interaction, InteractionPayload, InteractionStatus,
} from '../../common/schemas/interactions';
import { api, type ApiError, type Query, refreshedAfter } from './api';
import { fetchByKey } from './lookups';
import { defineMessages, t } from './i18n';

const m = defineMessages({
  noParticipants: { id: 'activity.noParticipants', defaultMessage: 'No participants' },
  namesAnd: { id: 'activity.namesAnd', defaultMessage: '{names} and {last}' },
  namesAndMore: { id: 'activity.namesAndMore', defaultMessage: '{names} and {count} more' },
});

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export interface InteractionList {
  data: Interaction[];
  meta: PageMeta & { totals?: ActivityTotals };
}

export interface ActivityList {
  data: Activity[];
  meta: PageMeta & { totals?: ActivityTotals };
}

/** The filters of GET /api/interaction, as the API names them (without the filter[] wrapper). */
export interface InteractionFilter {
  from?: string;
  to?: string;
  coach_id?: number[];
  interaction_type_id?: number[];
  status?: InteractionStatus[];
  staff_id?: number[];
  group_id?: number[];
  building_id?: number[];
  /** Educator attributes (an interaction matches when a participant does), as the reports read them. */
  grade_level?: string[];
  subject?: string[];
  needs_completing?: boolean;
  /** The timezone whose days from/to name (the screen's); absent = the district's. */
  timezone?: string;
}

export interface InteractionListQuery {
  filter?: InteractionFilter;
  sort?: 'starts_at' | '-starts_at';
  page?: number;
  per_page?: number;
}

const INTERACTION = 'interaction';
const ACTIVITY = 'activity';

/** The query object sent (and used as the cache key): empty filters left out so equal lists share a key. */
export function interactionQuery(query: InteractionListQuery): Query {
  const f = query.filter ?? {};
  const filter: Record<string, string | number[] | string[] | undefined> = {
    from: f.from || undefined,
    to: f.to || undefined,
    timezone: f.timezone || undefined,
    coach_id: f.coach_id?.length ? f.coach_id : undefined,
    interaction_type_id: f.interaction_type_id?.length ? f.interaction_type_id : undefined,
    status: f.status?.length ? f.status : undefined,
    staff_id: f.staff_id?.length ? f.staff_id : undefined,
    group_id: f.group_id?.length ? f.group_id : undefined,
    building_id: f.building_id?.length ? f.building_id : undefined,
    grade_level: f.grade_level?.length ? f.grade_level : undefined,
    subject: f.subject?.length ? f.subject : undefined,
    needs_completing: f.needs_completing ? '1' : undefined,
  };
  for (const key of Object.keys(filter)) if (filter[key] === undefined) delete filter[key];
  return { filter, sort: query.sort ?? '-starts_at', page: query.page ?? 1, per_page: query.per_page ?? 25 };
}

export const interactionsKey = (query: InteractionListQuery) => [INTERACTION, interactionQuery(query)] as const;
export const interactionKey = (id: number) => [INTERACTION, id] as const;

/**
 * GET /api/interaction with filters; `null` query = do not fetch. `keepPreviousData` keeps showing the
 * last answer while another range or filter loads (the Activity screen); lists of one educator or coach
 * leave it off so another person's interactions never show under a new name.
 */
export function useInteractions(query: InteractionListQuery | null, options: { keepPreviousData?: boolean } = {}) {
  return useSWR<InteractionList, ApiError>(query ? interactionsKey(query) : null, fetchByKey<InteractionList>, {
    keepPreviousData: options.keepPreviousData ?? false,
  });
}

/** GET /api/interaction/{id}. */
export function useInteraction(id: number | null) {
  return useSWR<Interaction, ApiError>(id ? interactionKey(id) : null, ([path, key]: readonly [string, number]) => api.get<Interaction>(`${path}/${key}`));
}

/** GET /api/interaction/{id} once, into the same cache `useInteraction` reads. */
export async function fetchInteraction(id: number): Promise<Interaction> {
  const interaction = await api.get<Interaction>(`${INTERACTION}/${id}`);
  await mutate(interactionKey(id), interaction, { revalidate: false });
  return interaction;
}

const isAnyOf = (path: string) => (key: unknown): boolean => Array.isArray(key) && key[0] === path;

/**
 * After any interaction changes: `changed` (when given) replaces its copy in every cached list and
 * its own key at once, then every interaction list and record refetches (totals, needs-completing).
 */
export async function revalidateInteractions(changed?: Interaction): Promise<void> {
  if (changed) await mutate(interactionKey(changed.id), changed, { revalidate: false });
  await mutate<InteractionList>(
    (key) => isAnyOf(INTERACTION)(key) && !(changed && Array.isArray(key) && key[1] === changed.id),
    (current) => (current && changed && Array.isArray(current.data)
      ? { ...current, data: current.data.map((i) => (i.id === changed.id ? changed : i)) }
      : current),
    { revalidate: true },
  );
}

export function createInteraction(payload: InteractionPayload): Promise<Interaction> {
  return refreshedAfter(api.post<Interaction>(INTERACTION, payload), (created) => revalidateInteractions(created));
}

export function updateInteraction(id: number, payload: InteractionPayload): Promise<Interaction> {
  return refreshedAfter(api.put<Interaction>(`${INTERACTION}/${id}`, payload), (updated) => revalidateInteractions(updated));
}

export function completeInteraction(id: number): Promise<Interaction> {
  return refreshedAfter(api.post<Interaction>(`${INTERACTION}/${id}/complete`), (updated) => revalidateInteractions(updated));
}

export function cancelInteraction(id: number): Promise<Interaction> {
  return refreshedAfter(api.post<Interaction>(`${INTERACTION}/${id}/cancel`), (updated) => revalidateInteractions(updated));
}

export async function deleteInteraction(id: number): Promise<void> {
  await api.delete(`${INTERACTION}/${id}`);
  await mutate(interactionKey(id), undefined, { revalidate: false });
  await revalidateInteractions();
}

// Activities ("Log time"): GET/POST /api/activity, PUT/DELETE /api/activity/{id}.

export interface ActivityFilter {
  from?: string;
  to?: string;
  user_id?: number[];
  timezone?: string;
}

export const activitiesKey = (filter: ActivityFilter, page = 1, perPage = 100) =>
  [ACTIVITY, {
    filter: Object.fromEntries(Object.entries({ from: filter.from, to: filter.to, timezone: filter.timezone || undefined, user_id: filter.user_id?.length ? filter.user_id : undefined }).filter(([, v]) => v !== undefined)),
    sort: 'starts_at', page, per_page: perPage,
  }] as const;

export function useActivities(filter: ActivityFilter | null, page = 1, perPage = 100) {
  return useSWR<ActivityList, ApiError>(filter ? activitiesKey(filter, page, perPage) : null, fetchByKey<ActivityList>, { keepPreviousData: true });
}

/** After an activity changes: activity lists and interaction lists (their totals count activity time). */
export async function revalidateActivities(): Promise<void> {
  await Promise.all([mutate(isAnyOf(ACTIVITY)), mutate(isAnyOf(INTERACTION))]);
}

export function createActivity(payload: ActivityPayload): Promise<Activity> {
  return refreshedAfter(api.post<Activity>(ACTIVITY, payload), () => revalidateActivities());
}

export function updateActivity(id: number, payload: ActivityPayload): Promise<Activity> {
  return refreshedAfter(api.put<Activity>(`${ACTIVITY}/${id}`, payload), () => revalidateActivities());
}

export async function deleteActivity(id: number): Promise<void> {
  await api.delete(`${ACTIVITY}/${id}`);
  await revalidateActivities();
}

// Display helpers shared by every list of interactions.

/** The participants as one line: "Jordan Ellis, Sam Park and 3 more"; groups named when whole. */
export function participantsLine(interaction: Pick<Interaction, 'participants' | 'groups'>, max = 2): string {
  const names = [
    ...interaction.groups.map((g) => g.name),
    ...interaction.participants.filter((p) => p.group_id === null || !interaction.groups.some((g) => g.id === p.group_id)).map((p) => p.name),
  ];
  if (names.length === 0) return t(m.noParticipants);
  if (names.length <= max) return names.length === 1 ? names[0] : t(m.namesAnd, { names: names.slice(0, -1).join(', '), last: names[names.length - 1]! });
  return t(m.namesAndMore, { names: names.slice(0, max).join(', '), count: names.length - max });
}

/** The link that opens the Activity screen's log form, prefilled (educator, date). */
export function logInteractionHref(prefill: { staffId?: number; day?: string } = {}): string {
  const params = new URLSearchParams({ log: '1' });
  if (prefill.staffId) params.set('staff_id', String(prefill.staffId));
  if (prefill.day) params.set('day', prefill.day);
  return `/app/activity?${params.toString()}`;
}

/**
 * The educators most recently coached, newest first, without repeats: the "Recent" quick picks of the log form and the
 * observation's educator (they work without a signal: the interactions list they come from is kept on the device).
 */
export function recentParticipants(interactions: Pick<Interaction, 'participants'>[], max = 8): { id: number; name: string }[] {
  const seen = new Map<number, { id: number; name: string }>();
  for (const i of interactions) {
    for (const p of i.participants) {
      if (!seen.has(p.id)) seen.set(p.id, { id: p.id, name: p.name });
      if (seen.size >= max) return [...seen.values()];
    }
  }
  return [...seen.values()];
}

/** The educators the caller coached most recently (from their own latest interactions). */
export function useRecentParticipants(userId: number | null) {
  const { data } = useInteractions(recentInteractionsQuery(userId));
  return data ? recentParticipants(data.data) : [];
}

/** Whether the read behind useRecentParticipants has answered (or failed): a form can wait for it to lay out once. */
export function useRecentParticipantsAnswered(userId: number | null): boolean {
  const { data, error } = useInteractions(recentInteractionsQuery(userId));
  return data !== undefined || error !== undefined;
}

const recentInteractionsQuery = (userId: number | null): InteractionListQuery | null => (userId ? { filter: { coach_id: [userId] }, sort: '-starts_at', per_page: 50 } : null);
