// Calendar dates on the server: `YYYY-MM-DD` strings in UTC, the form history rows store.

/** Today's date (UTC). */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The day before an ISO date: the last day of a history row closed by a change effective on `date`. */
export function dayBefore(date: string): string {
  return addDays(date, -1);
}

/** An ISO date moved by whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
