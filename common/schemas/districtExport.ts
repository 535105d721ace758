// A district's full export (issue 32, item 1): its messages, limits and the shape the screen reads
// (POST /api/district/export, GET /api/district/export/{id}, GET /api/district/exports, …/download). No request body.

export const DISTRICT_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type DistrictExportStatusValue = (typeof DISTRICT_EXPORT_STATUSES)[number];

/** Starts a district may make in an hour (429 past it). */
export const DISTRICT_EXPORTS_PER_HOUR = 3;

/** The screen the emails link to. */
export const DISTRICT_EXPORT_SCREEN = '/app/settings/export-import';

export const DISTRICT_EXPORT_MESSAGES = {
  needsPermission: 'Only district administrators (manage settings) can export all district data.',
  impersonated: 'Coachwell staff cannot start or download a district\'s full export while impersonating. The district\'s administrators can.',
  notFound: 'We could not find that export.',
  alreadyRunning: 'An export of this district is already being written. Wait for it to finish before starting another.',
  tooMany: `A district can start ${DISTRICT_EXPORTS_PER_HOUR} exports an hour. Try again later.`,
  notReady: 'This export is not ready yet.',
  failedNoDownload: 'This export failed, so there is nothing to download. Start a new one.',
  expired: 'This export has expired. Start a new one.',
  failed: 'Something went wrong while writing the export. Start a new one; if it fails again, contact Coachwell support.',
  interrupted: 'The export was interrupted (the server restarted while writing it). Start a new one.',
} as const;

/** One export as the API answers it. */
export interface DistrictExport {
  id: number;
  status: DistrictExportStatusValue;
  /** Present while the file can be downloaded (ready and not expired). */
  download_url?: string;
  rows_done: number;
  kinds_done: number;
  kinds_total: number;
  size_bytes: number | null;
  /** A failure's message. */
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** A ready file's end (finished + 7 days). */
  expires_at: string | null;
  /** Ready, but past its expiry: the file is gone. */
  expired: boolean;
  /** Who started it (null: a login since removed). */
  requested_by: { id: number; name: string } | null;
}
