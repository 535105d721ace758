// The server's texts in another language (issue 33): its messages are written in English (common/ and server/, the
// spec's exact messages), and the answer's are looked up in common/i18n/<locale>/ (one file per area) by that English
// (common/i18n/text.ts). English is the text as written.
import type { Locale } from '../../common/locales';
import { type TextCatalog, translateText } from '../../common/i18n/text';
import es from '../../common/i18n/es';
import adminDashboard from './texts/es/adminDashboard.json';
import auditLog from './texts/es/auditLog.json';
import exportsReadme from './texts/es/exports.json';

/**
 * The shared texts (common/i18n/es, which the browser downloads too) and the texts only the server reads
 * (server/i18n/texts/es: the provider's audit sentences' parts, its dashboard's labels, the data exports' README), so a Spanish page does not carry them.
 */
export const SERVER_TEXTS: Record<Exclude<Locale, 'en'>, TextCatalog> = { es: { ...es, ...auditLog, ...adminDashboard, ...exportsReadme } };
const CATALOGS = SERVER_TEXTS;

export function translate(locale: Locale, english: string): string {
  return locale === 'en' ? english : translateText(CATALOGS[locale], english);
}

/** Field errors (`{ field: [message] }`) in `locale`; field names stay as they are (they are the API's). */
export function translateFieldErrors(locale: Locale, errors: Record<string, string[]>): Record<string, string[]> {
  if (locale === 'en') return errors;
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((m) => translate(locale, m))]));
}
