// Display formatting: dates in the user's chosen date language (date-fns locales, loaded on
// demand), money in US dollars, integers with locale digit grouping.
import { format as formatWithPattern, formatDistanceToNow, type Locale } from 'date-fns';
// US English is date-fns's own default, which `format` brings anyway: loaded from the start, it costs no byte and
// spares most people's first paint a request and a second render (issue 35).
import { enUS } from 'date-fns/locale/en-US';
import { currentLocale, FORMAT_LOCALES } from './i18n';
import { CURRENCY, DEFAULT_DATE_LOCALE } from '../../common/constants';

const loaders: Record<string, () => Promise<Locale>> = {
  'en-US': () => Promise.resolve(enUS),
  'en-GB': () => import('date-fns/locale/en-GB').then((m) => m.enGB),
  es: () => import('date-fns/locale/es').then((m) => m.es),
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
  'fr-CA': () => import('date-fns/locale/fr-CA').then((m) => m.frCA),
  de: () => import('date-fns/locale/de').then((m) => m.de),
  pt: () => import('date-fns/locale/pt').then((m) => m.pt),
  'pt-BR': () => import('date-fns/locale/pt-BR').then((m) => m.ptBR),
  it: () => import('date-fns/locale/it').then((m) => m.it),
  nl: () => import('date-fns/locale/nl').then((m) => m.nl),
  pl: () => import('date-fns/locale/pl').then((m) => m.pl),
  vi: () => import('date-fns/locale/vi').then((m) => m.vi),
  'zh-CN': () => import('date-fns/locale/zh-CN').then((m) => m.zhCN),
  'zh-TW': () => import('date-fns/locale/zh-TW').then((m) => m.zhTW),
  ko: () => import('date-fns/locale/ko').then((m) => m.ko),
  ja: () => import('date-fns/locale/ja').then((m) => m.ja),
  ar: () => import('date-fns/locale/ar').then((m) => m.ar),
  ru: () => import('date-fns/locale/ru').then((m) => m.ru),
  ht: () => import('date-fns/locale/ht').then((m) => m.ht),
  tl: () => Promise.resolve(enUS), // date-fns has no Tagalog locale
};

const loaded = new Map<string, Locale>([['en-US', enUS]]);

export async function loadDateLocale(key: string): Promise<Locale> {
  const name = key in loaders ? key : DEFAULT_DATE_LOCALE;
  const cached = loaded.get(name);
  if (cached) return cached;
  const locale = await loaders[name]();
  loaded.set(name, locale);
  return locale;
}

export function loadedDateLocale(key: string): Locale | undefined {
  return loaded.get(key);
}

/**
 * Patterns written in US English order (month before day) that other date languages order their own way: Intl
 * writes them with the same parts ("Wed, Nov 25" in US English; "mié, 25 nov" in Spanish, "Mi., 25. Nov." in
 * German). US English reads exactly as the pattern.
 */
const MONTH_DAY_PARTS: Record<string, Intl.DateTimeFormatOptions> = {
  'MMM d': { month: 'short', day: 'numeric' },
  'EEE, MMM d': { weekday: 'short', month: 'short', day: 'numeric' },
  'EEEE, MMMM d': { weekday: 'long', month: 'long', day: 'numeric' },
};

export function formatDate(value: string | Date, locale?: Locale, pattern = 'PP'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const parts = MONTH_DAY_PARTS[pattern];
  // The Date is a wall clock or a day (see formatDate's callers): read in the browser's zone, as date-fns does.
  if (parts && locale?.code && locale.code !== 'en-US') return new Intl.DateTimeFormat(locale.code, parts).format(date);
  return formatWithPattern(date, pattern, { locale });
}

export function formatDateTime(value: string | Date, locale?: Locale): string {
  return formatDate(value, locale, 'PPp');
}

export function formatRelative(value: string | Date, locale?: Locale): string {
  return formatDistanceToNow(typeof value === 'string' ? new Date(value) : value, { addSuffix: true, locale });
}

/** Whole dollars when the amount has no cents: "$950", else "$950.50" (US dollars in the person's language, issue 33). */
export function formatMoney(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(FORMAT_LOCALES[currentLocale()], {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** "20,000". US English is written out: a page's first Intl formatter costs a slow phone 100 ms or more (ICU starting up). */
export function formatInteger(value: number, locale = FORMAT_LOCALES[currentLocale()]): string {
  const n = Math.round(value);
  if (locale === 'en-US' && Number.isSafeInteger(n)) return `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',')}`;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
}

/**
 * A day ("2025-09-08") in a chart's words, in the interface's language (the axes and legends follow it):
 * 'month' "Sep", 'monthYear' "September 2025", 'day' "Sep 8", 'date' "Sep 8, 2025".
 */
export function chartDay(day: string, style: 'month' | 'monthYear' | 'day' | 'date'): string {
  const options: Intl.DateTimeFormatOptions = style === 'month' ? { month: 'short' }
    : style === 'monthYear' ? { month: 'long', year: 'numeric' }
      : style === 'day' ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' };
  const [y, mo, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(FORMAT_LOCALES[currentLocale()], { ...options, timeZone: 'UTC' }).format(new Date(Date.UTC(y, mo - 1, d || 1)));
}
