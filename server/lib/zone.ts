// Calendar days of a timezone and the instants they start at: filters and exports name days in the
// district's zone (filter[from], filter[to]) while interactions and activities store instants; reports
// also group instants by local day in SQL with the zone's offsets over the range (zoneOffsets).
import { offsetMinutes, partsIn, startOfLocalDay } from '../../common/zone';
import { addDays } from './dates';

export { offsetMinutes, startOfLocalDay, todayIn } from '../../common/zone';

/**
 * The zone's offsets between two instants: each entry applies to instants before `until` (the last to
 * everything after). Days are checked at their start and a change is pinned to the minute, so a range
 * of five years costs a few thousand formatter calls at most.
 */
export function zoneOffsets(fromIso: string, toIso: string, timeZone: string): { until: string | null; minutes: number }[] {
  const start = Date.parse(fromIso);
  const end = Date.parse(toIso);
  const out: { until: string | null; minutes: number }[] = [];
  let current = offsetMinutes(start, timeZone);
  const DAY = 86_400_000;
  for (let t = start; t < end; t += DAY) {
    const next = Math.min(t + DAY, end);
    const after = offsetMinutes(next, timeZone);
    if (after === current) continue;
    let lo = t;
    let hi = next;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (offsetMinutes(mid, timeZone) === current) lo = mid;
      else hi = mid;
    }
    out.push({ until: new Date(hi).toISOString(), minutes: current });
    current = after;
  }
  out.push({ until: null, minutes: current });
  return out;
}

/** The first day of the school year holding `day` (school years start on the 1st of `startMonth`). */
export function schoolYearStart(day: string, startMonth: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const year = m >= startMonth ? y : y - 1;
  return `${year}-${String(startMonth).padStart(2, '0')}-01`;
}

/** Whole days from one date to another (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}


/**
 * Where a range "to `date`, inclusive" ends in the zone: the instant the next day starts, for `starts_at <`.
 * Null (no end) when that instant is past the year 9999: no stored instant reaches it, and its ISO text
 * ("+010000-…") would not compare with theirs (filter[to]=9999-12-31 answered 500).
 */
export function endOfLocalDay(date: string, timeZone: string): string | null {
  const end = startOfLocalDay(addDays(date, 1), timeZone);
  return end.startsWith('+') ? null : end;
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

/** True for a timezone name the runtime knows ("America/Chicago"); false for anything else, empty included. */
export function validZone(timeZone: string | null | undefined): boolean {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The first valid zone of the candidates, else UTC: a person's clock is `zoneOf(user.timezone, district.timezone)`
 * (their profile timezone, falling back to the district's).
 */
export function zoneOf(...candidates: (string | null | undefined)[]): string {
  return candidates.find(validZone) ?? 'UTC';
}
