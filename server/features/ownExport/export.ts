// Writes a person's own export into a zip (server/lib/exportZip.ts): README.md first, then each kind of kinds.ts as
// CSV and JSON. The caller has set the download's headers; the zip streams into the response, and `signal` stops it
// (the download was closed): the zip is aborted and no further batch is read.
import type { Writable } from 'node:stream';
import type { DB } from '../../../db/connection';
import { ExportZip } from '../../lib/exportZip';
import { OWN_KINDS, type Person } from './kinds';
import type { Locale } from '../../../common/locales';
import { translate } from '../../i18n/translate';

/** The README's sentence in the read_log section while the district has turned the read log off for educators. */
export const READ_LOG_OFF_NOTE = 'Your district has turned off "Who has read about me" for educators, so this file is empty.';

/**
 * The README in the reader's language (issue 33): its prose, each kind's `about` and each column's meaning translated by
 * their English (server/i18n/texts/es/exports.json); file and column names stay English (they are re-imported).
 */
export function ownExportReadme(name: string, at: string, opts: { readLogVisible: boolean; locale?: Locale }): string {
  const tr = (english: string) => translate(opts.locale ?? 'en', english);
  const lines = [
    tr('# Your data in Coachwell'),
    '',
    tr(`What Coachwell holds about ${name} and what they wrote, as of ${at} (UTC).`),
    '',
    tr('Each kind of record is in two files with the same rows: `<name>.csv` (opens in a spreadsheet; UTF-8, one header row) and `<name>.json`'),
    tr('(an array of objects with the same keys). Times ending in `_at` are UTC instants (ISO 8601); days are YYYY-MM-DD.'),
    '',
    tr('Private notes are only ever their author\'s: your private notes are in the files of what you wrote, and nobody else\'s are in this export.'),
    tr('Records about you as an educator are included as far as you may read them in Coachwell today.'),
    '',
  ];
  for (const kind of OWN_KINDS) {
    lines.push(`## ${kind.name}.csv / ${kind.name}.json`, '', tr(kind.about), '');
    if (kind.name === 'read_log' && !opts.readLogVisible) lines.push(tr(READ_LOG_OFF_NOTE), '');
    lines.push(tr('| column | meaning |'), '|---|---|');
    for (const [column, meaning] of kind.columns) lines.push(`| ${column} | ${tr(meaning)} |`);
    lines.push('');
  }
  return lines.join('\n');
}

/** The whole export into `out`; answers the rows written per kind. */
export async function writeOwnExport(
  db: DB, out: Writable, person: Person & { name: string; locale?: Locale }, signal?: AbortSignal,
): Promise<Record<string, number>> {
  const zip = new ExportZip(out);
  const stop = () => { void zip.abort(); };
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  const counts: Record<string, number> = {};
  try {
    await zip.addText('README.md', ownExportReadme(person.name, new Date().toISOString(), person));
    for (const kind of OWN_KINDS) {
      counts[kind.name] = await zip.addTable(kind.name, kind.columns.map(([c]) => c), kind.rows(db, person));
    }
    await zip.finish();
    return counts;
  } catch (error) {
    await zip.abort();
    throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
