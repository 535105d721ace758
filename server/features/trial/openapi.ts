// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import type { ApiArea } from '../../http/apiDoc';

export const trialApi: ApiArea = {
  tag: 'Trial',
  operations: {
    'GET /api/trial': { summary: "The trial banner's state", who: 'district', answerText: 'Status, end, days left, read-only, and whom to ask (people with `manage billing`).', answerSchema: 'Trial' },
  },
};
