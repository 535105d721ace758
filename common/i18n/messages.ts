// The ICU message core the interface (client/lib/i18n.ts) and the server's emails and PDFs (server/i18n/messages.ts)
// share (issue 33): a message's shape and the locale numbers, plurals and dates are formatted in. No React here.
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from '../locales';

/**
 * A message as the browser's bundle holds it (scripts/i18nBuild.ts compiles them at build time, and the bundle has no
 * ICU parser): plain text, or an ICU message's AST. In Node (the server, tests) messages are the ICU text as written.
 */
export type CompiledMessage = string | MessageFormatElement[];

/** Text the ICU parser would return as its one literal unchanged: no argument, tag or quote (`{`, `}`, `<`, `'`). */
export function isPlainMessage(text: string): boolean {
  return !/[{}<']/.test(text);
}

export interface MessageDescriptor {
  /** `<feature>.<name>`: the key of every catalogue. */
  id: string;
  /** The English text, an ICU message (`{count, plural, one {# educator} other {# educators}}`). */
  defaultMessage: string;
  /** For translators: where it shows, what a placeholder holds. */
  description?: string;
}

/**
 * Numbers, money and plurals are formatted for the United States in either language: Spanish as written in the US
 * (es-US: "12,000", "$950.50"), which is what US districts' Spanish-speaking staff read every day.
 */
export const FORMAT_LOCALES: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/** What a message is formatted with: an ICU message's IntlMessageFormat, or a plain text's own words. */
export type MessageFormatter = Pick<IntlMessageFormat, 'format'>;

/** Intl's formatters for values (numbers, plurals, dates), made once per language and shared by every message. */
type Formatters = NonNullable<ConstructorParameters<typeof IntlMessageFormat>[3]>['formatters'];
const SHARED_FORMATTERS = new Map<string, Formatters>();

function sharedFormatters(locale: string): Formatters {
  let formatters = SHARED_FORMATTERS.get(locale);
  if (!formatters) {
    const kept = <T>(make: (...args: never[]) => T) => {
      const cache = new Map<string, T>();
      return (...args: never[]) => {
        const key = JSON.stringify(args);
        let made = cache.get(key);
        if (made === undefined) cache.set(key, (made = make(...args)));
        return made;
      };
    };
    formatters = {
      getNumberFormat: kept((...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args)),
      getDateTimeFormat: kept((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args)),
      getPluralRules: kept((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
    } as Formatters;
    SHARED_FORMATTERS.set(locale, formatters);
  }
  return formatters;
}

// IntlMessageFormat resolves its locale in every constructor (Intl.NumberFormat.supportedLocalesOf and a new
// Intl.Locale): a screen's first render paid it for each ICU message (issue 35: about 7 ms of a phone's first paint).
// The answer depends on the locale alone, so it is asked once per locale.
const resolvedLocales = new Map<string, ReturnType<typeof IntlMessageFormat.resolveLocale>>();
const resolveLocaleOnce = IntlMessageFormat.resolveLocale;
IntlMessageFormat.resolveLocale = (locales) => {
  const key = String(locales);
  if (!resolvedLocales.has(key)) resolvedLocales.set(key, resolveLocaleOnce(locales));
  return resolvedLocales.get(key);
};

/**
 * A message's format in a language: its translation in `messages` (by id), else its English. Plain text (most
 * messages) is its own words: an IntlMessageFormat costs a locale lookup and its own Intl formatters, which a screen's
 * first render paid for each of its hundreds of messages (issue 35: 13 ms of a phone's first paint). The others
 * share one set of Intl formatters per language.
 */
export function messageFormat(locale: Locale, messages: Record<string, CompiledMessage>, message: MessageDescriptor): MessageFormatter {
  // A message missing from the catalogue shows in English rather than as its id (the checks keep them complete).
  const source: CompiledMessage = messages[message.id] ?? message.defaultMessage;
  if (typeof source === 'string' && isPlainMessage(source)) return { format: () => source } as MessageFormatter;
  if (Array.isArray(source) && source.length === 1 && source[0]!.type === 0) {
    const text = source[0]!.value;
    return { format: () => text } as MessageFormatter;
  }
  return new IntlMessageFormat(source, FORMAT_LOCALES[locale], undefined, { formatters: sharedFormatters(FORMAT_LOCALES[locale]) });
}
