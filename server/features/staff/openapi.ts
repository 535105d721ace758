// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import { createStaffSchema, moveStaffSchema, staffListQuerySchema, updateStaffSchema } from '../../../common/schemas/staff';
import type { ApiArea } from '../../http/apiDoc';

const profile = 'The educator: profile, building history, groups, coaches.';

export const staffApi: ApiArea = {
  tag: 'Educators',
  description: 'Educators (staff): list, search, add, edit, move schools, deactivate.',
  operations: {
    'GET /api/staff': {
      summary: 'Educators', who: 'district', permissions: [P.seeEducators], query: staffListQuerySchema, answer: 'page', answerSchema: 'StaffListItem',
      description: 'Scope: the district, `.building` (the caller\'s schools) or `.self` (their own profile). Search, filters, sort.',
    },
    'POST /api/staff': {
      summary: 'Add educators', who: 'district', permissions: [P.addStaff], body: createStaffSchema, status: 201, answer: 'data',
      description: 'Several at once: all rows or none; duplicates by email or employee ID are refused. `.building`: own schools only.',
      answerText: 'The educators added.', answerSchema: 'StaffListItem',
    },
    'GET /api/staff/{id}': { summary: 'One educator', who: 'district', permissions: [P.seeEducators], answerText: profile, answerSchema: 'StaffDetail' },
    'PUT /api/staff/{id}': { summary: 'Change an educator', who: 'district', permissions: [P.seeEducators, P.addStaff], body: updateStaffSchema, errors: [409], answerText: profile, answerSchema: 'StaffDetail' },
    'POST /api/staff/{id}/move': {
      summary: 'Move an educator to another school', who: 'district', permissions: [P.seeEducators, P.addStaff], body: moveStaffSchema,
      description: 'District-wide `add staff` only. Closes the current history row the day before the effective date and opens a new one.', answerText: profile, answerSchema: 'StaffDetail',
    },
    'POST /api/staff/{id}/deactivate': { summary: 'Deactivate an educator', who: 'district', permissions: [P.seeEducators, P.addStaff], errors: [409], answerText: profile, answerSchema: 'StaffDetail' },
    'POST /api/staff/{id}/reactivate': { summary: 'Reactivate an educator', who: 'district', permissions: [P.seeEducators, P.addStaff], errors: [409], answerText: profile, answerSchema: 'StaffDetail' },
  },
};
