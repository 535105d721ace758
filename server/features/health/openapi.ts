// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import type { ApiArea } from '../../http/apiDoc';

export const healthApi: ApiArea = {
  tag: 'Health',
  description: 'For load balancers: no body, cookie or session (docs/operations/health.md).',
  operations: {
    'GET /api/health': { summary: 'Liveness', who: 'anyone', errors: [503], answerText: '`{ status: "ok" }` while the database answers.', answerSchema: 'Health' },
    'GET /api/health/ready': { summary: 'Readiness', who: 'anyone', errors: [503], answerText: '`{ status: "ready" }` while the database answers and every migration is applied.', answerSchema: 'Health' },
  },
};
