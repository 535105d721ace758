// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import {
  acceptCoachingRequestSchema, COACHING_REQUESTS_PER_DAY, coachingRequestListQuerySchema, coachingRequestSchema, passCoachingRequestSchema,
} from '../../../common/schemas/coachingRequests';
import type { ApiArea } from '../../http/apiDoc';
import { PASSES_PER_HOUR } from './service';

const request = 'The coaching request as the caller sees it.';
const reach = 'Any district login; what it reaches is data: an educator their own requests, a coach the requests they hold or held (their queue), '
  + '`see activity` at district or building scope the requests of the educators that scope reaches (topic and status, without the educator\'s message and times). '
  + 'Anything else, and another district\'s request, is 404.';

export const coachingRequestApi: ApiArea = {
  tag: 'Coaching requests',
  description: 'An educator asks for coaching; their coaches (or their school\'s coaches when they have none) accept it, scheduling a session, or pass it on.',
  operations: {
    'GET /api/coaching-request': {
      summary: 'Coaching requests', who: 'district', query: coachingRequestListQuerySchema, answer: 'page', answerSchema: 'CoachingRequest',
      description: `${reach} Newest first; \`filter[status]\` open, passed, accepted, withdrawn; \`filter[queue]=1\` only the requests the caller holds now.`,
    },
    'POST /api/coaching-request': {
      summary: 'Ask for coaching', who: 'district', body: coachingRequestSchema, status: 201, errors: [409, 429], answerSchema: 'CoachingRequest', answerText: request,
      description: `The educator for themself (a login linked to an active educator record; 403 otherwise and while impersonating). `
        + `The request goes to the educator's coaches today, else to the coaches of their school (409 when there are none), who get an email naming the educator and the topic. `
        + `At most ${COACHING_REQUESTS_PER_DAY} a day per educator, the day in the district's timezone (429).`,
    },
    'GET /api/coaching-request/{id}': { summary: 'One coaching request', who: 'district', answerSchema: 'CoachingRequest', answerText: request, description: reach },
    'POST /api/coaching-request/{id}/accept': {
      summary: 'Accept a request and schedule the session', who: 'district', body: acceptCoachingRequestSchema, errors: [409], answerSchema: 'CoachingRequest', answerText: request,
      description: 'A coach whose queue holds it (403 otherwise; 409 once it no longer waits). Creates a scheduled interaction: the caller as coach, the educator as participant, '
        + 'the type given or the district\'s first type that counts as coaching, its default length unless `duration_minutes` is given, the default school. '
        + 'The request leaves every queue; the educator\'s login gets an email with the day and time.',
    },
    'POST /api/coaching-request/{id}/pass': {
      summary: 'Pass a request on', who: 'district', body: passCoachingRequestSchema, errors: [409, 429], answerSchema: 'CoachingRequest', answerText: request,
      description: `A coach whose queue holds it, with a note for the next coach: to \`to_user_id\` (an active login of the district who may coach), or without it to the other coaches of the educator's school. `
        + `The new holders get an email naming the educator and the topic. ${PASSES_PER_HOUR} passes per person per hour.`,
    },
    'POST /api/coaching-request/{id}/withdraw': {
      summary: 'Withdraw my request', who: 'district', errors: [409], answerSchema: 'CoachingRequest', answerText: request,
      description: 'The educator who asked, while it waits (403 for anyone else; 409 once accepted or withdrawn).',
    },
  },
};
