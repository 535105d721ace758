// The observations list's state in the URL (filters, date range, page) and the API filter it stands for.
// Pure: the screen reads it from location.search and writes patches back with useListUpdate.
import { OBSERVATION_STATUSES, type ObservationStatus } from '../../../common/observationValues';
import { readPage } from '../../lib/listParams';
import { addDays, isDay } from '../../lib/zonedTime';
import type { ObservationFilter } from './api';
import { defineMessages, type MessageDescriptor } from '../../lib/i18n';

const m = defineMessages({
  rangeAny: { id: 'observations.rangeAny', defaultMessage: 'Any time' },
  rangeLast30: { id: 'observations.rangeLast30', defaultMessage: 'Last 30 days' },
  rangeThisMonth: { id: 'observations.rangeThisMonth', defaultMessage: 'This month' },
  rangeLastMonth: { id: 'observations.rangeLastMonth', defaultMessage: 'Last month' },
  rangeCustom: { id: 'observations.rangeCustom', defaultMessage: 'Custom dates' },
});

export const RANGE_PRESETS = ['any', 'last-30-days', 'this-month', 'last-month', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
/** Each preset's label as a message (shown with `t` where rendered). */
export const RANGE_LABELS: Record<RangePreset, MessageDescriptor> = {
  any: m.rangeAny, 'last-30-days': m.rangeLast30, 'this-month': m.rangeThisMonth, 'last-month': m.rangeLastMonth, custom: m.rangeCustom,
};

export interface ObservationListState {
  form: number[];
  educator: number | null;
  school: number[];
  observer: number[];
  preset: RangePreset;
  from: string | null;
  to: string | null;
  status: ObservationStatus | '';
  shared: 'yes' | 'no' | '';
  acknowledged: 'yes' | 'no' | '';
  page: number;
}

/** What the URL holds, each key as the state names it (ids comma-separated). */
export type ListPatch = Partial<Record<'form' | 'educator' | 'school' | 'observer' | 'preset' | 'from' | 'to' | 'status' | 'shared' | 'acknowledged', string>> & { page?: number };

export const URL_DEFAULTS = { preset: 'any' } as const;
export const CLEARED: ListPatch = {
  form: '', educator: '', school: '', observer: '', preset: '', from: '', to: '', status: '', shared: '', acknowledged: '',
};

const ids = (v: string | null): number[] => (v ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0).slice(0, 50);
const yesNo = (v: string | null): 'yes' | 'no' | '' => (v === 'yes' || v === 'no' ? v : '');

export function stateFromSearch(params: URLSearchParams): ObservationListState {
  const preset = params.get('preset') as RangePreset | null;
  const status = params.get('status') as ObservationStatus | null;
  const from = params.get('from');
  const to = params.get('to');
  return {
    form: ids(params.get('form')),
    educator: ids(params.get('educator'))[0] ?? null,
    school: ids(params.get('school')),
    observer: ids(params.get('observer')),
    preset: preset && (RANGE_PRESETS as readonly string[]).includes(preset) ? preset : 'any',
    from: isDay(from) ? from : null,
    to: isDay(to) ? to : null,
    status: status && (OBSERVATION_STATUSES as readonly string[]).includes(status) ? status : '',
    shared: yesNo(params.get('shared')),
    acknowledged: yesNo(params.get('acknowledged')),
    page: readPage(params),
  };
}

const firstOfMonth = (d: string) => `${d.slice(0, 8)}01`;

/** The days a preset stands for on `today` (null: no limit). */
export function presetRange(state: Pick<ObservationListState, 'preset' | 'from' | 'to'>, today: string): { from: string | null; to: string | null } {
  switch (state.preset) {
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
    case 'this-month':
      return { from: firstOfMonth(today), to: today };
    case 'last-month': {
      const end = addDays(firstOfMonth(today), -1);
      return { from: firstOfMonth(end), to: end };
    }
    case 'custom':
      return { from: state.from, to: state.from && state.to && state.to < state.from ? state.from : state.to };
    default:
      return { from: null, to: null };
  }
}

/** The API's filter of the list's state. */
export function apiFilter(state: ObservationListState, today: string): ObservationFilter {
  const range = presetRange(state, today);
  return {
    from: range.from ?? undefined,
    to: range.to ?? undefined,
    form_id: state.form,
    staff_id: state.educator ? [state.educator] : [],
    building_id: state.school,
    observer_id: state.observer,
    status: state.status ? [state.status] : [],
    shared: state.shared || undefined,
    acknowledged: state.acknowledged || undefined,
  };
}

/** How many filters are set (the date range counts once). */
export function activeFilterCount(state: ObservationListState): number {
  return [state.form.length > 0, state.educator !== null, state.school.length > 0, state.observer.length > 0, state.preset !== 'any',
    state.status !== '', state.shared !== '', state.acknowledged !== ''].filter(Boolean).length;
}
