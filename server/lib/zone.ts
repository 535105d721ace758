// Calendar days of a timezone as UTC instants: filters name days in the district's zone (filter[from],
// filter[to], export ranges), while interactions and activities store instants.

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(instant: number, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  const parts = f.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
}

function zoneOffset(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a calendar day "YYYY-MM-DD" starts in a timezone (its local midnight, or the day's first
 * real instant where a DST change skips midnight). The date is already validated.
 */
export function startOfLocalDay(date: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wallClock = Date.UTC(y, m - 1, d);
  let instant = wallClock - zoneOffset(wallClock, timeZone);
  const second = wallClock - zoneOffset(instant, timeZone);
  if (second !== instant) {
    instant = second;
    if (partsIn(instant, timeZone).day !== d) instant = wallClock - zoneOffset(instant - 3_600_000, timeZone);
  }
  return new Date(instant).toISOString();
}

/** The day after a calendar day. */
export function nextDay(date: string): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
}

/** An instant moved by whole minutes, as an ISO string. */
export function plusMinutes(iso: string, minutes: number): string {
  return new Date(Date.parse(iso) + minutes * 60_000).toISOString();
}

/** An instant's wall-clock date (YYYY-MM-DD) and time (HH:MM) in a timezone. */
export function localDateTime(iso: string, timeZone: string): { date: string; time: string } {
  const p = partsIn(Date.parse(iso), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return { date: `${p.year}-${two(p.month)}-${two(p.day)}`, time: `${two(p.hour)}:${two(p.minute)}` };
}
