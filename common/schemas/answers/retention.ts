// GET /api/district/retention-preview (issue 32, item 4).
import * as z from 'zod/mini';
import { RETENTION_KINDS } from '../../retention';
import { day, instant } from './shapes';

const counts = z.strictObject(Object.fromEntries(RETENTION_KINDS.map((k) => [k, z.number()])) as Record<(typeof RETENTION_KINDS)[number], z.ZodMiniNumber>);

export const retentionPreviewAnswer = z.strictObject({
  /** The setting previewed (the query's, else the district's); null: off, nothing to preview. */
  years: z.nullable(z.number()),
  /** The district's setting as saved. */
  saved_years: z.nullable(z.number()),
  /** The local date of the next run (it starts at 02:00 in the district's timezone). */
  next_run_on: day,
  /** Records dated before this day are removed by that run; null when off. */
  cutoff_day: z.nullable(day),
  /** What that run removes per kind, counted now; null when off. */
  counts: z.nullable(counts),
  /** The last finished run, if any. */
  last_run: z.nullable(z.strictObject({ night: day, cutoff_day: day, finished_at: z.nullable(instant), counts: z.nullable(counts) })),
});
export type RetentionPreviewAnswer = z.infer<typeof retentionPreviewAnswer>;
