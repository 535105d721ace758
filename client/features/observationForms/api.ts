// Observation forms (issue 28): GET /api/observation-form?status=all is this feature's one list (every form
// with its current version's items); the writes revalidate every observation-form key, so a capture screen
// reading the forms through its own key follows each change too.
import useSWR, { mutate } from 'swr';
import type { ObservationForm } from '../../../common/schemas/observationForms';
import type { ObservationItemKind } from '../../../common/schemas/observations';
import { api, type ApiError } from '../../lib/api';
import { fetchByKey } from '../../lib/lookups';

type List<T> = { data: T[] };

/** What the editor sends (POST and PUT take the same body). */
export interface FormBody {
  name: string;
  description: string | null;
  interaction_type_id: number | null;
  items: {
    id: number | null; label: string; kind: ObservationItemKind; required: boolean; section: string | null;
    options: string[]; multiple: boolean; scale: number | null; skill_id: number | null;
  }[];
}

export const observationFormsKey = () => ['observation-form', { status: 'all' }] as const;

/** Every form of the district, active and archived, with its items. */
export function useObservationForms() {
  return useSWR<List<ObservationForm>, ApiError>(observationFormsKey(), fetchByKey<List<ObservationForm>>, { keepPreviousData: true });
}

/** After a form is added, changed, archived or restored: every observation-form list refetches. */
export function revalidateObservationForms(): Promise<unknown> {
  return mutate((key: unknown) => Array.isArray(key) && key[0] === 'observation-form');
}

const after = async <T>(request: Promise<T>): Promise<T> => {
  const answer = await request;
  await revalidateObservationForms();
  return answer;
};

export const observationFormApi = {
  create: (body: FormBody) => after(api.post<ObservationForm>('observation-form', body)),
  update: (id: number, body: FormBody) => after(api.put<ObservationForm>(`observation-form/${id}`, body)),
  archive: (id: number) => after(api.post<ObservationForm>(`observation-form/${id}/archive`)),
  restore: (id: number) => after(api.post<ObservationForm>(`observation-form/${id}/restore`)),
};
