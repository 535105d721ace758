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

/** A message's format in a language: its translation in `messages` (by id), else its English. */
export function messageFormat(locale: Locale, messages: Record<string, CompiledMessage>, message: MessageDescriptor): IntlMessageFormat {
  // A message missing from the catalogue shows in English rather than as its id (the checks keep them complete).
  const source: CompiledMessage = messages[message.id] ?? message.defaultMessage;
  // Plain text is its own one literal: no parsing (the browser's bundle has no parser; scripts/i18nBuild.ts).
  const ast = typeof source === 'string' && isPlainMessage(source) ? [{ type: 0, value: source } as MessageFormatElement] : source;
  return new IntlMessageFormat(ast, FORMAT_LOCALES[locale]);
}
