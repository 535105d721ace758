// Wall-clock time in a named timezone (the signed-in user's profile zone), for interactions and
// activities: their starts_at is an instant (UTC ISO) and people enter and read it as a day and a time
// where they are. Pure functions with an explicit zone and clock, so tests pin them. Calendar days are
// "YYYY-MM-DD" strings and day arithmetic is done in UTC so no browser zone leaks in.

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'short',
      });
    } catch {
      // An unknown zone: UTC rather than a crash.
      f = formatterFor('UTC');
    }
    formatters.set(timeZone, f);
  }
  return f;
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock fields of an instant in a zone. */
export function zonedParts(instant: number | string, timeZone: string): ZonedParts {
  const time = typeof instant === 'string' ? Date.parse(instant) : instant;
  const parts = formatterFor(timeZone).formatToParts(time);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
}

/** The calendar day "YYYY-MM-DD" an instant falls on in the zone. */
export function zonedDay(instant: number | string, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${String(p.year).padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}`;
}

/** The wall-clock time "HH:mm" of an instant in the zone. */
export function zonedTime(instant: number | string, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * A Date in the browser's own zone showing the same wall clock as the instant in `timeZone`, for
 * date-fns formatting in the user's date language ("2:30 PM", "Tuesday, September 8").
 */
export function wallClock(instant: number | string, timeZone: string): Date {
  const p = zonedParts(instant, timeZone);
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** A calendar day as a browser-local Date at midnight (for formatting day headings). */
export function dayAsDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** True for a real calendar day "YYYY-MM-DD". */
export function isDay(value: string | null | undefined): value is string {
  const m = value ? DAY.exec(value) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/**
 * A day and a wall-clock time in the zone → the UTC instant (ISO). Null for an invalid day or time.
 * A time the zone skips (spring forward) moves forward by the gap; a repeated one takes the first.
 */
export function zonedToUtc(day: string, time: string, timeZone: string): string | null {
  const t = TIME.exec(time);
  if (!isDay(day) || !t) return null;
  const [hour, minute] = [Number(t[1]), Number(t[2])];
  if (hour > 23 || minute > 59) return null;
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  let instant = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(instant, timeZone);
  if (second !== instant) instant = Math.min(instant, second);
  return new Date(instant).toISOString();
}

/** `day` moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The first day of the week holding `day` (weeks start on `weekStartsOn`, 0 = Sunday). */
export function startOfWeek(day: string, weekStartsOn = 0): string {
  return addDays(day, -((weekdayOf(day) - weekStartsOn + 7) % 7));
}

/** The days from `from` to `to`, both included (at most 400, for safety against absurd ranges). */
export function daysOf(from: string, to: string): string[] {
  const n = Math.min(daysBetween(from, to), 399);
  const days: string[] = [];
  for (let i = 0; i <= n; i++) days.push(addDays(from, i));
  return days;
}

/**
 * "Now" in the zone rounded down to `step` minutes, as a day and a time (the log forms' default):
 * never in the future, so logging something that just happened defaults to completed.
 */
export function roundedNow(timeZone: string, step = 5, now: number = Date.now()): { day: string; time: string } {
  const rounded = Math.floor(now / (step * 60_000)) * step * 60_000;
  return { day: zonedDay(rounded, timeZone), time: zonedTime(rounded, timeZone) };
}

/** "1 h 30 min", "45 min", "2 h". */
export function formatMinutes(total: number): string {
  const minutes = Math.max(0, Math.round(total));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
