// Member dates of staff groups (spec §5): the user picks a calendar date in the browser's own
// timezone; the API stores the UTC instant of that day's local midnight. Pure, so they are tested
// with explicit zones; the screens pass none and get the browser's zone.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

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
  const get = (type: string) => Number(f.formatToParts(instant).find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
}

/** Offset of the zone from UTC at an instant, in ms (Los Angeles in summer: −7 h). */
function zoneOffset(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

function parseDate(date: string): { y: number; m: number; d: number } | null {
  const match = DATE.exec(date.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return { y, m, d };
}

/**
 * A picked local date "YYYY-MM-DD" → the UTC instant of its local midnight, as an ISO string:
 * in America/Los_Angeles "2026-09-01" → "2026-09-01T07:00:00.000Z". Empty or invalid → null.
 * Where a zone skips midnight (a DST change at 00:00), the day's first real instant is used.
 */
export function localDateToUtc(date: string | null | undefined, timeZone: string = browserTimeZone()): string | null {
  const parsed = date ? parseDate(date) : null;
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
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** A local calendar date as a Date at local midnight of this browser (for display formatting). */
export function localDateAsDate(date: string): Date | null {
  const parsed = parseDate(date);
  return parsed ? new Date(parsed.y, parsed.m - 1, parsed.d) : null;
}

/** Today's date in the zone, "YYYY-MM-DD" (the default start date of a new member). */
export function todayIn(timeZone: string = browserTimeZone(), now = Date.now()): string {
  return utcToLocalDate(new Date(now).toISOString(), timeZone);
}
