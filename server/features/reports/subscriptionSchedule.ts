// When a scheduled report email goes out: weekly on Monday at 07:00, monthly on the 1st at 07:00, in
// the subscriber's timezone (their profile's; the district's when theirs is unreadable; else UTC).
import type { SubscriptionFrequency } from '../../../common/schemas/reports';
import { addDays } from '../../lib/dates';
import { offsetMinutes, todayIn, zoneOf } from '../../lib/zone';

export const SEND_HOUR = 7;

/** The first usable zone of the candidates (the user's, the district's), else UTC (lib/zone.ts zoneOf). */
export const sendingZone = zoneOf;

/** The instant a wall-clock hour of a calendar day happens in a zone (its offset read at that instant). */
export function zonedInstant(day: string, hour: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  let instant = wall - offsetMinutes(wall, timeZone) * 60_000;
  instant = wall - offsetMinutes(instant, timeZone) * 60_000;
  return new Date(instant);
}

/** The next send strictly after `after`: the next Monday 07:00 (weekly) or the next 1st 07:00 (monthly). */
export function nextRunAt(frequency: SubscriptionFrequency, timeZone: string, after: Date): Date {
  const today = todayIn(timeZone, after);
  if (frequency === 'weekly') {
    for (let i = 0; i <= 7; i += 1) {
      const day = addDays(today, i);
      if (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1) continue;
      const at = zonedInstant(day, SEND_HOUR, timeZone);
      if (at > after) return at;
    }
    return zonedInstant(addDays(today, 7), SEND_HOUR, timeZone);
  }
  const first = `${today.slice(0, 7)}-01`;
  const thisMonth = zonedInstant(first, SEND_HOUR, timeZone);
  if (thisMonth > after) return thisMonth;
  const [y, m] = today.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return zonedInstant(next, SEND_HOUR, timeZone);
}
