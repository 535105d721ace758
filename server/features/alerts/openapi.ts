// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import { alertAudienceQuerySchema, alertListQuerySchema, alertPayloadSchema } from '../../../common/schemas/alerts';
import type { ApiArea } from '../../http/apiDoc';

const manager = { who: 'provider', permissions: [P.manageAlerts] } as const;
const alert = 'The announcement: title, Markdown, level, audience, start and end.';

export const alertApi: ApiArea = {
  tag: 'Announcements',
  description: "The provider's announcements and the banner of current ones.",
  operations: {
    'GET /api/admin/alert': { answerSchema: 'AdminAlert', summary: 'Announcements (admin)', ...manager, query: alertListQuerySchema, answer: 'page' },
    'GET /api/admin/alert-audience': { summary: 'How many people an audience reaches', ...manager, query: alertAudienceQuerySchema, answerText: 'The plans, roles and districts (matching `search`, at most 20) an audience is chosen from.', answerSchema: 'AlertAudienceOptions' },
    'POST /api/admin/alert': { answerSchema: 'AdminAlert', summary: 'Announce', ...manager, body: alertPayloadSchema, status: 201, answerText: alert },
    'GET /api/admin/alert/{id}': { answerSchema: 'AdminAlert', summary: 'One announcement', ...manager, answerText: alert },
    'PUT /api/admin/alert/{id}': { answerSchema: 'AdminAlert', summary: 'Change an announcement', ...manager, body: alertPayloadSchema, answerText: alert },
    'DELETE /api/admin/alert/{id}': { summary: 'Delete an announcement', ...manager, answer: 'none' },
    'GET /api/alert': { answerSchema: 'CurrentAlert', summary: 'Current announcements for me', who: 'district', answer: 'data', answerText: 'The current alerts for the reader (audience by district, plan or role), rendered from Markdown.' },
    'POST /api/alert/{id}/dismiss': { summary: 'Dismiss an announcement', who: 'district', answer: 'none', description: 'Per person; refused while impersonating.' },
  },
};
