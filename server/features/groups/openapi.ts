// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import { groupListQuerySchema, groupPayloadSchema } from '../../../common/schemas/groups';
import type { ApiArea } from '../../http/apiDoc';

const group = 'The Group: `id`, `name`, `description`, `group_of`, `items` (`item_id`, `start_date`, `end_date`), `deleted_at`.';

export const groupApi: ApiArea = {
  tag: 'Staff groups',
  operations: {
    'GET /api/group': { answerSchema: 'Group',
      summary: 'Staff groups', who: 'district', permissions: [P.seeEducators], query: groupListQuerySchema, answer: 'data',
      description: 'District or building scope; a building-scope reader sees only members at their own schools.',
    },
    'POST /api/group': { answerSchema: 'Group', summary: 'Create a group', who: 'district', permissions: [P.manageCoaches], body: groupPayloadSchema, status: 201, errors: [409], answerText: group },
    'PUT /api/group/{id}': { answerSchema: 'Group',
      summary: 'Replace a group', who: 'district', permissions: [P.manageCoaches], body: groupPayloadSchema, errors: [409],
      description: 'Replaces the member list.', answerText: group,
    },
    'DELETE /api/group/{id}': { summary: 'Delete a group', who: 'district', permissions: [P.manageCoaches], answer: 'none' },
    'DELETE /api/group/{id}/deactivate': { answerSchema: 'Group', summary: 'Deactivate a group', who: 'district', permissions: [P.manageCoaches], errors: [409], answerText: group },
    'POST /api/group/{id}/restore': { answerSchema: 'Group', summary: 'Restore a group', who: 'district', permissions: [P.manageCoaches], errors: [409], answerText: group },
  },
};
