// The browser's first number or date format loads its international data (ICU): 60–85 ms on Lighthouse's slowed
// phone CPU, and a zone's rules 15–25 ms more (measured in Chromium at 4×, issue 35). Left to the first render, that
// cost landed inside one of its tasks (the greeting's clock on the educator's home, a message's plural) and made it a
// long one. The first page waits for the signed-in user and its screen's chunk anyway: this spends that wait on it,
// in a task of its own, through the same cached formatters the screens use.
import { browserTimeZone, utcToLocalDate } from '../lib/dates';
import { zonedDay } from '../lib/zonedTime';

/** Loads the formats a first page needs while it waits for the network (a task of its own, after this one). */
export function warmIntlWhileWaiting(locale: string): void {
  setTimeout(() => {
    try {
      new Intl.NumberFormat(locale).format(1);
      new Intl.PluralRules(locale).select(1);
      const zone = browserTimeZone();
      zonedDay(Date.now(), zone);
      utcToLocalDate(new Date().toISOString(), zone);
    } catch {
      // (a browser that cannot: the first render pays for it as before)
    }
  }, 0);
}
