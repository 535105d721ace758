// Which language the interface starts in, and its catalogue (issue 33). Only the person's language loads: English is
// in the code; Spanish is its own chunk (client/i18n/es), fetched before the first render. In the build that chunk holds
// the messages of the code every page loads (and the server texts), and each screen, dialog or lazy part brings the
// Spanish of its own messages with it (scripts/i18nBuild.ts splitCatalog, withCatalog below).
import type { CompiledMessage } from '../../common/i18n/messages';
import { firstSupportedLocale, isLocale, type Locale, LOCALE_COOKIE } from '../../common/locales';
import { addMessages, type Catalog, currentLocale, setLocale } from '../lib/i18n';

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

let decide: (locale: Locale) => void = () => undefined;
/** The page's language, once main.tsx has set it (a chunk may start loading before: the first screen does). */
const decided = new Promise<Locale>((resolve) => { decide = resolve; });

/** The language of this page load is set (main.tsx, after setLocale): catalogue parts may now be added. */
export function languageDecided(locale: Locale): void {
  decide(locale);
}

type CatalogPart = () => Promise<{ default: Record<string, CompiledMessage> }>;

/**
 * A dynamically imported chunk, resolved once the Spanish (or other language's) of its messages is in the catalogue
 * too. The build wraps every dynamic import of the client's code whose modules declare messages of their own:
 * `import('./X')` → `withCatalog(import('./X'), { es: () => import(<X's part>) })` (scripts/build.ts). A part that
 * cannot load leaves those messages in English, as a catalogue that cannot load does; the chunk's own failure is the
 * import's failure, unchanged.
 */
export function withCatalog<T>(chunk: Promise<T>, parts: Partial<Record<Locale, CatalogPart>>): Promise<T> {
  const part = decided.then((locale) => parts[locale]?.().then((m) => addMessages(m.default), () => undefined));
  return Promise.all([chunk, part]).then(([loaded]) => loaded);
}

/** Shows the interface in `locale` from now on (its catalogue loaded first). */
export async function switchLocale(locale: Locale): Promise<void> {
  if (locale === currentLocale() && locale === 'en') return;
  setLocale(locale, await loadCatalog(locale));
}
