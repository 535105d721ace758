// The way into an observation's capture from other screens (the educator's profile, Activity, the dashboard):
// /app/observations/new, prefilled with the educator (and a form) when given.
//
// The observations list (GET /api/observation), read by the observations screens, the home (what was shared
// with an educator) and the educator's profile: its shapes, key and hook defined once here (features never import
// each other). Every observation write (features/observations/api.ts) revalidates every ['observation', query] key.
import useSWR from 'swr';
import type { ObservationStatus } from '../../common/observationValues';
import type { ObservationSummaryAnswer } from '../../common/schemas/answers/observations';
import { countText } from '../../common/plural';
import { type ApiError, type Query, serializeQuery } from './api';
import { fetchByKey } from './lookups';
import { defineMessages, t } from './i18n';

const m = defineMessages({
  tally: { id: 'observations.tally', defaultMessage: '{seen} of {applicable} seen' },
});

/** /app/observations/new, prefilled with the educator (and a form) when given. */
export function newObservationHref(prefill: { staffId?: number; formId?: number } = {}): string {
  const params = new URLSearchParams();
  if (prefill.staffId) params.set('staff_id', String(prefill.staffId));
  if (prefill.formId) params.set('form_id', String(prefill.formId));
  const qs = params.toString();
  return `/app/observations/new${qs ? `?${qs}` : ''}`;
}

/** A row of GET /api/observation (presentObservationSummary): the answer schema's type, so the screens read
 *  exactly what the server promises. */
export type ObservationSummary = ObservationSummaryAnswer;

export interface ObservationList {
  data: ObservationSummary[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

/** The filters of GET /api/observation (and its CSV) as the API names them (without the filter[] wrapper). */
export interface ObservationFilter {
  from?: string;
  to?: string;
  form_id?: number[];
  staff_id?: number[];
  building_id?: number[];
  observer_id?: number[];
  status?: ObservationStatus[];
  shared?: 'yes' | 'no';
  acknowledged?: 'yes' | 'no';
}

/** The query sent (and the cache key): empty filters and the first page left out, so equal lists share a key. */
export function observationQuery(filter: ObservationFilter, page: number, perPage = 25): Query {
  const f: Record<string, string | number[] | string[]> = {};
  for (const [key, value] of Object.entries(filter) as [string, unknown][]) {
    if (Array.isArray(value) ? value.length > 0 : value) f[key] = value as string | number[] | string[];
  }
  return { filter: f, page: page > 1 ? page : undefined, per_page: perPage };
}

export const observationsKey = (filter: ObservationFilter, page: number, perPage = 25) => ['observation', observationQuery(filter, page, perPage)] as const;

/** GET /api/observation: the caller's observations, newest first (an educator's: those shared with them); null asks nothing. */
export function useObservations(filter: ObservationFilter | null, page = 1, perPage = 25) {
  return useSWR<ObservationList, ApiError>(filter ? observationsKey(filter, page, perPage) : null, fetchByKey<ObservationList>, { keepPreviousData: true });
}

/** GET /api/observation.csv with the list's filters (a plain GET: a link downloads it with the session cookie). */
/** GET /api/observation/observers: who may observe within the caller's reach (the observations list's observer
 *  filter, the walkthrough report's). Only a caller who observes may ask (`see activity`, logging). */
export function useObservers(enabled = true) {
  return useSWR<{ data: { id: number; name: string }[] }, ApiError>(enabled ? ['observation/observers', {}] as const : null, fetchByKey<{ data: { id: number; name: string }[] }>);
}

export function observationCsvHref(filter: ObservationFilter): string {
  const { filter: f } = observationQuery(filter, 1);
  const qs = serializeQuery({ filter: f } as Query);
  return `/api/observation.csv${qs ? `?${qs}` : ''}`;
}

/** "5 of 8 seen" (the tally of the API or of the capture); null when there are no look-fors answered. */
export function tallyText(tally: { seen: number; applicable: number } | null): string | null {
  if (!tally || tally.applicable === 0) return null;
  return t(m.tally, { seen: countText(tally.seen), applicable: countText(tally.applicable) });
}
