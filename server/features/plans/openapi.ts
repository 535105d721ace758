// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import type { ApiArea } from '../../http/apiDoc';

export const planApi: ApiArea = {
  tag: 'Plans',
  operations: {
    'GET /api/plan': { summary: 'The pricing plans', who: 'anyone', answer: 'data', answerSchema: 'Plan', answerText: 'Plans with prices in US cents per coach seat per school year, and their features.' },
  },
};
