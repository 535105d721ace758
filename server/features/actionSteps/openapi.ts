// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import {
  actionStepCompleteSchema, actionStepCreateSchema, actionStepListQuerySchema, actionStepUpdateSchema,
} from '../../../common/schemas/actionSteps';
import { type ApiArea, baseVersionText, clientIdText } from '../../http/apiDoc';

const reader = {
  who: 'district', permissions: [P.seeEducators],
  description: 'The steps of the educators the caller\'s `see educators` scope reaches: an educator (`see educators.self`) only their own; '
    + 'a coach or principal their schools\' educators; a district administrator everyone. Anyone else\'s step is 404.',
} as const;
const step = 'The action step: educator, title, detail, due day, status, done day and the educator\'s note, source, who set it, and what the caller may do with it.';

export const actionStepApi: ApiArea = {
  tag: 'Action steps',
  description: 'An educator\'s action steps: set by their coach from an interaction, an observation or a cycle, or added by the educator; marked done with a note, reopened or dropped.',
  operations: {
    'GET /api/action-step': {
      summary: 'Action steps', ...reader, query: actionStepListQuerySchema, answer: 'page', answerSchema: 'ActionStep',
    },
    'GET /api/action-step/follow-through': {
      summary: 'Follow-through by educator', ...reader, answer: 'data', answerSchema: 'ActionStepFollowThrough',
      description: reader.description + ' Per educator with a step: open, overdue (open past the due day, the district\'s today), done, and done on time '
        + '(on or before the due day; undated counts as on time). Most overdue first.',
    },
    'GET /api/action-step/{id}': { summary: 'One action step', ...reader, answerText: step, answerSchema: 'ActionStep' },
    'POST /api/action-step': {
      summary: 'Add an action step', who: 'district', permissions: [P.seeEducators], body: actionStepCreateSchema, status: 201, answerText: step, answerSchema: 'ActionStep',
      description: 'An educator adds their own (`source_type` own, the default for them). A coach, principal or administrator sets one for an educator their scope reaches, '
        + 'from an interaction, an observation or a coaching cycle of the district about the same educator (`source_type` and `source_id`), or from none. '
        + `A source that is not such a record is a 422 naming \`source_id\`. ${clientIdText('action step')}`,
      repeatAnswerText: 'A repeat of a client id: the action step made then, as it stands now.',
    },
    'PUT /api/action-step/{id}': {
      summary: 'Change an action step', ...reader, body: actionStepUpdateSchema, errors: [409], answerText: step, answerSchema: 'ActionStep',
      description: 'Title, detail and due day of an open step: a coach, principal or administrator in scope, or the educator for the steps they added. '
        + baseVersionText('action step'),
    },
    'POST /api/action-step/{id}/complete': {
      summary: 'Mark an action step done', ...reader, body: actionStepCompleteSchema, errors: [409], answerText: step, answerSchema: 'ActionStep',
      description: 'The owner educator or a coach, principal or administrator in scope; done today (the district\'s day) with the educator\'s note.',
    },
    'POST /api/action-step/{id}/reopen': {
      summary: 'Reopen an action step', ...reader, errors: [409], answerText: step, answerSchema: 'ActionStep',
      description: 'A coach, principal or administrator in scope (not the educator): a done or dropped step is open again.',
    },
    'POST /api/action-step/{id}/drop': {
      summary: 'Drop an action step', ...reader, errors: [409], answerText: step, answerSchema: 'ActionStep',
      description: 'A coach, principal or administrator in scope (not the educator): an open step is dropped.',
    },
  },
};
