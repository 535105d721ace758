// The interface's language (issue 33), with FormatJS's ICU message engine (intl-messageformat): plurals, selects,
// numbers and dates in the person's locale. English is the code itself: every message is declared where it is shown,
// with `defineMessages({ key: { id: 'feature.key', defaultMessage: 'English text' } })`, and `t(messages.key, values)`
// formats it. Other languages are catalogues keyed by id (client/i18n/<locale>/*.json), loaded only for a person who
// reads that language (client/i18n/load.ts): before the first render the messages of the code every page loads, and
// with each screen, dialog or lazy part the messages of its own code (addMessages); English loads nothing. The build
// compiles every message to intl-messageformat's AST (scripts/i18nBuild.ts): the browser's bundle has no ICU parser.
// Changing language reloads the page (Account settings), so `t` needs no React context and works in any module.
//
// Server texts (validation and error messages, common/i18n) arrive already in the person's language from the API;
// the same messages checked in the browser first (common/schemas' zod messages) go through `tText`.
import type { PrimitiveType } from 'intl-messageformat';
import { cloneElement, isValidElement, type ReactNode } from 'react';
import { DEFAULT_LOCALE, type Locale } from '../../common/locales';
import { translateText, type TextCatalog } from '../../common/i18n/text';
import { type CompiledMessage, FORMAT_LOCALES, messageFormat, type MessageDescriptor, type MessageFormatter } from '../../common/i18n/messages';

export { FORMAT_LOCALES, type MessageDescriptor };

/** Declares a feature's messages (the catalogue check, client/i18n/catalog.test.ts, reads these calls). */
export function defineMessages<K extends string>(messages: Record<K, MessageDescriptor>): Record<K, MessageDescriptor> {
  return messages;
}

export interface Catalog {
  /** Interface messages by id (ICU text; in the browser's bundle compiled at build time, scripts/i18nBuild.ts). */
  messages: Record<string, CompiledMessage>;
  /** Server and shared-schema texts by their English (common/i18n). */
  texts: TextCatalog;
}

let locale: Locale = DEFAULT_LOCALE;
let catalog: Catalog = { messages: {}, texts: {} };
const formats = new Map<string, MessageFormatter>();

/** Sets the language and its catalogue (at start, before the first render; in tests). */
export function setLocale(next: Locale, nextCatalog: Catalog = { messages: {}, texts: {} }): void {
  locale = next;
  catalog = nextCatalog;
  formats.clear();
  if (typeof document !== 'undefined') document.documentElement.lang = next;
}

/** Adds messages to the catalogue of the current language (a part loaded with a chunk, client/i18n/load.ts withCatalog). */
export function addMessages(more: Record<string, CompiledMessage>): void {
  catalog = { ...catalog, messages: { ...catalog.messages, ...more } };
}

/** The language the interface is shown in. */
export function currentLocale(): Locale {
  return locale;
}

function formatOf(message: MessageDescriptor): MessageFormatter {
  let format = formats.get(message.id);
  if (!format) {
    format = messageFormat(locale, catalog.messages, message);
    formats.set(message.id, format);
  }
  return format;
}

/** A message as text in the person's language. */
export function t(message: MessageDescriptor, values?: Record<string, PrimitiveType>): string {
  return String(formatOf(message).format(values));
}

/**
 * A message with markup: each `<tag>…</tag>` of the message is rendered by the function of that name
 * (`tRich(m.intro, { b: (chunks) => <strong>{chunks}</strong> })`); values may be elements too.
 */
export function tRich(
  message: MessageDescriptor,
  values: Record<string, PrimitiveType | ReactNode | ((chunks: ReactNode[]) => ReactNode)>,
): ReactNode {
  const parts = formatOf(message).format<ReactNode>(values as never);
  // Elements a tag function made carry no key; React wants one in an array.
  return Array.isArray(parts) ? parts.map((part, i) => (isValidElement(part) && part.key == null ? cloneElement(part, { key: i }) : part)) : parts;
}

/** A server or shared-schema text (English as written in common/) in the person's language. */
export function tText(english: string): string {
  return translateText(catalog.texts, english);
}
