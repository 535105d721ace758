// A district's full export (issue 32): server/features/districtExport/presenter.ts.
import * as z from 'zod/mini';
import { DISTRICT_EXPORT_STATUSES, type DistrictExport } from '../districtExport';
import { id, instant, ref, type SameShape } from './shapes';

export const districtExportAnswer = z.strictObject({
  id,
  status: z.enum(DISTRICT_EXPORT_STATUSES),
  download_url: z.optional(z.string()),
  rows_done: z.number(),
  kinds_done: z.number(),
  kinds_total: z.number(),
  size_bytes: z.nullable(z.number()),
  error: z.nullable(z.string()),
  created_at: instant,
  started_at: z.nullable(instant),
  finished_at: z.nullable(instant),
  expires_at: z.nullable(instant),
  expired: z.boolean(),
  requested_by: z.nullable(ref),
});
export type DistrictExportAnswer = z.infer<typeof districtExportAnswer>;
export const districtExportAnswerMatches: SameShape<DistrictExportAnswer, DistrictExport> = true;

/** POST /api/district/export: the new export's id (202). */
export const districtExportStartedAnswer = z.strictObject({ id });
