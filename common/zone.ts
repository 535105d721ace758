// Calendar days of a timezone and the instants they start at, shared by the server and the database's
// migrations (db/zoneMonths.ts): plain Intl, no Node or DOM.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Keyed by the name as given: a client can send many spellings of one zone (case differs), so the
    // cache is bounded rather than left to grow with them.
    if (formatters.size >= 1000) formatters.clear();
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** An instant's wall-clock fields in the zone. */
export function partsIn(instant: number, timeZone: string) {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
}

/** The zone's UTC offset at an instant, in minutes (Chicago in winter: -360). */
export function offsetMinutes(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** Today in the zone, YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  const p = partsIn(now.getTime(), timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The instant (ISO) a calendar day starts in the zone: its local midnight, or its first instant where a DST change skips midnight. */
export function startOfLocalDay(date: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let instant = wall - offsetMinutes(wall, timeZone) * 60_000;
  const again = wall - offsetMinutes(instant, timeZone) * 60_000;
  if (again !== instant) {
    instant = again;
    if (partsIn(instant, timeZone).day !== d) instant = wall - offsetMinutes(instant - 3_600_000, timeZone) * 60_000;
  }
  return new Date(instant).toISOString();
}


/** True for a timezone name this runtime knows (IANA, such as America/Chicago). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.length > 0;
  } catch {
    return false;
  }
}
