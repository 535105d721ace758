// The import screens' counted sentences, each through the one plural helper (common/plural.ts).
import { countText, plural, pluralWord } from '../../../common/plural';

/** The run dialog's summary: "1 new and 0 updated educators; 1 row with errors is skipped." */
export function runSummary(c: { new: number; updated: number; errors: number }, kind: 'staff' | 'users'): string {
  const who = kind === 'staff' ? 'educators' : 'logins';
  const skipped = c.errors > 0 ? `; ${plural(c.errors, 'row', 'rows')} with errors ${pluralWord(c.errors, 'is', 'are')} skipped` : '';
  return `${countText(c.new)} new and ${countText(c.updated)} updated ${who}${skipped}.`;
}

/** "1 row" / "1,200 rows" (an upload's or an import's size). */
export const rowCount = (n: number) => plural(n, 'row', 'rows');

/** ", 1 person who is not staff left out" after an upload's size (nothing when none). */
export const notStaffLeftOut = (n: number) => (n > 0 ? `, ${plural(n, 'person who is', 'people who are')} not staff left out` : '');
