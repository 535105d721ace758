// When a paid term ends (issue 14): activating an accepted quote sets the district's renewal date to the
// last day of the school year its term ends in. School years start on the 1st of the district's
// `school_year_start_month` and end the day before the next one starts (start month 8: Aug 1 – Jul 31;
// start month 1: the calendar year). A term of N school years covers the school year holding the
// activation day and N − 1 more — except that an activation 60 days or fewer before the end of its
// school year starts the term with the next school year (a district buying in June pays for the coming
// year, not for the few weeks left). Pure date arithmetic on YYYY-MM-DD strings, no timezone: the
// caller passes the district's today.

/** Activating this many days or fewer before a school year's last day starts the term with the next year. */
export const RENEWAL_LATE_START_DAYS = 60;

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dayBeforeFirstOf = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1) - DAY_MS).toISOString().slice(0, 10);

export interface PaidTerm {
  /** The first day of the first school year the term covers. */
  starts_with: string;
  /** The last day of the last school year the term covers: the district's `renews_on`. */
  renews_on: string;
}

/** The school years a term of `termYears` activated on `activatedOn` covers (see the file's comment). */
export function paidTerm(activatedOn: string, startMonth: number, termYears: number): PaidTerm {
  if (!Number.isInteger(startMonth) || startMonth < 1 || startMonth > 12) throw new Error(`Not a month: ${startMonth}`);
  if (!Number.isInteger(termYears) || termYears < 1) throw new Error(`Not a term: ${termYears}`);
  const [y, m] = activatedOn.split('-').map(Number) as [number, number];
  const yearStart = m >= startMonth ? y : y - 1;
  const yearEnd = dayBeforeFirstOf(yearStart + 1, startMonth);
  const daysLeft = Math.round((utc(yearEnd) - utc(activatedOn)) / DAY_MS);
  const first = daysLeft <= RENEWAL_LATE_START_DAYS ? yearStart + 1 : yearStart;
  return { starts_with: `${first}-${pad(startMonth)}-01`, renews_on: dayBeforeFirstOf(first + termYears, startMonth) };
}

/** The renewal date (YYYY-MM-DD) of a term activated on `activatedOn`. */
export function renewalDate(activatedOn: string, startMonth: number, termYears: number): string {
  return paidTerm(activatedOn, startMonth, termYears).renews_on;
}
