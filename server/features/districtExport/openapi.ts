// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import type { ApiArea } from '../../http/apiDoc';

const one = 'The export: `status` (queued, running, ready, failed), the progress (`rows_done`, `kinds_done` of `kinds_total`), `size_bytes`, '
  + '`error` (a failure\'s message), `created_at`, `started_at`, `finished_at`, `expires_at` (ready + 7 days), `expired`, `requested_by`, and '
  + '`download_url` while the file can be downloaded.';

export const districtExportApi: ApiArea = {
  tag: 'District export',
  description: 'A district\'s full export (issue 32): every kind of record as CSV and JSON in one zip with a README, written in the background, '
    + 'kept 7 days. Private notes are left out (they belong to their authors). District administrators (`manage settings`) only.',
  operations: {
    'POST /api/district/export': {
      summary: 'Start an export of all district data', who: 'district', permissions: [P.manageSettings], status: 202,
      description: 'Queues the export and starts writing it at once; an email goes to the caller when it is ready (or failed). '
        + '403 while impersonating (Coachwell staff never take a district\'s data out). 409 while another export of the district is being written; '
        + '429 past 3 starts an hour. Audited (`district_export_requested`).',
      answerText: 'The new export\'s `id`.', answerSchema: 'DistrictExportStarted', errors: [409, 429],
    },
    'GET /api/district/exports': {
      summary: 'The district\'s latest exports', who: 'district', permissions: [P.manageSettings], answer: 'data',
      answerText: 'The five latest exports, newest first.', answerSchema: 'DistrictExport',
    },
    'GET /api/district/export/{id}': {
      summary: 'One export\'s status', who: 'district', permissions: [P.manageSettings], params: { id: 'The export.' },
      description: 'Another district\'s export is 404.', answerText: one, answerSchema: 'DistrictExport',
    },
    'GET /api/district/export/{id}/download': {
      summary: 'Download an export', who: 'district', permissions: [P.manageSettings], params: { id: 'The export.' }, answer: 'zip',
      description: 'The zip (`application/zip`). Only a district administrator signed in as themselves: 403 while impersonating. 409 while it is '
        + 'being written or after it failed; 410 "This export has expired. Start a new one." after its 7 days. Audited (`district_export_downloaded`).',
      answerText: 'The zip file.', errors: [409, 410],
    },
  },
};
