// Dates on the client, in one place. Two kinds of value cross the API:
// - calendar days "YYYY-MM-DD" (hire dates, school history, caseloads, staff requests): built and shown
//   in the local calendar, so "2024-08-12" never turns into August 11 west of UTC;
// - instants (ISO UTC). Staff group member dates are instants: the user picks a day on their profile
//   clock (their timezone, else the browser's) and the API stores the UTC instant of that day's local
//   midnight (spec §5); shown again, the instant is read back on the same clock.
// The functions are pure and take an explicit zone or clock where it matters, so tests pin them; the
// screens pass none and get the browser's zone and the current time.
import type { Locale } from 'date-fns';
import { formatDate } from './format';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The browser's IANA timezone, e.g. "America/Los_Angeles". */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(instant: number, timeZone: string) {
  let f = partFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    partFormatters.set(timeZone, f);
  }
  const parts = f.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
}

/** Offset of the zone from UTC at an instant, in ms (Los Angeles in summer: −7 h). */
function zoneOffset(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

function parseParts(day: string): { y: number; m: number; d: number } | null {
  const match = DATE.exec(day.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isoDay(y, m, d) ? { y, m, d } : null;
}

/** YYYY-MM-DD when it names a real calendar day, else null. */
export function isoDay(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * Today's calendar day "YYYY-MM-DD" in a timezone (a user's profile zone, the browser's zone); without
 * a zone, or with one the browser does not know, the device's own calendar.
 */
export function todayIn(timeZone?: string | null, now: number | Date = Date.now()): string {
  const instant = typeof now === 'number' ? now : now.getTime();
  if (timeZone) {
    try {
      return utcToLocalDate(new Date(instant).toISOString(), timeZone);
    } catch {
      // An unknown zone (RangeError): the device's calendar below.
    }
  }
  const local = new Date(instant);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** The day before a YYYY-MM-DD day (the last day of a history row closed by a change on `day`). */
export function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Days from `start` to `end`, both counted ("2026-01-05" to "2026-01-05" is 1 day). */
export function daysInclusive(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

/** A calendar day as a Date at this browser's local midnight (for display formatting); null when invalid. */
export function localDateAsDate(day: string): Date | null {
  const parsed = parseParts(day);
  return parsed ? new Date(parsed.y, parsed.m - 1, parsed.d) : null;
}

/**
 * A picked local date "YYYY-MM-DD" → the UTC instant of its local midnight, as an ISO string:
 * in America/Los_Angeles "2026-09-01" → "2026-09-01T07:00:00.000Z". Empty or invalid → null.
 * Where a zone skips midnight (a DST change at 00:00), the day's first real instant is used.
 */
export function localDateToUtc(date: string | null | undefined, timeZone: string = browserTimeZone()): string | null {
  const parsed = date ? parseParts(date) : null;
  if (!parsed) return null;
  const wallClock = Date.UTC(parsed.y, parsed.m - 1, parsed.d);
  let instant = wallClock - zoneOffset(wallClock, timeZone);
  // The offset at the guess may differ from the offset at the answer (a DST change in between).
  const second = wallClock - zoneOffset(instant, timeZone);
  if (second !== instant) {
    instant = second;
    // Midnight does not exist that day: step to the first instant that is on the picked date.
    const p = partsIn(instant, timeZone);
    if (p.day !== parsed.d) instant = wallClock - zoneOffset(instant - 3_600_000, timeZone);
  }
  return new Date(instant).toISOString();
}

/** A stored UTC instant → the calendar date "YYYY-MM-DD" it falls on in the zone; '' when missing. */
export function utcToLocalDate(iso: string | null | undefined, timeZone: string = browserTimeZone()): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const p = partsIn(time, timeZone);
  return `${String(p.year).padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}`;
}

/** A YYYY-MM-DD day, or an ISO timestamp, in the user's date language ("Aug 12, 2024"); '' when missing. */
export function formatDay(value: string | null | undefined, locale?: Locale): string {
  if (!value) return '';
  const m = DATE.exec(value);
  if (m) return formatDate(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])), locale);
  return formatDate(value, locale);
}
