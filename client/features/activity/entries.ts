// Interactions and logged time together, placed on the days of the user's timezone.
import type { Activity, Interaction } from '../../../common/schemas/interactions';
import { zonedDay } from '../../lib/zonedTime';

export type Entry =
  | { kind: 'interaction'; key: string; day: string; startsAt: string; minutes: number; item: Interaction }
  | { kind: 'activity'; key: string; day: string; startsAt: string; minutes: number; item: Activity };

/** Every entry with its day in the zone, in start order (interactions before time logged at the same instant). */
export function toEntries(interactions: Interaction[], activities: Activity[], timeZone: string): Entry[] {
  const entries: Entry[] = [
    ...interactions.map((i): Entry => ({ kind: 'interaction', key: `i${i.id}`, day: zonedDay(i.starts_at, timeZone), startsAt: i.starts_at, minutes: i.duration_minutes, item: i })),
    ...activities.map((a): Entry => ({ kind: 'activity', key: `a${a.id}`, day: zonedDay(a.starts_at, timeZone), startsAt: a.starts_at, minutes: a.minutes, item: a })),
  ];
  return entries.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || (a.kind === b.kind ? 0 : a.kind === 'interaction' ? -1 : 1));
}

/** Entries by day, for the given days only (entries outside them are dropped). */
export function byDay(entries: Entry[], days: string[]): Map<string, Entry[]> {
  const map = new Map<string, Entry[]>(days.map((d) => [d, []]));
  for (const e of entries) map.get(e.day)?.push(e);
  return map;
}

/** Minutes that count on a day: cancelled and no-show interactions do not. */
export function dayMinutes(entries: Entry[]): number {
  return entries.reduce((sum, e) => sum + (e.kind === 'interaction' && (e.item.status === 'cancelled' || e.item.status === 'no-show') ? 0 : e.minutes), 0);
}

/**
 * The next focus target of an arrow key in a grid of days × events: Up/Down within a day's events,
 * Left/Right to the same position (or the last one) of the previous/next day with events; Home/End
 * to the first/last event of the day. Null when the key does not move.
 */
export function moveFocus(counts: number[], at: { day: number; event: number }, key: string): { day: number; event: number } | null {
  const { day, event } = at;
  if (key === 'ArrowDown') return event + 1 < counts[day] ? { day, event: event + 1 } : null;
  if (key === 'ArrowUp') return event > 0 ? { day, event: event - 1 } : null;
  if (key === 'Home') return { day, event: 0 };
  if (key === 'End') return { day, event: Math.max(0, counts[day] - 1) };
  if (key === 'ArrowRight' || key === 'ArrowLeft') {
    const step = key === 'ArrowRight' ? 1 : -1;
    for (let d = day + step; d >= 0 && d < counts.length; d += step) {
      if (counts[d] > 0) return { day: d, event: Math.min(event, counts[d] - 1) };
    }
  }
  return null;
}
