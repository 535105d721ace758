// Friendly names of the US timezones people and districts choose from.
import { US_TIMEZONES } from '../../common/constants';
import { defineMessages, type MessageDescriptor, t } from './i18n';

const TIMEZONE_LABELS: Record<string, MessageDescriptor> = defineMessages({
  'America/New_York': { id: 'ui.timezone.newYork', defaultMessage: 'Eastern Time (New York)' },
  'America/Chicago': { id: 'ui.timezone.chicago', defaultMessage: 'Central Time (Chicago)' },
  'America/Denver': { id: 'ui.timezone.denver', defaultMessage: 'Mountain Time (Denver)' },
  'America/Phoenix': { id: 'ui.timezone.phoenix', defaultMessage: 'Mountain Time, no daylight saving (Phoenix)' },
  'America/Los_Angeles': { id: 'ui.timezone.losAngeles', defaultMessage: 'Pacific Time (Los Angeles)' },
  'America/Anchorage': { id: 'ui.timezone.anchorage', defaultMessage: 'Alaska Time (Anchorage)' },
  'Pacific/Honolulu': { id: 'ui.timezone.honolulu', defaultMessage: 'Hawaii Time (Honolulu)' },
  'America/Puerto_Rico': { id: 'ui.timezone.puertoRico', defaultMessage: 'Atlantic Time (Puerto Rico)' },
  'Pacific/Guam': { id: 'ui.timezone.guam', defaultMessage: 'Chamorro Time (Guam)' },
  UTC: { id: 'ui.timezone.utc', defaultMessage: 'Coordinated Universal Time (UTC)' },
});

export const timezoneLabel = (tz: string) => {
  const label = TIMEZONE_LABELS[tz];
  return label ? t(label) : tz;
};

/** The US zones as select options, plus the current one when it is something else. */
export function timezoneOptions(current: string) {
  const zones: string[] = [...US_TIMEZONES];
  if (current && !zones.includes(current)) zones.unshift(current);
  return zones.map((value) => ({ value, label: timezoneLabel(value) }));
}
