// Deleting a district for real (issue 32, item 3): provider administrators schedule a district's deletion (its
// people are signed out and cannot sign in; 30 days' grace in which it can be restored), then it is purged, by the
// hourly job once the grace has passed or at once by a provider administrator typing its name. Each purge leaves a
// certificate (a PDF) the provider keeps. Request schemas, messages and answer shapes shared by server and client.
import * as z from 'zod/mini';
import { DISTRICT_DELETION_MESSAGES } from '../districtDeletionValues';

export {
  DELETION_GRACE_DAYS, DELETION_JOB_LABEL, deletionDay, DISTRICT_DELETION_MESSAGES, districtScheduledForDeletionMessage,
} from '../districtDeletionValues';
const M = DISTRICT_DELETION_MESSAGES;

/** POST /api/admin/district/{id}/purge: the district's name, typed exactly (the server compares it too). */
export const purgeDistrictSchema = z.object({
  confirm_name: z.string({ error: (iss) => (iss.input == null ? M.confirmNameRequired : M.confirmNameText) })
    .check(z.minLength(1, M.confirmNameRequired), z.maxLength(300, M.confirmNameMismatch)),
});
export type PurgeDistrictInput = z.input<typeof purgeDistrictSchema>;

/** POST …/schedule-deletion and …/restore-deletion take no body (an empty object is fine). */
export const districtDeletionActionSchema = z.object({});

/** A district's deletion while it is scheduled (the admin district page and list). */
export interface DistrictDeletionSchedule {
  scheduled_at: string;
  /** When the grace ends: the hourly job purges the district from then on. */
  due_at: string;
  scheduled_by: { id: number; name: string } | null;
}

/**
 * A district's purge while under way (the admin district page): it runs in batches, so the page polls this until the
 * district is gone and its certificate is under Deleted districts.
 */
export interface DistrictPurgeProgress {
  started_at: string;
  /** The provider staff member who chose "Delete now"; null: the scheduled deletion job. */
  started_by: { id: number; name: string } | null;
  /** Rows deleted so far, all kinds together. */
  records_deleted: number;
}

/** One kind of record a purge deleted, as the certificate lists it. */
export interface DeletionCount {
  kind: string;
  label: string;
  count: number;
}

/** One row of GET /api/admin/district-deletions: a purged district's certificate. */
export interface DistrictDeletionCertificate {
  id: number;
  certificate_number: string;
  district_id: number;
  district_name: string;
  district_timezone: string;
  scheduled_at: string | null;
  purged_at: string;
  /** The provider staff member who deleted it at once; null: the scheduled deletion job. */
  purged_by: { id: number; name: string } | null;
  /** "the scheduled deletion job" or the staff member's name as it was at the purge. */
  purged_by_label: string;
  counts: DeletionCount[];
  /** Every row deleted, all kinds together. */
  total_records: number;
  files_deleted: number;
  /** How many addresses the certificate was emailed to (administrators and the billing contact). */
  recipients: number;
  /** Its emails: sent, waiting to be sent again (the mail server refused them so far), given up. */
  emails: { sent: number; waiting: number; failed: number };
  download_url: string;
}
