import type { Locale } from 'date-fns';
import { formatDate } from '../../../lib/format';

/** A YYYY-MM-DD date as local midnight, so it never shifts a day in US timezones. */
export function parseIsoDate(value: string): Date {
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y!, (m ?? 1) - 1, d ?? 1);
}

export const formatIsoDate = (value: string, locale?: Locale) => formatDate(parseIsoDate(value), locale);

/** Today's date (YYYY-MM-DD) in a timezone; the device's own date when the zone is unknown. */
export function todayIn(timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  }
}
