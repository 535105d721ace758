// The server's own texts in its reader's language (issue 33): emails and PDFs. The same ICU messages as the interface
// (common/i18n/messages.ts), declared once where they are used with defineServerMessages, and formatted with the
// locale as an argument: the server writes to many people at once, so there is no current language here. English is
// the code itself; other languages are server/i18n/<locale>/<area>.json keyed by id (server/i18n/catalog.test.ts).
import type { PrimitiveType } from 'intl-messageformat';
import { FORMAT_LOCALES, messageFormat, type MessageDescriptor, type MessageFormatter } from '../../common/i18n/messages';
import type { Locale } from '../../common/locales';
import es from './es';

export type { MessageDescriptor };

const CATALOGS: Record<Locale, Record<string, string>> = { en: {}, es };
const formats: Record<Locale, Map<string, MessageFormatter>> = { en: new Map(), es: new Map() };

/** Declares an area's server messages (ids `<area>.<name>`; the catalogue check reads these calls). */
export function defineServerMessages<K extends string>(messages: Record<K, MessageDescriptor>): Record<K, MessageDescriptor> {
  return messages;
}

/** A message as text in `locale`. */
export function formatServer(locale: Locale, message: MessageDescriptor, values?: Record<string, PrimitiveType>): string {
  let format = formats[locale].get(message.id);
  if (!format) {
    format = messageFormat(locale, CATALOGS[locale], message);
    formats[locale].set(message.id, format);
  }
  return String(format.format(values));
}

/** A date (a calendar day, 'YYYY-MM-DD', or an instant) written out in `locale`: "July 1, 2026" / "1 de julio de 2026". */
export function formatServerDate(locale: Locale, date: Date | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  const value = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T12:00:00Z`) : new Date(date);
  return new Intl.DateTimeFormat(FORMAT_LOCALES[locale], { timeZone: 'UTC', ...options }).format(value);
}
