// The demo's school calendar (issue 26, "A demo that demos"): the school year the seed generates starts
// on the third Monday of August, and coaching happens on school days only — never on a weekend or one
// of the usual US school holidays below. Days are calendar days in the district's timezone ('YYYY-MM-DD').

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
/** A calendar day moved by `n` days (the seeds' one day arithmetic). */
export const plusDays = (day: string, n: number): string => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/** The nth (1-based) given weekday (0 = Sunday) of a month (0-based); n = -1 is the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n === -1) {
    const last = utc(year, month + 1, 0);
    return iso(utc(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7)));
  }
  const first = utc(year, month, 1);
  return iso(utc(year, month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + (n - 1) * 7));
}

/** A fixed-date holiday on a weekend is observed on the Friday before or the Monday after. */
function observed(year: number, month: number, day: number): string {
  const d = utc(year, month, day);
  return iso(d.getUTCDay() === 6 ? utc(year, month, day - 1) : d.getUTCDay() === 0 ? utc(year, month, day + 1) : d);
}

/** The first year of the school year `day` falls in (a school year starts in August). */
export function schoolYearOf(day: string): number {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= 8 ? year : year - 1;
}

/** The first day of the school year that starts in August of `year`: the third Monday of August. */
export function firstSchoolDay(year: number): string {
  return nthWeekday(year, 7, 1, 3);
}

/** The US school holidays of the school year starting in August of `year`, each with its name. */
export function schoolHolidays(year: number): { day: string; name: string }[] {
  const next = year + 1;
  const out: { day: string; name: string }[] = [
    { day: nthWeekday(year, 8, 1, 1), name: 'Labor Day' },
    { day: nthWeekday(year, 9, 1, 2), name: "Indigenous Peoples' Day" },
    { day: observed(year, 10, 11), name: 'Veterans Day' },
  ];
  const thanksgiving = nthWeekday(year, 10, 4, 4);
  out.push({ day: thanksgiving, name: 'Thanksgiving' }, { day: plusDays(thanksgiving, 1), name: 'Day after Thanksgiving' });
  // Winter break: December 22 to January 2.
  for (let day = `${year}-12-22`; day <= `${next}-01-02`; day = plusDays(day, 1)) out.push({ day, name: 'Winter break' });
  out.push({ day: nthWeekday(next, 0, 1, 3), name: 'Martin Luther King Jr. Day' }, { day: nthWeekday(next, 1, 1, 3), name: "Presidents' Day" });
  // Spring break: the week of the third Monday of March.
  const spring = nthWeekday(next, 2, 1, 3);
  for (let k = 0; k < 5; k++) out.push({ day: plusDays(spring, k), name: 'Spring break' });
  out.push({ day: nthWeekday(next, 4, 1, -1), name: 'Memorial Day' });
  return out;
}

const cache = new Map<number, Set<string>>();
function holidaySet(year: number): Set<string> {
  let set = cache.get(year);
  if (!set) cache.set(year, (set = new Set(schoolHolidays(year).map((h) => h.day))));
  return set;
}

/** True for a weekday of the school year that is not a holiday (and not before the year's first day). */
export function isSchoolDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const year = schoolYearOf(day);
  if (day < firstSchoolDay(year)) return false;
  return !holidaySet(year).has(day);
}

/** The school day `n` school days before `day` (n = 0: `day` itself when it is one, else the one before). */
export function schoolDayBefore(day: string, n = 1): string {
  let d = n === 0 ? day : plusDays(day, -1);
  let left = n === 0 ? 0 : n - 1;
  for (let guard = 0; guard < 400; guard++, d = plusDays(d, -1)) {
    if (!isSchoolDay(d)) continue;
    if (left === 0) return d;
    left--;
  }
  return d;
}

/** The calendar day of an instant in a timezone. */
export function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The UTC instant of a wall-clock time in a timezone (two passes settle daylight-saving changes). */
export function zonedInstant(day: string, hour: number, minute: number, timeZone: string): Date {
  const wanted = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), hour, minute);
  let guess = wanted;
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formats.set(timeZone, format);
  }
  for (let i = 0; i < 2; i++) {
    const parts = format.formatToParts(new Date(guess));
    const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
    const shown = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
    guess += wanted - shown;
  }
  return new Date(guess);
}
