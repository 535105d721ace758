// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import { calendarFeedSettingsSchema, calendarImportSchema, calendarPreviewQuerySchema } from '../../../common/schemas/calendar';
import type { ApiArea } from '../../http/apiDoc';

const sync = { who: 'district', permissions: [P.seeActivity], feature: 'calendar-sync' } as const;
const feed = "The feed's state: whether there is one, its settings, and its address right after it is made.";

export const calendarApi: ApiArea = {
  tag: 'Calendar sync',
  description: 'The personal calendar feed and the .ics import.',
  operations: {
    'GET /api/calendar/{file}': {
      summary: 'The personal calendar feed', who: 'anyone', answer: 'ics', errors: [429],
      params: { file: '`{token}.ics`: the secret address is the credential (no cookie).' },
      description: 'Answers 404 like an unknown address once its owner loses access. Honours `If-None-Match` (304).',
    },
    'GET /api/calendar-feed': { summary: 'My feed', ...sync, answerText: feed, answerSchema: 'CalendarFeed' },
    'POST /api/calendar-feed': {
      summary: 'Make (or make again) my feed address', ...sync, status: 201,
      description: '201 for a new feed, 200 when an address is replaced (the old one stops answering). Refused while impersonating.', answerText: feed, answerSchema: 'CalendarFeed',
    },
    'PUT /api/calendar-feed': { summary: "Change my feed's settings", ...sync, body: calendarFeedSettingsSchema, answerText: feed, answerSchema: 'CalendarFeed' },
    'DELETE /api/calendar-feed': { summary: 'Turn my feed off', ...sync, answer: 'none' },
    'POST /api/calendar-import/preview': {
      summary: 'Preview an .ics file', ...sync, query: calendarPreviewQuerySchema, upload: 'text/calendar', errors: [413],
      answerText: 'The events in range, each with whether it is new, imported already or changed.', answerSchema: 'CalendarPreview',
    },
    'POST /api/calendar-import': { summary: 'Import chosen events', ...sync, body: calendarImportSchema, answerText: 'How many interactions and activities were created, updated and moved, and their ids.', answerSchema: 'CalendarImport' },
  },
};
