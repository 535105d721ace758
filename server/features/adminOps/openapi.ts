// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import { auditFeedQuerySchema, LOG_KINDS, logListQuerySchema, logSettingsSchema } from '../../../common/schemas/adminOps';
import type { ApiArea } from '../../http/apiDoc';

const reader = { who: 'provider', permissions: [P.seeAdmin, P.seeAllDistricts] } as const;

export const adminOpsApi: ApiArea = {
  tag: 'Admin: activity and logs',
  description: "The admin dashboard's figures, the audit log across districts, and the Logs.",
  operations: {
    'GET /api/admin/dashboard': { summary: "The admin dashboard's figures", ...reader, answerSchema: 'AdminDashboard' },
    'GET /api/admin/audit': {
      summary: 'The audit log across districts', ...reader, query: auditFeedQuerySchema, answer: 'data', answerSchema: 'AuditEntry',
      answerText: '`{ data, meta: { per_page, next_cursor } }`: entries newest first, each with its `sentence`; an impersonation\'s consecutive screen reads are one entry (`reads`: count, screens, first and last time, each read), a write request is folded into the change it made (`request`); pass `next_cursor` as `cursor` for the next page (a run is never split).',
    },
    'GET /api/admin/log': { summary: 'Logs: client errors, server errors, security events', ...reader, query: logListQuerySchema, answer: 'page', answerSchema: 'LogEntry' },
    'GET /api/admin/log/{kind}/{id}': { summary: 'One log entry', ...reader, params: { kind: LOG_KINDS.map((k) => `\`${k}\``).join(', ') }, answerText: 'The entry with its details.', answerSchema: 'LogDetail' },
    'GET /api/admin/log-settings': { summary: 'Log retention', ...reader, answerText: 'Days kept per log.', answerSchema: 'LogSettings' },
    'PUT /api/admin/log-settings': {
      summary: 'Change log retention', ...reader, role: 'provider-admin', body: logSettingsSchema, description: 'Provider administrators only (the role `provider-admin`).', answerText: 'Days kept per log.', answerSchema: 'LogSettings',
    },
  },
};
