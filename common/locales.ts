// The interface languages (issue 33). A person's language is their own choice (users.locale), else their district's
// (districts.settings `language`), else English; before sign-in, the browser's (Accept-Language / navigator.languages).
// Dates keep their own, older setting (users.date_locale, "date language", spec §1).

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** A language field's message when it names none of LOCALES (PUT /api/district, POST /api/auth/register). */
export const LANGUAGE_CHOICE = 'Choose English or Spanish.';

/** Each language's name in itself, as a language menu shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/** The cookie the client writes with the person's language, so a first paint (server/static.ts) is in it too. */
export const LOCALE_COOKIE = 'cw_lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first supported language of a list in preference order ('es-PR', 'en-US', …; region ignored), else English.
 * An Accept-Language header is split and ordered by its q values first (acceptLanguages).
 */
export function firstSupportedLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** An Accept-Language header's tags by preference (q=0 left out). */
export function acceptLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header.slice(0, 500).split(',').map((part, index) => {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
  }).filter((l) => l.tag && l.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index).map((l) => l.tag);
}
