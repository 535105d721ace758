// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts):
// the reports (routes.ts), the dashboard pulse (pulseRoutes.ts) and the scheduled report emails (subscriptionRoutes.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import {
  comparisonQuerySchema, coachingTeamQuerySchema, cyclesReportQuerySchema, interactionsReportQuerySchema, REPORT_KINDS, REPORT_TABLES,
  reportSubscriptionPayloadSchema, teacherLevelQuerySchema, walkthroughsReportQuerySchema,
} from '../../../common/schemas/reports';
import type { ApiArea } from '../../http/apiDoc';

const reader = { who: 'district', permissions: [P.seeEngagement] } as const;
const token = 'The token from the report email.';
const tables = REPORT_KINDS.map((kind) => `\`${kind}\`: ${REPORT_TABLES[kind].map((t) => `\`${t}\``).join(', ')}`).join('; ');

export const reportApi: ApiArea = {
  tag: 'Reports',
  description: 'The six reports, the dashboard pulse and the scheduled report emails.',
  operations: {
    'GET /api/report/pulse': { summary: "The dashboard's pulse", ...reader, answerText: 'This month against the coaching targets, overdue cycles, educators not reached this school year.', answerSchema: 'ReportPulse' },
    'GET /api/report/{kind}': {
      summary: 'A report (JSON), or one of its tables as CSV', ...reader,
      params: { kind: `One of ${REPORT_KINDS.map((k) => `\`${k}\``).join(', ')}; add \`.csv\` for a table's CSV (\`?table=\`).` },
      query: [interactionsReportQuerySchema, cyclesReportQuerySchema, teacherLevelQuerySchema, coachingTeamQuerySchema, comparisonQuerySchema, walkthroughsReportQuerySchema],
      description: `Scope by \`see engagement\`. \`teacher-level\` and \`comparison\` need the plan feature \`advanced-reports\` (403 naming the plan). The query depends on the report; the CSV takes \`table\`, one of ${tables}.`,
      answerText: 'The report (JSON), or with `.csv` the table as a CSV file.',
      answerSchemaBy: {
        param: 'kind',
        schemas: {
          interactions: 'InteractionsReport', 'coaching-cycles': 'CyclesReport', 'teacher-level': 'TeacherLevelReport',
          'coaching-team': 'CoachingTeamReport', comparison: 'ComparisonReport', walkthroughs: 'WalkthroughsReport',
        },
      },
    },
    'GET /api/report-subscription': { summary: 'My scheduled report emails', ...reader, answer: 'data', answerSchema: 'ReportSubscription' },
    'POST /api/report-subscription': {
      summary: 'Schedule a report email', ...reader, body: reportSubscriptionPayloadSchema, status: 201, errors: [409],
      answerText: 'The subscription with a description of the view it sends.', answerSchema: 'ReportSubscription',
    },
    'DELETE /api/report-subscription/{id}': { summary: 'Stop a scheduled report email', ...reader, answer: 'none' },
    'GET /api/report-subscription/unsubscribe/{token}': {
      summary: 'Unsubscribe from a report email (the link)', who: 'anyone', params: { token }, answer: 'html', answerText: 'A page saying it is done.',
    },
    'POST /api/report-subscription/unsubscribe/{token}': {
      summary: 'One-click unsubscribe (RFC 8058)', who: 'anyone', params: { token }, answer: 'html', csrf: false,
      description: 'Mail clients post it without cookies or CSRF headers; the token is the only credential.', answerText: 'A page saying it is done.',
    },
  },
};
