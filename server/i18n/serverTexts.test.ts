// The server's messages in Spanish (issue 33): every message the code answers in an error — the literal messages of
// HttpError, badRequest, forbidden, notFound, conflict and validationError, the module constants they name, the field
// errors a function fills, the imports' row errors — and every sentence of the shared schemas (common/schemas, their
// zod messages and message constants) has Spanish in common/i18n/es, exact or by a `{name}` pattern; and every field
// name a schema builds messages with (`text('First name')`) has its own Spanish, which fills `{label}`. Read from the
// code by scripts/i18nSource.ts; a template's values are tried as the code shows them ("1 row", "2 rows", either
// branch of a condition) or as a sample value.
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_SUBJECTS, auditSentence, readsSentence, subjectPhrase } from '../../common/auditActions';
import { SERVER_TEXTS } from './translate';
import { sentenceTranslator } from '../features/adminOps/presenter';
import { labelArguments, SAMPLE_VALUE, schemaTexts, serverErrorTexts, sourceFilesUnder, type ServerText } from '../../scripts/i18nSource';
import { translate } from './translate';

/** Not a message: the provider's company name on quotes and invoices. */
const NOT_MESSAGES = new Set(['Coachwell, Inc.']);

const es = SERVER_TEXTS.es;
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
    // Not read in the app: the API's documentation, the health check (for monitors), an internal error's text.
    const texts = serverErrorTexts(serverFiles.filter((f) => !/openapi|Openapi|health\/routes\.ts$|lib\/publicAddress\.ts$/.test(f)));
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

  it('every sentence the server keeps in its constants has Spanish, but in the files nobody reads in the app', () => {
    // Not read in the app, or read in English on purpose: what operators read (startup, configuration, health,
    // logs and internal errors), the API's own documentation, export files (documented in English: re-imported,
    // stable), emails to Coachwell staff and support, the calendar feed's fixed texts, the report emails' skip
    // reasons (kept for operators).
    const NOT_IN_THE_APP = [
      'server/config.ts', 'server/main.ts', 'server/static.ts', 'server/features/health/routes.ts', 'server/lib/workerTask.ts',
      'server/lib/exportZip.ts', 'server/lib/secretBox.ts', 'server/features/adminDistricts/purge.ts', 'server/features/adminDistricts/purgePlan.ts',
      'server/identity/accounts.ts', 'server/features/account/emailChange.ts', 'server/features/imports/coachingExports.ts',
      'server/features/reports/subscriptionEmail.ts',
      'server/features/reports/subscriptionJobs.ts', 'server/features/adminUsers/service.ts',
      'server/features/support/service.ts', 'server/features/calendar/feed.ts',
      // The Spanish of the provider's defaults, keyed by their English: data copied into a Spanish district, not messages.
      'server/identity/defaultsSpanish.ts',
    ];
    // CSV files (csv.ts): their columns are English on purpose (stable, re-imported).
    const files = serverFiles.filter((f) => !/openapi|Openapi|\/testing\/|fixture|testWorker|csv\.ts$/.test(f)
      && !NOT_IN_THE_APP.some((listed) => f.endsWith(listed)));
    // SQL fragments are not sentences.
    const texts = schemaTexts(files).filter((t) => !t.text.startsWith('('));
    expect(texts.length).toBeGreaterThan(100);
    expect(untranslated(texts)).toEqual([]);
    // The list stays true: a file there that no longer exists fails.
    expect(NOT_IN_THE_APP.filter((listed) => !serverFiles.some((f) => f.endsWith(listed)))).toEqual([]);
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

describe('the audit log\'s sentences in Spanish (provider admin area)', () => {
  const tr = sentenceTranslator('es');
  const translates = (english: string) => english in es || translate('es', english) !== english;
  // Every kind of details an action's sentence reads.
  const DETAILS: Record<string, unknown>[] = [
    {}, { area: 'admin' }, { provider: 'Google' }, { break_glass: true }, { email: 'a@b.example' }, { action_step_digest: false },
    { reason: 'password_sign_in_off' }, { provider: 'Google', reason: 'no_match' }, { reason: 'district_scheduled_for_deletion' },
    { method: 'GET', screen: 'Staff' }, { method: 'POST', path: '/api/staff' }, { subject: 'Help' }, { certificate: 'C-1' },
    { role: { to: 'provider_support' } }, { counts: { interactions: 2, observations: 1, skill_ratings: 0 }, cutoff_day: '2020-01-01' },
    { password_login: { to: false } }, { password_login: { to: true } }, { assignments: [1] }, { assignments: [1, 2] },
    { new_version: true, version: 3 }, { item: 'review_staff' }, { retention_days: { to: 1 } }, { retention_days: { to: 30 } },
  ];

  it('a role named in a sentence is in Spanish too (a {role} value is a text of the catalogue, not a name)', () => {
    for (const [to, spanish] of [['provider_admin', 'administrador/a del proveedor'], ['provider_support', 'soporte del proveedor']]) {
      const what = AUDIT_ACTIONS.staff_role_changed!.sentence({ subject: 'Sam Ortega', name: 'Sam Ortega', deleted: false, details: { role: { to } } });
      expect(tr(what)).toBe(`cambió el rol de Sam Ortega a ${spanish}`);
    }
  });

  it('every action\'s verb phrase, with any of its details, has Spanish', () => {
    const left = new Set<string>();
    for (const [action, template] of Object.entries(AUDIT_ACTIONS)) {
      for (const details of DETAILS) {
        for (const deleted of [false, true]) {
          const what = template.sentence({ subject: 'el artículo “Primeros pasos”', name: deleted ? null : 'Primeros pasos', deleted, details });
          if (!translates(what)) left.add(`${action}: ${what}`);
        }
      }
    }
    expect([...left]).toEqual([]);
  });

  it('every kind of record, named or deleted, has Spanish', () => {
    const left = Object.keys(AUDIT_SUBJECTS).flatMap((type) => [subjectPhrase({ type, label: 'Lincoln' }), subjectPhrase({ type, label: null })])
      .filter((phrase) => phrase !== 'Lincoln' && !translates(phrase));
    expect(left).toEqual([]);
  });

  it('reads as a Spanish sentence, and the English stays as it was', () => {
    const entry = { action: 'skill-level.updated', actor: { name: 'Sam Lee' }, impersonator: null, subject: { type: 'skill_framework', id: 4, label: 'Core practices' }, district: { id: 7, name: 'Maple Grove Schools' }, details: {} };
    expect(auditSentence(entry)).toBe('Sam Lee updated the skill levels of the framework “Core practices” in Maple Grove Schools');
    expect(auditSentence(entry, tr)).toBe('Sam Lee actualizó los niveles de habilidad del marco de habilidades “Core practices” en Maple Grove Schools');
    const moved = { ...entry, action: 'staff_moved', impersonator: { name: 'Ana Ruiz' }, subject: { type: 'staff', id: 9, label: 'Jordan Ellis' } };
    expect(auditSentence(moved, tr)).toBe('Ana Ruiz (suplantando a Sam Lee) trasladó el/la educador/a Jordan Ellis a otra escuela en Maple Grove Schools');
    expect(auditSentence({ ...entry, action: 'impersonation_refused', subject: { type: 'user', id: 3, label: null } }, tr))
      .toBe('Sam Lee no pudo suplantar a un usuario que no existe en Maple Grove Schools');
    expect(readsSentence({ ...entry, action: 'impersonated_request' }, [{ screen: 'Staff' }, { screen: 'Reports' }], tr)).toBe('Sam Lee vio 2 pantallas en Maple Grove Schools');
  });
});
