// The browser's first number or date format loads its international data (ICU): 60–85 ms on Lighthouse's slowed
// phone CPU, and a zone's rules 15–25 ms more (measured in Chromium at 4×, issue 35). Left to the first render, that
// cost landed inside one of its tasks (the greeting's clock on the educator's home, a message's plural) and made it a
// long one. The first page waits for the signed-in user and its screen's chunk anyway: this spends that wait on it,
// in a task of its own, through the same cached formatters the screens use.
import { browserTimeZone, utcToLocalDate } from '../lib/dates';
import { zonedDay } from '../lib/zonedTime';

/**
 * Loads the formats a first page needs while it waits for the network: each in a task of its own, after this one (the
 * first number format is most of the cost; together they made one long task of about 130 ms at 4x).
 */
export function warmIntlWhileWaiting(locale: string): void {
  // Even the browser's zone is asked of a date format, the first of which loads ICU's date data (60–80 ms at 4x):
  // a step of its own too, not part of the task that runs the shell.
  let zone = 'UTC';
  const steps = [
    () => new Intl.NumberFormat(locale).format(1),
    () => new Intl.PluralRules(locale).select(1),
    () => { zone = browserTimeZone(); },
    () => zonedDay(Date.now(), zone),
    () => utcToLocalDate(new Date().toISOString(), zone),
  ];
  const next = () => {
    const step = steps.shift();
    if (!step) return;
    try {
      step();
    } catch {
      return; // (a browser that cannot: the first render pays for it as before)
    }
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
