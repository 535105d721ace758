// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import { retentionPreviewQuerySchema } from '../../../common/schemas/retention';
import type { ApiArea } from '../../http/apiDoc';

export const retentionApi: ApiArea = {
  tag: 'Data retention',
  description: 'The district\'s retention setting ("delete coaching records older than N school years", read and written with GET/PUT /api/district as `data_retention_years`) and what its next nightly run removes.',
  operations: {
    'GET /api/district/retention-preview': {
      answerSchema: 'RetentionPreview', summary: 'What the next retention run removes', who: 'district', permissions: [P.manageSettings],
      query: retentionPreviewQuerySchema,
      description: 'Counts per kind of the records the next nightly run (02:00 in the district\'s timezone) removes: those dated before the start of the school year `years` before the current one. `years` previews a value not saved yet; absent, the district\'s setting (off: no counts).',
      answerText: 'The next run\'s date, its cut-off day and counts per kind, and the last run.',
    },
  },
};
