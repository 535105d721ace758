// Reading ahead for a morning without a signal (issue 31). The service worker keeps the answers of the screens a coach
// opens offline by their exact address (client/sw/sw.ts), and the dashboard's and Activity's addresses name today, so
// on a new day with no signal they would find nothing. So, online and with the worker in control, once a screen has
// painted and the browser is idle, the screen reads the addresses it will ask for on the next READ_AHEAD_DAYS days (a
// Friday reaches Monday), one at a time; the worker keeps them like any answer, and offline the next morning the screen
// opens from them, marked "Offline · as of <when they were read>". Each screen once per page load and day.
import { useEffect } from 'react';
import { api, type Query } from './api';
import { addDays } from './zonedTime';

/** How many days after today a screen reads ahead for. */
export const READ_AHEAD_DAYS = 3;

/** The days after `today` (YYYY-MM-DD) a screen reads ahead for. */
export const daysAhead = (today: string): string[] => Array.from({ length: READ_AHEAD_DAYS }, (_, i) => addDays(today, i + 1));

/** An API read as the screens' SWR keys hold it: the path and its query (lib/lookups.ts fetchByKey). */
export type ReadKey = readonly [string, Query];

const done = new Set<string>();

/**
 * Reads ahead the keys `keysFor(day)` gives for each day after `today`, when `enabled` (the screen has its answers).
 * `keysFor` is read when the reading starts: it may be a new function each render.
 */
export function useReadAhead(name: string, today: string, enabled: boolean, keysFor: (day: string) => readonly ReadKey[]): void {
  useEffect(() => {
    const id = `${name}|${today}`;
    if (!enabled || done.has(id) || !navigator.onLine || !navigator.serviceWorker?.controller) return;
    const start = () => {
      done.add(id);
      const keys = new Map(daysAhead(today).flatMap(keysFor).map((key) => [JSON.stringify(key), key]));
      void (async () => {
        for (const [path, query] of keys.values()) {
          if (!navigator.onLine) return;
          // Nothing is done with the answer: the worker keeps it. A failure (a session just ended) changes nothing.
          await api.get(path, query, { allowUnauthenticated: true }).catch(() => undefined);
        }
      })();
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(start, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(start, 2000);
    return () => window.clearTimeout(timer);
    // keysFor is read when the reading starts (a new function each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, today, enabled]);
}
