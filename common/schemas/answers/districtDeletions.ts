// The provider's deletion certificates (Admin → Districts → Deleted districts): server/features/adminDistricts/presenter.ts.
import * as z from 'zod/mini';
import type { DistrictDeletionCertificate, DistrictPurgeProgress } from '../districtDeletion';
import { id, instant, ref, type SameShape } from './shapes';

export const districtDeletionCertificateAnswer = z.strictObject({
  id,
  certificate_number: z.string(),
  district_id: id,
  district_name: z.string(),
  district_timezone: z.string(),
  scheduled_at: z.nullable(instant),
  purged_at: instant,
  /** null: the scheduled deletion job. */
  purged_by: z.nullable(ref),
  purged_by_label: z.string(),
  counts: z.array(z.strictObject({ kind: z.string(), label: z.string(), count: z.number() })),
  total_records: z.number(),
  files_deleted: z.number(),
  recipients: z.number(),
  emails: z.strictObject({ sent: z.number(), waiting: z.number(), failed: z.number() }),
  download_url: z.string(),
});
export type DistrictDeletionCertificateAnswer = z.infer<typeof districtDeletionCertificateAnswer>;
export const districtDeletionCertificateAnswerMatches: SameShape<DistrictDeletionCertificateAnswer, DistrictDeletionCertificate> = true;

/** A district's deletion while scheduled (null when not scheduled). */
export const districtDeletionScheduleAnswer = z.nullable(z.strictObject({
  scheduled_at: instant,
  due_at: instant,
  scheduled_by: z.nullable(ref),
}));

/** A district's purge under way (null when not purging). */
export const districtPurgeProgressAnswer = z.nullable(z.strictObject({
  started_at: instant,
  started_by: z.nullable(ref),
  records_deleted: z.number(),
}));
export const districtPurgeProgressAnswerMatches: SameShape<NonNullable<z.infer<typeof districtPurgeProgressAnswer>>, DistrictPurgeProgress> = true;
