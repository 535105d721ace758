// The reference's description of the observation routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../../common/permissions';
import {
  acknowledgeObservationSchema, observationCreateSchema, observationListQuerySchema, observationUpdateSchema, shareObservationSchema,
} from '../../../../common/schemas/observations';
import { type ApiArea, baseVersionText, clientIdText } from '../../../http/apiDoc';

const reader = {
  who: 'district', permissions: [P.seeActivity],
  description: 'With `see activity`: the completed observations its scope reads (district-wide, the caller\'s schools\' educators, or '
    + 'their own) and the caller\'s own drafts. An educator (`see educators.self`): the completed observations of themselves that were shared, '
    + 'and only what was shared. Private notes only ever in their author\'s answer.',
} as const;
const observer = {
  who: 'district', permissions: [P.seeActivity],
  description: 'Only the observer (403 otherwise). Another district\'s observation, or one the caller may not read, is 404.',
} as const;
const observation = 'The observation: form (name, version), educator, observer, school, time, status, its version\'s items, the answers, '
  + 'look-for tally, notes and next steps (as the caller may see them), sharing, acknowledgement and reflection, `can_edit`.';

export const observationApi: ApiArea = {
  tag: 'Observations',
  description: 'Classroom observations and walkthroughs of an educator: a draft (its observer\'s alone) until completed; a completed one is an '
    + 'interaction of its form\'s type, rates the skills its rating items are linked to, and may be shared with the educator, who acknowledges it.',
  operations: {
    'GET /api/observation': { summary: 'Observations', ...reader, query: observationListQuerySchema, answer: 'page', answerSchema: 'ObservationSummary' },
    'GET /api/observation.csv': {
      summary: 'Observations as CSV', who: 'district', permissions: [P.seeActivity], query: observationListQuerySchema, answer: 'csv', errors: [404],
      description: 'The list\'s filters and scope (an educator: what was shared with them), completed observations only (never a draft), newest '
        + 'first; times on the caller\'s profile clock. Private notes are never exported; notes, next steps, text answers and evidence only as the '
        + 'caller may read them. When `filter[form_id]` names one form, one column per item of that form across its versions (404 when it is not '
        + 'the district\'s form); otherwise the fixed columns only.',
    },
    'GET /api/observation/observers': {
      summary: 'Who may observe', who: 'district', permissions: [P.seeActivity],
      description: 'The observations list\'s observer filter: `{ data: [{ id, name }] }` by name — the district\'s users holding `see activity` '
        + '(coaches, principals, district administrators; those sharing a school with the caller unless their scope is district-wide), whoever '
        + 'observed an observation the caller may read, and the caller. An educator is refused (403).',
      answer: 'data', answerText: 'The people, by name.', answerSchema: 'Observer',
    },
    'GET /api/observation/{id}': { summary: 'One observation', ...reader, answerText: observation, answerSchema: 'Observation' },
    'POST /api/observation': {
      summary: 'Start or record an observation', who: 'district', permissions: [P.seeActivity], body: observationCreateSchema, status: 201,
      description: 'Of an educator the caller\'s `see educators` scope reaches. A bad answer is 422 naming `answers.N.value`; completing needs every '
        + `required item (422 on \`answers\`). ${clientIdText('observation')}`,
      answerText: observation, answerSchema: 'Observation', repeatAnswerText: 'A repeat of a client id: the observation made then, as it stands now.',
    },
    'PUT /api/observation/{id}': {
      summary: 'Change or complete an observation', ...observer, body: observationUpdateSchema, errors: [409], answerText: observation, answerSchema: 'Observation',
      description: `${observer.description} ${baseVersionText('observation')} A share or the educator's acknowledgement changes \`updated_at\` too.`,
    },
    'DELETE /api/observation/{id}': { summary: 'Delete an observation', ...observer, answer: 'none', status: 204 },
    'POST /api/observation/{id}/share': {
      summary: 'Share an observation with its educator', ...observer, body: shareObservationSchema, errors: [409, 429], answerText: observation, answerSchema: 'Observation',
    },
    'POST /api/observation/{id}/acknowledge': {
      summary: 'Acknowledge an observation shared with me', who: 'district', body: acknowledgeObservationSchema, errors: [404, 409],
      description: 'Only the observed educator, once the observation is shared (404 for anyone else, as for a missing one).', answerText: observation,
      answerSchema: 'Observation',
    },
  },
};
