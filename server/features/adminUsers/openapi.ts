// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import { adminUserListQuerySchema, inviteStaffSchema, updateStaffSchema } from '../../../common/schemas/adminUsers';
import type { ApiArea } from '../../http/apiDoc';

const reader = { who: 'provider', permissions: [P.seeAdmin] } as const;
const staff = { who: 'provider', permissions: [P.seeAdmin, P.manageCoaches] } as const;
const onDistrictUser = { ...reader, description: 'A district user needs `see all districts`; Coachwell staff need `manage coaches`.' } as const;
const login = 'The login.';

export const adminUserApi: ApiArea = {
  tag: 'Admin: users',
  description: 'Every login across districts, and Coachwell staff.',
  operations: {
    'GET /api/admin/user': { summary: 'Logins across districts', ...reader, query: adminUserListQuerySchema, answer: 'page', answerSchema: 'AdminUser' },
    'GET /api/admin/user-district': { summary: "The district filter's options", ...reader, answer: 'data', answerSchema: 'DistrictOption', answerText: 'Every district by name.' },
    'GET /api/admin/user/{id}': { summary: 'One login', ...reader, answerText: login, answerSchema: 'AdminUser' },
    'POST /api/admin/user/{id}/deactivate': { summary: 'Deactivate a login', ...onDistrictUser, errors: [409], answerText: login, answerSchema: 'AdminUser' },
    'POST /api/admin/user/{id}/reactivate': { summary: 'Reactivate a login', ...onDistrictUser, errors: [409], answerText: login, answerSchema: 'AdminUser' },
    'POST /api/admin/user/{id}/resend-invite': { summary: 'Send an invitation again', ...onDistrictUser, errors: [409, 429], answerText: login, answerSchema: 'AdminUser' },
    'GET /api/admin/staff': { summary: 'Coachwell staff', ...staff, query: adminUserListQuerySchema, answer: 'page', answerSchema: 'AdminUser' },
    'POST /api/admin/staff': { summary: 'Invite a Coachwell staff member', ...staff, body: inviteStaffSchema, status: 201, errors: [409], answerText: login, answerSchema: 'AdminUser' },
    'PUT /api/admin/staff/{id}': { summary: "Change a staff member's role", ...staff, body: updateStaffSchema, errors: [409], answerText: login, answerSchema: 'AdminUser' },
    'POST /api/admin/staff/{id}/deactivate': { summary: 'Deactivate a staff member', ...staff, errors: [409], answerText: login, answerSchema: 'AdminUser' },
    'POST /api/admin/staff/{id}/reactivate': { summary: 'Reactivate a staff member', ...staff, errors: [409], answerText: login, answerSchema: 'AdminUser' },
    'POST /api/admin/staff/{id}/resend-invite': { summary: 'Send a staff invitation again', ...staff, errors: [409, 429], answerText: login, answerSchema: 'AdminUser' },
  },
};
