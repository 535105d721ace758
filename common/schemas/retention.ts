// The retention preview's query (GET /api/district/retention-preview, issue 32): `years` previews a setting not
// saved yet (Site settings' confirmation before turning it on); absent, the district's own setting.
import * as z from 'zod/mini';
import { RETENTION_RANGE } from './site';
import { retentionYearsOf } from '../retention';

export const retentionPreviewQuerySchema = z.object({
  years: z.optional(z.pipe(
    z.string({ error: RETENTION_RANGE }),
    z.transform((v) => (/^\d{1,2}$/.test(v) ? Number(v) : Number.NaN)),
  ).check(z.refine((n) => retentionYearsOf(n) !== null, RETENTION_RANGE))),
});
