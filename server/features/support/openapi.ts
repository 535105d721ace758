// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { supportRequestSchema } from '../../../common/schemas/support';
import type { ApiArea } from '../../http/apiDoc';

export const supportApi: ApiArea = {
  tag: 'Support',
  operations: {
    'POST /api/support-request': {
      summary: 'Write to Coachwell support', who: 'district', body: supportRequestSchema, status: 201, errors: [429],
      description: 'Emails support with the person, district and page; the reply goes to the person. 5 per person per hour, 30 per district per day. Provider staff and impersonated sessions get 403.',
      answerText: 'The confirmation, the support address it went to and the address the reply will come to.', answerSchema: 'SupportRequestSent',
    },
  },
};
