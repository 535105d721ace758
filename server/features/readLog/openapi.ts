// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import type { ApiArea } from '../../http/apiDoc';

export const readLogApi: ApiArea = {
  tag: 'Read log',
  description: '"Who has read about me": who opened records about the signed-in educator (person, role and day, never content).',
  operations: {
    'GET /api/me/read-log': {
      answerSchema: 'ReadLogEntry',
      summary: 'Who has read about me', who: 'district', role: 'educator', answer: 'page',
      description: 'The signed-in login\'s own: reads of observations, interactions (and their notes), skill ratings, action steps and '
        + 'coaching cycles about the educator records linked to it, one entry per day, reader and role, newest day first (50 a page). '
        + 'A read is logged at most once a day per reader, educator and kind; a person\'s reads of their own records are never logged; '
        + 'provider staff reading while impersonating show as "Coachwell support for <the person impersonated>" (`support: true`). '
        + 'Kept two years. A login with the educator role but no educator record gets an empty list; 403 without the role, and when the district turned the view off '
        + '(Site settings, `educator_read_log_visible`).',
    },
  },
};
