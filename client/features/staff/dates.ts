// Date-only values (YYYY-MM-DD) are calendar days, not instants: they are built and shown in the
// user's local calendar so "2024-08-12" never turns into August 11 west of UTC.
import type { Locale } from 'date-fns';
import { formatDate } from '../../lib/format';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today in the device's local calendar, as YYYY-MM-DD. */
export function todayLocal(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** YYYY-MM-DD when it names a real calendar day, else null. */
export function isoDay(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The day before a YYYY-MM-DD day (the last day of a history row closed by a change on `day`). */
export function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD day, or an ISO timestamp, in the user's date language ("Aug 12, 2024"). */
export function formatDay(value: string | null | undefined, locale?: Locale): string {
  if (!value) return '';
  const m = value.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (m) return formatDate(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])), locale);
  return formatDate(value, locale);
}

/** "Aug 15, 2019 – Jun 14, 2024", or "Since Aug 12, 2024" for an open row. */
export function formatDayRange(start: string, end: string | null, locale?: Locale): string {
  return end ? `${formatDay(start, locale)} – ${formatDay(end, locale)}` : `Since ${formatDay(start, locale)}`;
}
