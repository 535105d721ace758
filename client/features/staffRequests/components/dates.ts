// Date-only values (YYYY-MM-DD) are calendar days: shown in the local calendar so "2026-01-05" never
// turns into January 4 west of UTC. Timestamps are instants shown in the user's date language.
import type { Locale } from 'date-fns';
import { formatDate, formatDateTime } from '../../../lib/format';

const pad = (n: number) => String(n).padStart(2, '0');

export function todayLocal(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** "Jan 5, 2026" in the user's date language. */
export function formatDay(day: string, locale?: Locale): string {
  const m = day.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  return m ? formatDate(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])), locale) : formatDate(day, locale);
}

/** The day before a YYYY-MM-DD day: the last day at the old school when a move starts on `day`. */
export function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** "Nov 21, 2026, 9:40 AM" in the user's date language. */
export function formatWhen(at: string, locale?: Locale): string {
  return formatDateTime(at, locale);
}
