// Interaction settings: the same calls on two bases — a district's own types (/api/interaction-type,
// /api/interaction-field; their list is the shared lookup of client/lib/lookups.ts, so the Activity and
// calendar screens see every change) and the provider's defaults (/api/admin/interaction-type,
// /api/admin/interaction-field). One SWR key + hook for the list per base; every change revalidates it.
import useSWR, { mutate, type SWRResponse } from 'swr';
import type {
  InteractionField, InteractionFieldInput, InteractionType, InteractionTypeInput,
} from '../../../common/schemas/interactionTypes';
import { api, type ApiError } from '../../lib/api';
import { fetchByKey, interactionTypesKey, revalidateInteractionTypes } from '../../lib/lookups';

type List<T> = { data: T[] };
export type Direction = 'up' | 'down';

export interface TypesApi {
  /** Which types these are: 'district' (the signed-in user's district) or 'defaults' (the provider's). */
  owner: 'district' | 'defaults';
  /** Every type, active and archived, in order, each with all its fields. */
  useTypes: () => SWRResponse<List<InteractionType>, ApiError>;
  createType: (input: InteractionTypeInput) => Promise<InteractionType>;
  updateType: (id: number, input: InteractionTypeInput) => Promise<InteractionType>;
  archiveType: (id: number) => Promise<InteractionType>;
  restoreType: (id: number) => Promise<InteractionType>;
  moveType: (id: number, direction: Direction) => Promise<InteractionType>;
  createField: (typeId: number, input: InteractionFieldInput) => Promise<InteractionField>;
  updateField: (id: number, input: InteractionFieldInput) => Promise<InteractionField>;
  archiveField: (id: number) => Promise<InteractionField>;
  restoreField: (id: number) => Promise<InteractionField>;
  moveField: (id: number, direction: Direction) => Promise<InteractionField>;
}

function typesApi(owner: TypesApi['owner'], base: string, key: () => readonly [string, object], revalidate: () => Promise<unknown>): TypesApi {
  const after = async <T>(request: Promise<T>): Promise<T> => {
    const answer = await request;
    await revalidate();
    return answer;
  };
  return {
    owner,
    useTypes: () => useSWR<List<InteractionType>, ApiError>(key(), fetchByKey<List<InteractionType>>, { keepPreviousData: true }),
    createType: (input) => after(api.post<InteractionType>(`${base}interaction-type`, input)),
    updateType: (id, input) => after(api.put<InteractionType>(`${base}interaction-type/${id}`, input)),
    archiveType: (id) => after(api.post<InteractionType>(`${base}interaction-type/${id}/archive`)),
    restoreType: (id) => after(api.post<InteractionType>(`${base}interaction-type/${id}/restore`)),
    moveType: (id, direction) => after(api.post<InteractionType>(`${base}interaction-type/${id}/move`, { direction })),
    createField: (typeId, input) => after(api.post<InteractionField>(`${base}interaction-type/${typeId}/field`, input)),
    updateField: (id, input) => after(api.put<InteractionField>(`${base}interaction-field/${id}`, input)),
    archiveField: (id) => after(api.post<InteractionField>(`${base}interaction-field/${id}/archive`)),
    restoreField: (id) => after(api.post<InteractionField>(`${base}interaction-field/${id}/restore`)),
    moveField: (id, direction) => after(api.post<InteractionField>(`${base}interaction-field/${id}/move`, { direction })),
  };
}

/** The signed-in district's types: the shared lookup's key, so Activity and the calendar import follow every change. */
export const districtTypesApi = typesApi('district', '', () => interactionTypesKey('all'), revalidateInteractionTypes);

export const defaultTypesKey = () => ['admin/interaction-type', { status: 'all' }] as const;

/** The provider's defaults (admin area). */
export const defaultTypesApi = typesApi('defaults', 'admin/', defaultTypesKey, () => mutate(defaultTypesKey()));
