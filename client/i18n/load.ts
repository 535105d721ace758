// Which language the interface starts in, and its catalogue (issue 33). Only the person's language loads: English is
// in the code; Spanish is its own chunk (client/i18n/es), fetched before the first render.
import { firstSupportedLocale, isLocale, type Locale, LOCALE_COOKIE } from '../../common/locales';
import { type Catalog, currentLocale, setLocale } from '../lib/i18n';

const EMPTY: Catalog = { messages: {}, texts: {} };

export async function loadCatalog(locale: Locale): Promise<Catalog> {
  if (locale === 'es') return (await import('./es')).default;
  return EMPTY;
}

/**
 * The language of this page before the signed-in person is known: the one the server put on <html lang> (from the
 * language cookie or the browser's Accept-Language, server/static.ts), else the browser's.
 */
export function pageLocale(): Locale {
  const lang = typeof document !== 'undefined' ? document.documentElement.lang : '';
  if (isLocale(lang)) return lang;
  return firstSupportedLocale(typeof navigator !== 'undefined' ? navigator.languages ?? [] : []);
}

/** Remembers the language for the server's first paint of the next visit (a year; not a secret). */
export function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/** Shows the interface in `locale` from now on (its catalogue loaded first). */
export async function switchLocale(locale: Locale): Promise<void> {
  if (locale === currentLocale() && locale === 'en') return;
  setLocale(locale, await loadCatalog(locale));
}
