// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import { buildingListQuerySchema, buildingSchema, districtProfileSchema } from '../../../common/schemas/site';
import type { ApiArea } from '../../http/apiDoc';

const school = 'The school with its current educator count.';

export const buildingApi: ApiArea = {
  tag: 'District and schools',
  description: 'The district profile and its schools (Site settings).',
  operations: {
    'GET /api/district': { answerSchema: 'DistrictProfile', summary: 'The district profile', who: 'district', answerText: 'Name, timezone, school-year start month, the privacy settings, the coaching targets and the retention setting with `retained_from` (the day before which coaching records are deleted, while it is on).' },
    'PUT /api/district': {
      answerSchema: 'DistrictProfile', summary: 'Change the district profile', who: 'district', permissions: [P.manageSettings], body: districtProfileSchema,
      description: 'Settings absent from the body are unchanged. `data_retention_years` (issue 32): null turns retention off; 1–10 deletes coaching records '
        + 'older than that many school years every night (GET /api/district/retention-preview says what the next run removes); anything else is a 422 on the field.',
      answerText: 'The district profile.',
    },
    'GET /api/building': { answerSchema: 'Building', summary: 'Schools', who: 'district', query: buildingListQuerySchema, answer: 'data', answerText: 'Schools with their current educator counts.' },
    'GET /api/building/{id}': { answerSchema: 'Building', summary: 'One school', who: 'district', answerText: school },
    'POST /api/building': { answerSchema: 'Building', summary: 'Add a school', who: 'district', permissions: [P.manageSettings], body: buildingSchema, status: 201, errors: [409], answerText: school },
    'PUT /api/building/{id}': { answerSchema: 'Building', summary: 'Change a school', who: 'district', permissions: [P.manageSettings], body: buildingSchema, errors: [409], answerText: school },
    'POST /api/building/{id}/archive': { answerSchema: 'Building',
      summary: 'Archive a school', who: 'district', permissions: [P.manageSettings], errors: [409],
      description: 'Refused while the school still has educators.', answerText: school,
    },
    'POST /api/building/{id}/restore': { answerSchema: 'Building', summary: 'Restore an archived school', who: 'district', permissions: [P.manageSettings], errors: [409], answerText: school },
  },
};
