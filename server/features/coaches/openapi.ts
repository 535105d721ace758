// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import { assignCaseloadSchema, endAssignmentSchema } from '../../../common/schemas/coaches';
import type { ApiArea } from '../../http/apiDoc';

const coach = "The coach with schools and caseload (only educators the caller may see).";

export const coachApi: ApiArea = {
  tag: 'Coaches and caseloads',
  operations: {
    'GET /api/coach': { summary: 'Coaches', who: 'district', permissions: [P.seeCoaches], answer: 'data', answerSchema: 'CoachListItem', answerText: 'Coaches with schools and caseload size.' },
    'GET /api/coach/{id}': { summary: "A coach's page", who: 'district', description: 'Any district user.', answerText: coach, answerSchema: 'Coach' },
    'POST /api/coach/{id}/caseload': {
      summary: 'Assign educators to a coach', who: 'district', permissions: [P.manageCoaches], body: assignCaseloadSchema, status: 201, answerText: coach, answerSchema: 'Coach',
    },
    'POST /api/coach/{id}/caseload/{assignmentId}/end': {
      summary: 'End a caseload assignment', who: 'district', permissions: [P.manageCoaches], body: endAssignmentSchema, errors: [409],
      description: 'Kept as history.', answerText: coach, answerSchema: 'Coach',
    },
  },
};
