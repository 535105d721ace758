// The import answers (staff imports and the provider's user imports): server/features/imports/presenter.ts
// and the previews of service.ts / userService.ts.
import * as z from 'zod/mini';
import { IMPORT_KINDS, IMPORT_STATUSES, type ImportPreview, type ImportRowItem, type ImportSummary, ROW_OUTCOMES } from '../imports';
import { id, instant, ref, type SameShape } from './shapes';

export const importAnswer = z.strictObject({
  id,
  kind: z.enum(IMPORT_KINDS),
  file_name: z.string(),
  format: z.enum(['csv', 'oneroster-1.1', 'oneroster-1.2']),
  mode: z.enum(['add-update', 'full-sync']),
  options: z.strictObject({ skip_invalid: z.boolean(), create_missing_schools: z.boolean(), send_invites: z.boolean() }),
  status: z.enum(IMPORT_STATUSES),
  /** The file's header row. */
  headers: z.array(z.string()),
  /** Each field's column: field → header. */
  mapping: z.record(z.string(), z.string()),
  counts: z.strictObject({
    total: z.number(), created: z.number(), updated: z.number(), unchanged: z.number(), errors: z.number(), skipped: z.number(), deactivated: z.number(),
  }),
  failure: z.nullable(z.string()),
  created_by: z.nullable(ref),
  created_at: instant,
  started_at: z.nullable(instant),
  finished_at: z.nullable(instant),
});
export type ImportAnswer = z.infer<typeof importAnswer>;
export const importAnswerMatches: SameShape<ImportAnswer, ImportSummary> = true;

/** What running the import would do; nothing written. */
export const importPreviewAnswer = z.strictObject({
  counts: z.strictObject({
    total: z.number(), new: z.number(), updated: z.number(), unchanged: z.number(), errors: z.number(), skipped: z.number(), to_deactivate: z.number(),
  }),
  schools_to_create: z.array(z.string()),
});
export type ImportPreviewAnswer = z.infer<typeof importPreviewAnswer>;
export const importPreviewAnswerMatches: SameShape<ImportPreviewAnswer, ImportPreview> = true;

export const importRowAnswer = z.strictObject({
  row_number: z.number(),
  /** The row's cells by header. */
  values: z.record(z.string(), z.string()),
  outcome: z.enum(ROW_OUTCOMES),
  errors: z.array(z.strictObject({ column: z.nullable(z.string()), message: z.string() })),
  /** The educator or login it created or updated. */
  record_id: z.nullable(id),
});
export type ImportRowAnswer = z.infer<typeof importRowAnswer>;
export const importRowAnswerMatches: SameShape<ImportRowAnswer, ImportRowItem> = true;
