import { GRADE_BANDS, MONTHS } from '../../../../common/schemas/site';

export { timezoneLabel, timezoneOptions } from '../../../lib/timezones';

export const MONTH_OPTIONS = MONTHS.map((label, i) => ({ value: String(i + 1), label }));
export const monthName = (month: number) => MONTHS[month - 1] ?? String(month);

export const GRADE_BAND_LABELS: Record<string, string> = {
  'PK-5': 'PK–5 (pre-K and elementary)',
  'K-5': 'K–5 (elementary)',
  'K-8': 'K–8',
  '6-8': '6–8 (middle school)',
  '9-12': '9–12 (high school)',
  'K-12': 'K–12',
  Other: 'Other',
};
export const GRADE_BAND_OPTIONS = GRADE_BANDS.map((value) => ({ value, label: GRADE_BAND_LABELS[value] ?? value }));
/** Short display form of a grade band: en dash for ranges. */
export const gradeBandText = (band: string | null) => (band ? band.replace('-', '–') : null);
