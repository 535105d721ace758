// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import type { ApiArea } from '../../http/apiDoc';

export const ownExportApi: ApiArea = {
  tag: 'Your data',
  description: 'A person\'s own export (issue 32): what Coachwell holds about the signed-in person and what they wrote.',
  operations: {
    'GET /api/me/export': {
      summary: 'Download my data', who: 'signed in', answer: 'zip', errors: [429],
      description: 'A zip (`application/zip`, an attachment) of README.md and, per kind, a CSV and a JSON file: the profile, roles and schools, '
        + 'preferences, sessions, the account\'s audit log, interactions logged (with the person\'s own private notes) and taken part in (shared texts only), '
        + 'logged time, observations made (with answers) and of the person (as shared with them), coaching cycles and cycle notes, action steps, coaching '
        + 'requests, skill ratings given, received and self-assessed, the educator record and the read log. Any signed-in person for their own account, '
        + 'provider staff included; 403 while impersonating; 429 past 3 downloads an hour. Audited (`own_data_exported`).',
      answerText: 'The zip file.',
    },
  },
};
