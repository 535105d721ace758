// Observations (issue 28): one SWR key builder, fetcher and hook per endpoint, and the calls that change an
// observation with their invalidation. The forms the capture offers are read through this feature's own key
// (['observation-form', { status }]); the form editor's writes revalidate every observation-form key.
// Completing, editing or deleting an observation changes its interaction too, so the interaction lists
// refetch after those calls.
import useSWR, { mutate } from 'swr';
import type { ObservationForm, ObservationFormItem } from '../../../common/schemas/observationForms';
import type { ObservationStatus } from '../../../common/observationValues';
import { api, type ApiError } from '../../lib/api';
import { revalidateInteractions } from '../../lib/interactions';
import { fetchByKey, staffKey } from '../../lib/lookups';
import type { ObservationAnswer, ObservationFormItemAnswer, ObservationValueAnswer } from '../../../common/schemas/answers/observations';
import type { Fits, Holds, SameShape } from '../../../common/schemas/answers/shapes';
import type { ObservationCreatePayload, ObservationUpdatePayload } from '../../../common/schemas/observations';

// The list (GET /api/observation) is read on the home and the educator's profile too: its key, hook and shapes
// live in lib/observations.ts.
export {
  type ObservationFilter, type ObservationList, observationCsvHref, observationQuery, observationsKey, type ObservationSummary, useObservations, useObservers,
} from '../../lib/observations';

type List<T> = { data: T[] };

// Every shape below is the answer schemas' (common/schemas/answers/observations.ts, z.infer) or is checked against
// the request schemas at compile time: `npm run typecheck` fails when they drift. Types only (`import type`): no zod
// reaches the client's code.

/** An answer's value as the API takes and gives it: look_for 'yes'|'no'|'na', rating and number a number,
 *  choice a string or strings, text a string (the answer schema's). */
export type AnswerValue = ObservationValueAnswer;

/** An observation's items are its form version's, shaped as the form editor reads them (the answer schema's). */
export type ObservationItem = ObservationFormItemAnswer;
export type ObservationItemMatches = Holds<SameShape<ObservationItem, ObservationFormItem>>;

/** GET /api/observation/{id} (presentObservation): what this reader may see of it (the answer schema's type;
 *  `private_notes` only in the observer's own answer, `calibration` when the reader may read that session). */
export type Observation = ObservationAnswer;

/** POST /api/observation and PUT /api/observation/{id}. */
export interface ObservationBody {
  form_id: number;
  staff_id: number;
  observed_at: string;
  duration_minutes: number;
  status: ObservationStatus;
  answers: { item_id: number; value: AnswerValue; evidence: string | null }[];
  notes: string | null;
  next_steps: string | null;
  private_notes: string | null;
  /** A calibration session of the same form and educator (issue 28, item 5). */
  calibration_id?: number | null;
}
/** Every body the capture sends is one POST /api/observation (with the outbox's client_id) and PUT (with base_updated_at) take. */
export type ObservationCreateFits = Holds<Fits<ObservationBody & { client_id?: string }, ObservationCreatePayload>>;
export type ObservationUpdateFits = Holds<Fits<ObservationBody & { base_updated_at?: string }, ObservationUpdatePayload>>;

const OBSERVATION = 'observation';

export const observationKey = (id: number) => [OBSERVATION, id] as const;

/** GET /api/observation/{id}; null asks nothing. */
export function useObservation(id: number | null) {
  return useSWR<Observation, ApiError>(id ? observationKey(id) : null, ([, oid]: readonly [string, number]) => api.get<Observation>(`${OBSERVATION}/${oid}`));
}

export const activeFormsKey = () => ['observation-form', { status: 'active' }] as const;
export const allFormsKey = () => ['observation-form', { status: 'all' }] as const;

/** GET /api/observation-form: the forms the caller may use (active) or name in a filter (all). */
export function useObservationForms(status: 'active' | 'all' = 'active') {
  return useSWR<List<ObservationForm>, ApiError>(status === 'active' ? activeFormsKey() : allFormsKey(), fetchByKey<List<ObservationForm>>);
}

/** After a write: every observation list refetches; one observation takes the answer given (or refetches). */
async function revalidate(changed?: Observation, id?: number, interactions = false): Promise<void> {
  const lists = mutate((key: unknown) => Array.isArray(key) && key[0] === OBSERVATION && typeof key[1] === 'object');
  const one = changed ? mutate(observationKey(changed.id), changed, { revalidate: false }) : id ? mutate(observationKey(id)) : undefined;
  await Promise.all([lists, one, interactions ? revalidateInteractions() : undefined]);
}

export const observationApi = {
  /** A new draft or a completed observation. */
  async create(body: ObservationBody): Promise<Observation> {
    const o = await api.post<Observation>(OBSERVATION, body);
    await revalidate(o, undefined, o.status === 'completed');
    return o;
  },
  /** With `base`, the `updated_at` of the version the edit started from (issue 31): another version stored is 409 `edit_conflict`. */
  async update(id: number, body: ObservationBody, base: string | null = null): Promise<Observation> {
    const o = await api.put<Observation>(`${OBSERVATION}/${id}`, base ? { ...body, base_updated_at: base } : body);
    await revalidate(o, undefined, o.status === 'completed');
    return o;
  },
  /**
   * The draft saved as the page is left (the tab closed): the request outlives the page. An edit carries its base
   * version (issue 31): it never overwrites a version saved meanwhile elsewhere.
   */
  saveOnLeaving(id: number | null, body: ObservationBody, base: string | null = null): void {
    const sent = id !== null && base ? { ...body, base_updated_at: base } : body;
    void api.send(id === null ? 'POST' : 'PUT', id === null ? OBSERVATION : `${OBSERVATION}/${id}`, sent).catch(() => undefined);
  },
  async remove(id: number): Promise<void> {
    await api.delete(`${OBSERVATION}/${id}`);
    await mutate(observationKey(id), undefined, { revalidate: false });
    await revalidate(undefined, undefined, true);
  },
  async share(id: number, what: { answers: boolean; notes: boolean }): Promise<Observation> {
    const o = await api.post<Observation>(`${OBSERVATION}/${id}/share`, what);
    await revalidate(o);
    return o;
  },
  async acknowledge(id: number, reflection: string | null): Promise<Observation> {
    const o = await api.post<Observation>(`${OBSERVATION}/${id}/acknowledge`, { reflection });
    await revalidate(o);
    return o;
  },
};

/** One educator's name, for the educator filter's chip (GET /api/staff/{id}, the shared profile key). */
export function useEducatorName(id: number | null): string | null {
  const { data } = useSWR<{ name: string }, ApiError>(id ? staffKey(id) : null, (key: string) => api.get<{ name: string }>(key));
  return data?.name ?? null;
}
