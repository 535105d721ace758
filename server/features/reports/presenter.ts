// The reports' answers: each lists its fields explicitly (the queries already build the contract's
// shapes from whitelisted columns; nothing here passes a row through whole). Shares and averages are
// rounded for reading: shares to 4 decimals (0..1), averages to 1 decimal.
import type { ReportRange } from '../../../common/schemas/reports';
import type { ReportContext } from './queries/filters';
import type { Locale } from '../../../common/locales';
import { formatServerDate } from '../../i18n/messages';
import { translate } from '../../i18n/translate';

export const presentRange = (ctx: ReportContext): ReportRange => ({ from: ctx.from, to: ctx.to, timezone: ctx.timezone });

export const share = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);
export const oneDecimal = (value: number | null): number | null => (value === null || !Number.isFinite(value) ? null : Math.round(value * 10) / 10);

/**
 * A report's answer in the reader's language (issue 33): the names the report itself gives (the comparison's
 * measures, the coaching team's time-use rows, two periods' dates). Schools, groups and people are the district's own.
 */
export function reportIn<T>(locale: Locale, report: T): T {
  if (locale === 'en' || !report || typeof report !== 'object') return report;
  const r = report as { measures?: { label: string }[]; time_use?: { label: string }[]; compare?: string; segments?: Record<'a' | 'b', { label: string; from: string; to: string }> };
  // Two periods compared are named by their dates, written in the reader's language.
  const day = (d: string) => formatServerDate(locale, d, { month: 'short', day: 'numeric', year: 'numeric' });
  const period = (s: { label: string; from: string; to: string }) => ({ ...s, label: `${day(s.from)} – ${day(s.to)}` });
  return {
    ...report,
    ...(r.compare === 'period' && r.segments ? { segments: { a: period(r.segments.a), b: period(r.segments.b) } } : {}),
    ...(r.measures ? { measures: r.measures.map((m) => ({ ...m, label: translate(locale, m.label) })) } : {}),
    ...(r.time_use ? { time_use: r.time_use.map((u) => ({ ...u, label: translate(locale, u.label) })) } : {}),
  };
}
