// Observer calibration (issue 28, item 5): one SWR key builder, fetcher and hook per endpoint, and the calls
// that change a session with their invalidation. Every key starts with its resource's path, so a change
// revalidates every list and session at once.
import useSWR, { mutate } from 'swr';
import { api, type ApiError } from '../../lib/api';
import { fetchByKey } from '../../lib/lookups';

/** One figure of the agreement: counts and rates (null when nothing was compared). */
export interface AgreementTally {
  compared: number;
  exact: number;
  exact_rate: number | null;
  rating_compared: number;
  within_one: number;
  within_one_rate: number | null;
}

type Person = { id: number; name: string };

export interface AgreementItem extends AgreementTally { lineage_id: number; label: string; kind: 'look_for' | 'rating' | 'choice'; section: string | null }
export interface AgreementPair extends AgreementTally { observers: [Person, Person]; sessions: number }
export interface AgreementMonth extends AgreementTally { month: string; sessions: number }

export interface CalibrationSessionSummary {
  id: number;
  title: string;
  notes: string | null;
  observed_at: string;
  form: { id: number; name: string };
  educator: Person;
  school: { id: number; name: string } | null;
  created_by: Person | null;
  created_at: string;
  archived_at: string | null;
  observers: Person[];
  my_observation: { id: number; status: 'draft' | 'completed' } | null;
  can_archive: boolean;
}

export interface CalibrationSession extends CalibrationSessionSummary {
  agreement: { overall: AgreementTally; items: AgreementItem[]; pairs: AgreementPair[]; months: AgreementMonth[] };
}

export interface CalibrationAgreement {
  form: { id: number; name: string };
  sessions: number;
  overall: AgreementTally;
  items: AgreementItem[];
  pairs: AgreementPair[];
  months: AgreementMonth[];
}

export interface CalibrationSessionBody {
  title: string;
  form_id: number;
  staff_id: number;
  observed_at: string;
  notes: string | null;
}

const SESSION = 'calibration-session';
const AGREEMENT = 'calibration-agreement';

export const calibrationSessionsKey = (status: 'active' | 'archived') => [SESSION, { filter: { status } }] as const;
export const calibrationSessionKey = (id: number) => [`${SESSION}/${id}`, {}] as const;
/** The lessons' days an agreement covers (either end open). */
export type AgreementRange = { from: string | null; to: string | null };

export const calibrationAgreementKey = (formId: number, range: AgreementRange = { from: null, to: null }) =>
  [AGREEMENT, { filter: { form_id: formId, ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) } }] as const;

/** GET /api/calibration-session?filter[status]=… */
export function useCalibrationSessions(status: 'active' | 'archived') {
  return useSWR<{ data: CalibrationSessionSummary[] }, ApiError>(calibrationSessionsKey(status), fetchByKey<{ data: CalibrationSessionSummary[] }>);
}

/** GET /api/calibration-session/{id} */
export function useCalibrationSession(id: number | null) {
  return useSWR<CalibrationSession, ApiError>(id ? calibrationSessionKey(id) : null, fetchByKey<CalibrationSession>);
}

/** GET /api/calibration-agreement?filter[form_id]=…&filter[from]=…&filter[to]=… (null asks nothing). */
export function useCalibrationAgreement(formId: number | null, range?: AgreementRange) {
  return useSWR<CalibrationAgreement, ApiError>(formId ? calibrationAgreementKey(formId, range) : null, fetchByKey<CalibrationAgreement>);
}

/** After any change to a session: every calibration list, session and agreement refetches. */
export function revalidateCalibration(): Promise<unknown> {
  return mutate((key: unknown) => Array.isArray(key) && typeof key[0] === 'string' && (key[0].startsWith(SESSION) || key[0] === AGREEMENT));
}

export const calibrationApi = {
  async create(body: CalibrationSessionBody): Promise<CalibrationSession> {
    const session = await api.post<CalibrationSession>(SESSION, body);
    await revalidateCalibration();
    return session;
  },
  async archive(id: number, archived: boolean): Promise<CalibrationSession> {
    const session = await api.post<CalibrationSession>(`${SESSION}/${id}/${archived ? 'archive' : 'restore'}`);
    await revalidateCalibration();
    return session;
  },
};

/** "83%" of a rate (0–1), "—" when nothing was compared. */
export const percent = (rate: number | null): string => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
