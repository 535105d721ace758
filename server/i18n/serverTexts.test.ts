// The server's messages in Spanish (issue 33): every message the code answers in an error — the literal messages of
// HttpError, badRequest, forbidden, notFound, conflict and validationError, the module constants they name, the field
// errors a function fills, the imports' row errors — and every sentence of the shared schemas (common/schemas, their
// zod messages and message constants) has Spanish in common/i18n/es, exact or by a `{name}` pattern; and every field
// name a schema builds messages with (`text('First name')`) has its own Spanish, which fills `{label}`. Read from the
// code by scripts/i18nSource.ts; a template's values are tried as the code shows them ("1 row", "2 rows", either
// branch of a condition) or as a sample value.
import { describe, expect, it } from 'vitest';
import es from '../../common/i18n/es';
import { labelArguments, SAMPLE_VALUE, schemaTexts, serverErrorTexts, sourceFilesUnder, type ServerText } from '../../scripts/i18nSource';
import { translate } from './translate';

/** Not a message: the provider's company name on quotes and invoices. */
const NOT_MESSAGES = new Set(['Coachwell, Inc.']);

const translated = (english: string) => english in es || translate('es', english) !== english;

function untranslated(texts: ServerText[]): string[] {
  const left = new Set<string>();
  for (const t of texts) {
    if (NOT_MESSAGES.has(t.text)) continue;
    for (const sample of t.samples) if (!translated(sample)) left.add(`${t.file}:${t.line}: ${sample}`);
  }
  return [...left];
}

const serverFiles = sourceFilesUnder('server');
const schemaFiles = sourceFilesUnder('common/schemas');

describe('the server messages in Spanish', () => {
  it('every error message the server code answers has Spanish', () => {
    const texts = serverErrorTexts(serverFiles);
    // The reader finds them (a guard against a reader that silently finds nothing).
    expect(texts.length).toBeGreaterThan(80);
    expect(texts.some((t) => t.text === 'First name is empty.')).toBe(true);
    expect(untranslated(texts)).toEqual([]);
  });

  it('every sentence of the shared schemas has Spanish', () => {
    const texts = schemaTexts(schemaFiles);
    expect(texts.length).toBeGreaterThan(300);
    expect(untranslated(texts)).toEqual([]);
  });

  it('every field name a schema builds its messages with has Spanish of its own', () => {
    const labels = labelArguments(schemaFiles);
    expect(labels.some((l) => l.text === 'First name')).toBe(true);
    expect([...new Set(labels.filter((l) => !(l.text in es)).map((l) => `${l.file}:${l.line}: ${l.text}`))]).toEqual([]);
  });

  it('a field message reads with the field\'s Spanish name, and English stays as written', () => {
    expect(translate('es', 'Focus skills is required.')).toBe('El campo “Habilidades de enfoque” es obligatorio.');
    expect(translate('es', 'Focus skills can list at most 20.')).toBe('El campo “Habilidades de enfoque” admite como máximo 20 elementos.');
    expect(translate('es', 'Target end date must be a date (YYYY-MM-DD).')).toBe('El campo “Fecha de fin prevista” debe ser una fecha (AAAA-MM-DD).');
    // An exact entry wins over the pattern.
    expect(translate('es', 'First name is required.')).toBe('El nombre es obligatorio.');
    expect(translate('en', 'Focus skills is required.')).toBe('Focus skills is required.');
    expect(SAMPLE_VALUE).toBe('Xq');
  });
});
