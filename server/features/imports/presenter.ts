// The imports' JSON: explicit whitelists.
import type { ImportAnswer, ImportRowAnswer } from '../../../common/schemas/answers/imports';
import type { ImportRowItem } from '../../../common/schemas/imports';
import type { ImportRow } from './queries';
import { optionsOf } from './service';
import type { Locale } from '../../../common/locales';
import { translate } from '../../i18n/translate';

export function presentImport(row: ImportRow): ImportAnswer {
  const o = optionsOf(row);
  return {
    id: row.id,
    kind: row.kind,
    file_name: row.file_name,
    format: row.format,
    mode: row.mode,
    options: { skip_invalid: o.skip_invalid, create_missing_schools: o.create_missing_schools, send_invites: o.send_invites },
    status: row.status,
    headers: JSON.parse(row.headers) as string[],
    mapping: JSON.parse(row.mapping) as Record<string, string>,
    counts: {
      total: row.total_rows, created: row.created_count, updated: row.updated_count, unchanged: row.unchanged_count,
      errors: row.error_count, skipped: row.skipped_count, deactivated: row.deactivated_count,
    },
    failure: row.failure,
    created_by: row.created_by !== null && row.created_by_name !== null ? { id: row.created_by, name: row.created_by_name } : null,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

/** A row's errors, stored in English, in the reader's language (issue 33); the column stays the file's own header. */
export function rowErrorsIn(locale: Locale, errors: string): ImportRowItem['errors'] {
  return (JSON.parse(errors) as ImportRowItem['errors']).map((e) => ({ ...e, message: translate(locale, e.message) }));
}

export function presentImportRow(headers: string[], row: { row_number: number; raw: string; outcome: ImportRowItem['outcome']; errors: string; record_id: number | null }, locale: Locale): ImportRowAnswer {
  const cells = JSON.parse(row.raw) as string[];
  return {
    row_number: row.row_number,
    values: Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ''])),
    outcome: row.outcome,
    errors: rowErrorsIn(locale, row.errors),
    record_id: row.record_id,
  };
}
