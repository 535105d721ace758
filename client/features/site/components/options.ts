import { US_TIMEZONES } from '../../../../common/constants';
import { GRADE_BANDS, MONTHS } from '../../../../common/schemas/site';

/** Friendly US names for the district timezone choices. */
export const TIMEZONE_LABELS: Record<string, string> = {
  'America/New_York': 'Eastern Time (New York)',
  'America/Chicago': 'Central Time (Chicago)',
  'America/Denver': 'Mountain Time (Denver)',
  'America/Phoenix': 'Mountain Time, no daylight saving (Phoenix)',
  'America/Los_Angeles': 'Pacific Time (Los Angeles)',
  'America/Anchorage': 'Alaska Time (Anchorage)',
  'Pacific/Honolulu': 'Hawaii Time (Honolulu)',
  'America/Puerto_Rico': 'Atlantic Time (Puerto Rico)',
  'Pacific/Guam': 'Chamorro Time (Guam)',
  UTC: 'Coordinated Universal Time (UTC)',
};

export const timezoneLabel = (tz: string) => TIMEZONE_LABELS[tz] ?? tz;

/** The US zones, plus the district's current one when it is something else. */
export function timezoneOptions(current: string) {
  const zones: string[] = [...US_TIMEZONES];
  if (current && !zones.includes(current)) zones.unshift(current);
  return zones.map((value) => ({ value, label: timezoneLabel(value) }));
}

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
