// Friendly names of the US timezones people and districts choose from.
import { US_TIMEZONES } from '../../common/constants';

const TIMEZONE_LABELS: Record<string, string> = {
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

/** The US zones as select options, plus the current one when it is something else. */
export function timezoneOptions(current: string) {
  const zones: string[] = [...US_TIMEZONES];
  if (current && !zones.includes(current)) zones.unshift(current);
  return zones.map((value) => ({ value, label: timezoneLabel(value) }));
}
