// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import {
  createStaffRequestSchema, denyStaffRequestSchema, staffRequestCandidatesQuerySchema, staffRequestListQuerySchema,
} from '../../../common/schemas/staffRequests';
import type { ApiArea } from '../../http/apiDoc';

const request = 'The staff request.';
const adds = { who: 'district', permissions: [P.addStaff] } as const;

export const staffRequestApi: ApiArea = {
  tag: 'School staff requests',
  description: 'A principal asks to add an educator from another school; the district decides.',
  operations: {
    'GET /api/staff-request': { answerSchema: 'StaffRequest', summary: 'Staff requests', ...adds, query: staffRequestListQuerySchema, answer: 'page' },
    'GET /api/staff-request/candidates': { summary: 'Educators one may ask for', ...adds, query: staffRequestCandidatesQuerySchema, answer: 'data', answerSchema: 'StaffRequestCandidate', answerText: 'Up to 20 educators of other schools, with their school.' },
    'POST /api/staff-request': { answerSchema: 'StaffRequest', summary: 'Ask for an educator', ...adds, body: createStaffRequestSchema, status: 201, errors: [409], answerText: request },
    'POST /api/staff-request/{id}/approve': { answerSchema: 'StaffRequest',
      summary: 'Approve a request', ...adds, errors: [409],
      description: 'District-wide `add staff`, never on one\'s own request. Closes and opens the building history rows.', answerText: request,
    },
    'POST /api/staff-request/{id}/deny': { answerSchema: 'StaffRequest', summary: 'Deny a request', ...adds, body: denyStaffRequestSchema, errors: [409], description: 'Needs a reason.', answerText: request },
    'DELETE /api/staff-request/{id}': { summary: 'Withdraw my request', ...adds, answer: 'none', errors: [409], description: 'The requester, while it is pending.' },
  },
};
