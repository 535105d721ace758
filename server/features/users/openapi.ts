// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import { inviteUserSchema, updateUserSchema, userListQuerySchema } from '../../../common/schemas/users';
import type { ApiArea } from '../../http/apiDoc';

const login = 'The district login: name, email, status, roles, schools, last sign-in.';
const manager = { who: 'district', permissions: [P.manageCoaches] } as const;

export const userApi: ApiArea = {
  tag: 'District logins',
  description: "A district's logins and invitations (User settings).",
  operations: {
    'GET /api/user': { answerSchema: 'DistrictUser', summary: 'District logins', ...manager, query: userListQuerySchema, answer: 'page' },
    'GET /api/user/self': {
      summary: 'My own User settings', who: 'district',
      answerText: 'My login, roles and schools, my district, and its administrators (whom to ask).', answerSchema: 'OwnUserSettings',
    },
    'GET /api/user/{id}': { answerSchema: 'DistrictUser', summary: 'One login', ...manager, answerText: login },
    'POST /api/user': { answerSchema: 'DistrictUser',
      summary: 'Invite a login', ...manager, body: inviteUserSchema, status: 201,
      description: 'Invites last 7 days and work once. A person with a login in another district gets an account-migration link instead. Not while impersonating.',
      answerText: login,
    },
    'PUT /api/user/{id}': { answerSchema: 'DistrictUser', summary: 'Change a login', ...manager, body: updateUserSchema, errors: [409], description: 'A district keeps at least one active administrator.', answerText: login },
    'POST /api/user/{id}/resend-invite': { answerSchema: 'DistrictUser', summary: 'Send the invitation again', ...manager, errors: [409, 429], answerText: login },
    'POST /api/user/{id}/revoke-invite': { answerSchema: 'DistrictUser', summary: 'Revoke an invitation', ...manager, errors: [409], answerText: login },
    'POST /api/user/{id}/deactivate': { answerSchema: 'DistrictUser', summary: 'Deactivate a login', ...manager, errors: [409], description: 'Ends its sessions.', answerText: login },
    'POST /api/user/{id}/reactivate': { answerSchema: 'DistrictUser', summary: 'Reactivate a login', ...manager, errors: [409], answerText: login },
  },
};
