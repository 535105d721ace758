// Numbers as the reports write them (the CSV's columns and the screens agree on units).
import { plural } from '../../../common/plural';
import { formatInteger } from '../../lib/format';

export const int = (n: number | null | undefined): string => (n === null || n === undefined ? '–' : formatInteger(n));
/** Minutes as hours with one decimal: 90 → "1.5". */
export const hours = (minutes: number | null | undefined): string =>
  minutes === null || minutes === undefined ? '–' : new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 0 }).format(minutes / 60);
/** A share 0..1 as a whole percentage: 0.456 → "46%". */
export const percent = (share: number | null | undefined): string => (share === null || share === undefined ? '–' : `${Math.round(share * 100)}%`);
/** A counted word through common/plural.ts ("1 interaction", "1,355 interactions", "2.5 days"; one decimal at most); "–" when unknown. */
export const counted = (n: number | null | undefined, one: string, other: string): string =>
  n === null || n === undefined ? '–' : plural(Number.isInteger(n) ? n : Math.round(n * 10) / 10, one, other);
export const decimal = (n: number | null | undefined, digits = 1): string =>
  n === null || n === undefined ? '–' : new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(n);
/** A signed difference with an arrow in words for screen readers: "↑ +12", "↓ −3", "no change". */
export function signed(n: number | null, format: (v: number) => string = (v) => decimal(v)): { arrow: string; text: string; words: string } {
  if (n === null) return { arrow: '', text: '–', words: 'no difference to show' };
  if (n === 0) return { arrow: '=', text: '0', words: 'no change' };
  const text = `${n > 0 ? '+' : '−'}${format(Math.abs(n))}`;
  return { arrow: n > 0 ? '↑' : '↓', text, words: `${n > 0 ? 'higher' : 'lower'} by ${format(Math.abs(n))}` };
}
