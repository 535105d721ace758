// Action steps on the client (issue 29, item 2): the list hook, one step's changes and their revalidation,
// defined once here because several features show steps (the educator's Action steps screen, View Educator's
// section for coaches). Keys are ['action-step', query].
import useSWR, { mutate } from 'swr';
import type { ActionStep, ActionStepFollowThrough, ActionStepCompletePayload, ActionStepCreatePayload, ActionStepStatus, ActionStepUpdatePayload } from '../../common/schemas/actionSteps';
import type { Paginated } from '../../common/schemas/staff';
import { api, type ApiError, type Query } from './api';
import { fetchByKey } from './lookups';

export interface ActionStepFilter {
  staff_id?: number[];
  status?: ActionStepStatus[];
}

export const actionStepsKey = (filter: ActionStepFilter, page = 1, perPage = 100) =>
  ['action-step', { filter: filter as Query, page, per_page: perPage }] as const;

export function useActionSteps(filter: ActionStepFilter, opts: { page?: number; perPage?: number; enabled?: boolean } = {}) {
  return useSWR<Paginated<ActionStep>, ApiError>(
    opts.enabled === false ? null : actionStepsKey(filter, opts.page ?? 1, opts.perPage ?? 100),
    fetchByKey<Paginated<ActionStep>>,
    { keepPreviousData: true },
  );
}

/** GET /api/action-step/follow-through: open, overdue, done and done on time by educator (the dashboards). */
export function useFollowThrough(enabled = true) {
  return useSWR<{ data: ActionStepFollowThrough[] }, ApiError>(enabled ? ['action-step/follow-through', {}] as const : null, fetchByKey<{ data: ActionStepFollowThrough[] }>);
}

/** Every action step list and the follow-through (after any change to a step). */
export function revalidateActionSteps(): Promise<unknown> {
  return mutate((key: unknown) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('action-step'));
}

const after = async (request: Promise<ActionStep>): Promise<ActionStep> => {
  const answer = await request;
  await revalidateActionSteps();
  return answer;
};

export const actionStepApi = {
  create: (input: ActionStepCreatePayload) => after(api.post<ActionStep>('action-step', input)),
  update: (id: number, input: ActionStepUpdatePayload) => after(api.put<ActionStep>(`action-step/${id}`, input)),
  complete: (id: number, input: ActionStepCompletePayload) => after(api.post<ActionStep>(`action-step/${id}/complete`, input)),
  reopen: (id: number) => after(api.post<ActionStep>(`action-step/${id}/reopen`)),
  drop: (id: number) => after(api.post<ActionStep>(`action-step/${id}/drop`)),
};
