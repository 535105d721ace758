// Texts written in English in common/ and server/ (validation and error messages, the spec's exact messages), in
// another language (issue 33). A catalogue is keyed by the English text itself, as gettext keys by msgid, because
// these texts are constants compared in tests and shown as they are in English. A key may hold `{name}` placeholders
// for the parts a message is built with (an email, a count): "Check your inbox at {email}: …" matches any address,
// and the translation takes the same placeholders. A `{label}` placeholder holds the name of a field the shared schemas
// build messages with ("First name is required."): its value is translated too when the catalogue has it exactly
// ("First name" → "Nombre"), and so is a `{role}` ("provider admin" in an audit sentence); other values (names,
// emails, counts) stay as they are. English is the text as written:
// it needs no catalogue.
//
// The catalogues: common/i18n/<locale>/*.json, one file per area (merged in its index.ts). The server answers its messages through them (server/i18n); the
// client checks forms with the same schemas and shows their messages through them too (client/lib/i18n tText).

export type TextCatalog = Record<string, string>;

interface Pattern {
  regex: RegExp;
  names: string[];
  translation: string;
  /** Characters of the English outside its placeholders. */
  fixed: number;
}

const patternsByCatalog = new WeakMap<TextCatalog, Pattern[]>();
const PLACEHOLDER = /\{(\w+)\}/g;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function patternsOf(catalog: TextCatalog): Pattern[] {
  let patterns = patternsByCatalog.get(catalog);
  if (!patterns) {
    patterns = Object.entries(catalog).filter(([english]) => /\{\w+\}/.test(english))
      .map(([english, translation]) => {
        const names: string[] = [];
        const source = english.split(PLACEHOLDER).map((part, i) => {
          if (i % 2 === 0) return escapeRegex(part);
          names.push(part);
          return '([\\s\\S]+?)';
        }).join('');
        return { regex: new RegExp(`^${source}$`), names, translation, fixed: english.replace(PLACEHOLDER, '').length };
      })
      // The most specific first: the longest fixed text ("Seats must be … from 1 to {max}." before
      // "{label} must be … from 1 to {scale}.").
      .sort((a, b) => b.fixed - a.fixed);
    patternsByCatalog.set(catalog, patterns);
  }
  return patterns;
}

/** Placeholders whose value is itself a text of the catalogues (a field's name, a role's), not a name or a number. */
const TRANSLATED_VALUES = new Set(['label', 'role']);

/** `english` in the catalogue's language; unchanged when the catalogue has no translation of it. */
export function translateText(catalog: TextCatalog, english: string): string {
  const exact = catalog[english];
  if (exact !== undefined) return exact;
  for (const pattern of patternsOf(catalog)) {
    const match = pattern.regex.exec(english);
    if (!match) continue;
    const values = new Map(pattern.names.map((name, i) => [name, TRANSLATED_VALUES.has(name) ? catalog[match[i + 1]!] ?? match[i + 1]! : match[i + 1]!]));
    return pattern.translation.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
  }
  return english;
}
