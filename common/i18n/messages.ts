// The ICU message core the interface (client/lib/i18n.ts) and the server's emails and PDFs (server/i18n/messages.ts)
// share (issue 33): a message's shape and the locale numbers, plurals and dates are formatted in. No React here.
import { IntlMessageFormat } from 'intl-messageformat';
import type { Locale } from '../locales';

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

/** A message's format in a language: its translation in `messages` (by id), else its English. */
export function messageFormat(locale: Locale, messages: Record<string, string>, message: MessageDescriptor): IntlMessageFormat {
  // A message missing from the catalogue shows in English rather than as its id (the checks keep them complete).
  return new IntlMessageFormat(messages[message.id] ?? message.defaultMessage, FORMAT_LOCALES[locale]);
}
