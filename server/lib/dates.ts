// Calendar dates on the server: `YYYY-MM-DD` strings in UTC, the form history rows store.

/** Today's date (UTC). */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The day before an ISO date: the last day of a history row closed by a change effective on `date`. */
export function dayBefore(date: string): string {
  return addDays(date, -1);
}

/** A calendar day moved by whole days (the one day arithmetic of the server; past 9999-12-31 the year is
 * written as ISO writes it, "+010000-01-01"). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  const iso = d.toISOString();
  return iso.slice(0, iso.indexOf('T'));
}
