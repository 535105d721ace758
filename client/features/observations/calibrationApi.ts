// Observer calibration (issue 28, item 5): one SWR key builder, fetcher and hook per endpoint, and the calls
// that change a session with their invalidation. Every key starts with its resource's path, so a change
// revalidates every list and session at once.
import useSWR, { mutate } from 'swr';
import type {
  AgreementAnswer, AgreementTallyAnswer, CalibrationAgreementAnswer, CalibrationSessionAnswer, CalibrationSessionSummaryAnswer,
} from '../../../common/schemas/answers/observations';
import type { Fits, Holds } from '../../../common/schemas/answers/shapes';
import type { calibrationSessionSchema } from '../../../common/schemas/calibration';
import type * as z from 'zod/mini';
import { api, type ApiError } from '../../lib/api';
import { fetchByKey } from '../../lib/lookups';

// The answers' shapes are the answer schemas' types (common/schemas/answers/observations.ts), so the screens read
// exactly what the server promises.
export type AgreementTally = AgreementTallyAnswer;
export type AgreementItem = AgreementAnswer['items'][number];
export type AgreementPair = AgreementAnswer['pairs'][number];
export type AgreementMonth = AgreementAnswer['months'][number];
export type CalibrationSessionSummary = CalibrationSessionSummaryAnswer;
export type CalibrationSession = CalibrationSessionAnswer;
export type CalibrationAgreement = CalibrationAgreementAnswer;

export interface CalibrationSessionBody {
  title: string;
  form_id: number;
  staff_id: number;
  observed_at: string;
  notes: string | null;
}
/** The body is one POST /api/calibration-session takes (a compile-time check: the typecheck fails when they drift). */
export type CalibrationSessionBodyFits = Holds<Fits<CalibrationSessionBody, z.input<typeof calibrationSessionSchema>>>;

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
