// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import type { ApiArea } from '../../http/apiDoc';

const checklist = 'The checklist: each step, done, reviewed, and whether it was dismissed.';

export const setupApi: ApiArea = {
  tag: 'Setup checklist',
  description: "A new district's setup steps, computed from its rows.",
  operations: {
    'GET /api/setup-checklist': { summary: 'The setup checklist', who: 'district', permissions: [P.manageSettings], answerText: checklist, answerSchema: 'SetupChecklist' },
    'POST /api/setup-checklist/{item}/review': { summary: 'Mark a step reviewed', who: 'district', permissions: [P.manageSettings], params: { item: 'The step.' }, answerText: checklist, answerSchema: 'SetupChecklist' },
    'POST /api/setup-checklist/dismiss': { summary: 'Dismiss the checklist', who: 'district', permissions: [P.manageSettings], answerText: checklist, answerSchema: 'SetupChecklist' },
  },
};
