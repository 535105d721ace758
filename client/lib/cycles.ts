// Coaching cycles on the client (issue 10): the cycles list and one cycle, the district's stages and goal
// templates, every change and its revalidation, defined once here because several features show cycles
// (the coaching workspace, cycle settings, the educator's and the coach's pages, the log form's cycle
// select). Keys are [path, query] for lists and [path, id] for one cycle.
import useSWR, { mutate } from 'swr';
import type {
  CompleteCyclePayload, Cycle, CyclePayload, CycleStage, CycleSummary, GoalTemplate, GoalTemplatePayload, StagePayload,
} from '../../common/schemas/cycles';
import type { Paginated } from '../../common/schemas/staff';
import { api, type ApiError, type Query } from './api';
import { fetchByKey } from './lookups';

type List<T> = { data: T[] };

const isAnyOf = (path: string) => (key: unknown): boolean => Array.isArray(key) && key[0] === path;

// ---- Stages and goal templates (any login reads) ----------------------------------------------------

export const cycleStagesKey = () => ['coaching-cycle-stage', {}] as const;
export const goalTemplatesKey = () => ['coaching-cycle-goal-template', {}] as const;

export function useCycleStages(enabled = true) {
  return useSWR<List<CycleStage>, ApiError>(enabled ? cycleStagesKey() : null, fetchByKey<List<CycleStage>>);
}
export function useGoalTemplates(enabled = true) {
  return useSWR<List<GoalTemplate>, ApiError>(enabled ? goalTemplatesKey() : null, fetchByKey<List<GoalTemplate>>);
}

const afterStages = async <T>(request: Promise<T>): Promise<T> => {
  const answer = await request;
  await Promise.all([mutate(cycleStagesKey()), revalidateCycles()]);
  return answer;
};
const afterTemplates = async <T>(request: Promise<T>): Promise<T> => {
  const answer = await request;
  await mutate(goalTemplatesKey());
  return answer;
};

export const stageApi = {
  create: (input: StagePayload) => afterStages(api.post<CycleStage>('coaching-cycle-stage', input)),
  update: (id: number, input: StagePayload) => afterStages(api.put<CycleStage>(`coaching-cycle-stage/${id}`, input)),
  archive: (id: number) => afterStages(api.post<CycleStage>(`coaching-cycle-stage/${id}/archive`)),
  restore: (id: number) => afterStages(api.post<CycleStage>(`coaching-cycle-stage/${id}/restore`)),
  order: (ids: number[]) => afterStages(api.put<List<CycleStage>>('coaching-cycle-stage/order', { ids })),
};

export const goalTemplateApi = {
  create: (input: GoalTemplatePayload) => afterTemplates(api.post<GoalTemplate>('coaching-cycle-goal-template', input)),
  update: (id: number, input: GoalTemplatePayload) => afterTemplates(api.put<GoalTemplate>(`coaching-cycle-goal-template/${id}`, input)),
  archive: (id: number) => afterTemplates(api.post<GoalTemplate>(`coaching-cycle-goal-template/${id}/archive`)),
  restore: (id: number) => afterTemplates(api.post<GoalTemplate>(`coaching-cycle-goal-template/${id}/restore`)),
  order: (ids: number[]) => afterTemplates(api.put<List<GoalTemplate>>('coaching-cycle-goal-template/order', { ids })),
};

/** The ids of the active rows with one moved a place up or down (for the order calls). */
export function movedOrder(rows: readonly { id: number; archived: boolean }[], id: number, direction: 'up' | 'down'): number[] {
  const ids = rows.filter((r) => !r.archived).map((r) => r.id);
  const at = ids.indexOf(id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= ids.length) return ids;
  [ids[at], ids[to]] = [ids[to]!, ids[at]!];
  return ids;
}

// ---- Cycles -----------------------------------------------------------------------------------------

export interface CycleFilter {
  coach_id?: number[];
  building_id?: number[];
  status?: string[];
  stage_id?: number[];
  due?: string[];
  staff_id?: number[];
  /** Cycles overlapping from..to (the reports' drill-down). */
  from?: string;
  to?: string;
}

export const cyclesKey = (filter: CycleFilter, page = 1, perPage = 100) =>
  ['coaching-cycle', { filter: filter as Query, page, per_page: perPage }] as const;
export const cycleKey = (id: number) => ['coaching-cycle', id] as const;

export function useCycles(filter: CycleFilter, opts: { page?: number; perPage?: number; enabled?: boolean } = {}) {
  return useSWR<Paginated<CycleSummary>, ApiError>(
    opts.enabled === false ? null : cyclesKey(filter, opts.page ?? 1, opts.perPage ?? 100),
    fetchByKey<Paginated<CycleSummary>>,
    { keepPreviousData: true },
  );
}

export function useCycle(id: number | null) {
  return useSWR<Cycle, ApiError>(id === null ? null : cycleKey(id), ([path, cycleId]: readonly [string, number]) => api.get<Cycle>(`${path}/${cycleId}`));
}

/** Every cycle list and cycle (after any change to cycles, stages, or an interaction's cycle link). */
export function revalidateCycles(): Promise<unknown> {
  return mutate(isAnyOf('coaching-cycle'));
}

const afterCycle = async (request: Promise<Cycle>): Promise<Cycle> => {
  const answer = await request;
  await Promise.all([mutate(cycleKey(answer.id), answer, { revalidate: false }), mutate(cycleStagesKey()), revalidateCycles()]);
  return answer;
};

export const cycleApi = {
  create: (input: CyclePayload) => afterCycle(api.post<Cycle>('coaching-cycle', input)),
  update: (id: number, input: CyclePayload) => afterCycle(api.put<Cycle>(`coaching-cycle/${id}`, input)),
  advance: (id: number) => afterCycle(api.post<Cycle>(`coaching-cycle/${id}/advance`)),
  moveTo: (id: number, stageId: number) => afterCycle(api.post<Cycle>(`coaching-cycle/${id}/stage`, { stage_id: stageId })),
  complete: (id: number, input: CompleteCyclePayload) => afterCycle(api.post<Cycle>(`coaching-cycle/${id}/complete`, input)),
  cancel: (id: number) => afterCycle(api.post<Cycle>(`coaching-cycle/${id}/cancel`)),
  remove: (id: number) => afterCycle(api.delete<Cycle>(`coaching-cycle/${id}`)),
  addNote: (id: number, body: string) => afterCycle(api.post<Cycle>(`coaching-cycle/${id}/note`, { body })),
  updateNote: (id: number, noteId: number, body: string) => afterCycle(api.put<Cycle>(`coaching-cycle/${id}/note/${noteId}`, { body })),
  deleteNote: (id: number, noteId: number) => afterCycle(api.delete<Cycle>(`coaching-cycle/${id}/note/${noteId}`)),
};

// ---- Focus skills ------------------------------------------------------------------------------------

/** The part of GET /api/skill-framework the focus-skill pickers read (archived domains and skills marked). */
export interface FocusSkillFramework {
  domains: { id: number; name: string; archived: boolean; skills: { id: number; name: string; archived: boolean }[] }[];
}

/**
 * The district's framework for focus-skill pickers: the same SWR key as the skills feature's framework
 * (['skill-framework', {}]), so both share one cache entry and its revalidation.
 */
export function useFocusSkillFramework(enabled = true) {
  return useSWR<FocusSkillFramework, ApiError>(enabled ? ['skill-framework', {}] as const : null, fetchByKey<FocusSkillFramework>);
}
