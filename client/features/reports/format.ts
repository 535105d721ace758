// Numbers as the reports write them (the CSV's columns and the screens agree on units).
import { formatInteger } from '../../lib/format';
import { currentLocale, defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  noDifference: { id: 'reports.format.noDifference', defaultMessage: 'no difference to show' },
  noChange: { id: 'reports.format.noChange', defaultMessage: 'no change' },
  higher: { id: 'reports.format.higher', defaultMessage: 'higher by {value}' },
  lower: { id: 'reports.format.lower', defaultMessage: 'lower by {value}' },
});
/** The number format's language: the interface's (US English digits in English). */
const tag = () => (currentLocale() === 'es' ? 'es-US' : 'en-US');
/** A count as the messages' plurals take it: one decimal at most. */
export const countOf = (n: number): number => (Number.isInteger(n) ? n : Math.round(n * 10) / 10);

export const int = (n: number | null | undefined): string => (n === null || n === undefined ? '–' : formatInteger(n));
/** Minutes as hours with one decimal: 90 → "1.5". */
export const hours = (minutes: number | null | undefined): string =>
  minutes === null || minutes === undefined ? '–' : new Intl.NumberFormat(tag(), { maximumFractionDigits: 1, minimumFractionDigits: 0 }).format(minutes / 60);
/** A share 0..1 as a whole percentage: 0.456 → "46%". */
export const percent = (share: number | null | undefined): string => (share === null || share === undefined ? '–' : `${Math.round(share * 100)}%`);
export const decimal = (n: number | null | undefined, digits = 1): string =>
  n === null || n === undefined ? '–' : new Intl.NumberFormat(tag(), { maximumFractionDigits: digits }).format(n);
/** A signed difference with an arrow in words for screen readers: "↑ +12", "↓ −3", "no change". */
export function signed(n: number | null, format: (v: number) => string = (v) => decimal(v)): { arrow: string; text: string; words: string } {
  if (n === null) return { arrow: '', text: '–', words: t(m.noDifference) };
  if (n === 0) return { arrow: '=', text: '0', words: t(m.noChange) };
  const text = `${n > 0 ? '+' : '−'}${format(Math.abs(n))}`;
  return { arrow: n > 0 ? '↑' : '↓', text, words: t(n > 0 ? m.higher : m.lower, { value: format(Math.abs(n)) }) };
}

// chartDay (a calendar day in the chart's words) lives with the other date helpers: client/lib/format.ts.
export { chartDay } from '../../lib/format';
