// Counted words (issue 26: "1 rows with errors are skipped"). Every count a person reads goes through
// `plural`: the form comes from Intl.PluralRules (created once, on first use) and the number is grouped
// in US English ("1,200 rows"), the way formatUsd and the client's formatInteger write digits.

let rules: Intl.PluralRules | undefined;

/** Whether `n` takes the singular ("one") form in US English: 1, and never 0, 2 or 1.5. */
function isOne(n: number): boolean {
  rules ??= new Intl.PluralRules('en-US');
  return rules.select(n) === 'one';
}

/** "1,234" (a whole number) or "2.5": digits grouped by thousands in US English. */
export function countText(n: number): string {
  if (Number.isSafeInteger(n)) return `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',')}`;
  return n.toLocaleString('en-US');
}

/** The count and the word that agrees with it: `plural(1, 'row', 'rows')` → "1 row", `plural(1200, 'row', 'rows')` → "1,200 rows". */
export function plural(n: number, one: string, other: string): string {
  return `${countText(n)} ${isOne(n) ? one : other}`;
}

/** Only the word that agrees with `n`, for the rest of a sentence: `pluralWord(n, 'is', 'are')`. */
export function pluralWord(n: number, one: string, other: string): string {
  return isOne(n) ? one : other;
}
