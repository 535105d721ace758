// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { clientErrorSchema } from '../../../common/schemas/clientErrors';
import type { ApiArea } from '../../http/apiDoc';

export const clientErrorApi: ApiArea = {
  tag: 'Browser error reports',
  operations: {
    'POST /api/client-error': {
      summary: 'Report a browser error', who: 'anyone', body: clientErrorSchema, status: 201, errors: [413, 429],
      description: 'Bodies up to 16 KiB, 20 a minute.', answerText: '`{ message }`.', answerSchema: 'Message',
    },
  },
};
