// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import {
  activityListQuerySchema, activityPayloadSchema, defaultSchoolQuerySchema, duplicateInteractionSchema, interactionCreateSchema,
  interactionListQuerySchema, interactionUpdateSchema,
} from '../../../common/schemas/interactions';
import { type ApiArea, baseVersionText, clientIdText } from '../../http/apiDoc';

const interaction = 'The interaction: type, times, participants, school, notes (per the shared-notes rule), custom field answers, status.';
const activity = 'The logged time.';
const reads = {
  who: 'district', permissions: [P.seeActivity],
  description: 'With `see activity` (scope: district, `.building`, `.assigned`), or an educator\'s own coaching through `see educators.self`.',
} as const;
const writes = { who: 'district', permissions: [P.seeActivity] } as const;
const edits = { ...writes, description: 'The coach, its author, or a district-wide `see activity` holder.' } as const;
export const interactionApi: ApiArea = {
  tag: 'Interactions and Activity',
  description: 'Interactions (log, edit, complete, cancel, duplicate, delete) and activities ("Log time").',
  operations: {
    'GET /api/interaction': { summary: 'Interactions', ...reads, query: interactionListQuerySchema, answer: 'page', answerSchema: 'Interaction',
      answerText: 'One page of interactions (`Interaction`); `meta.totals` holds the totals of the whole filtered range.',
    },
    'GET /api/interaction/default-school': {
      summary: "The log form's default school", ...writes, query: defaultSchoolQuerySchema,
      description: "The educators' school on the interaction's day when they share one, else the coach's one school.",
      answerText: 'The school (null when there is none) and where it came from, `participants` or `coach`.', answerSchema: 'DefaultSchool',
    },
    'GET /api/interaction/{id}': { summary: 'One interaction', ...reads, answerText: interaction, answerSchema: 'Interaction' },
    'POST /api/interaction': {
      summary: 'Log an interaction', ...writes, body: interactionCreateSchema, status: 201, answerText: interaction, answerSchema: 'Interaction',
      description: clientIdText('interaction'), repeatAnswerText: 'A repeat of a client id: the interaction made then, as it stands now.',
    },
    'PUT /api/interaction/{id}': {
      summary: 'Change an interaction', ...edits, body: interactionUpdateSchema, errors: [409], answerText: interaction, answerSchema: 'Interaction',
      description: `${edits.description} ${baseVersionText('interaction')}`,
    },
    'DELETE /api/interaction/{id}': { summary: 'Delete an interaction', ...edits, answerText: 'The interaction as it was (soft-deleted), with `deleted_at`.', answerSchema: 'Interaction' },
    'POST /api/interaction/{id}/complete': { summary: 'Complete an interaction', ...edits, errors: [409], answerText: interaction, answerSchema: 'Interaction' },
    'POST /api/interaction/{id}/cancel': { summary: 'Cancel an interaction', ...edits, errors: [409], answerText: interaction, answerSchema: 'Interaction' },
    'POST /api/interaction/{id}/duplicate': { summary: 'Duplicate an interaction', ...edits, body: duplicateInteractionSchema, status: 201, answerText: 'The new interaction.', answerSchema: 'Interaction' },
    'GET /api/activity': { summary: 'Logged time', ...writes, query: activityListQuerySchema, answer: 'page', answerSchema: 'Activity' },
    'GET /api/activity/{id}': { summary: 'One logged time', ...writes, answerText: activity, answerSchema: 'Activity' },
    'POST /api/activity': { summary: 'Log time', ...writes, body: activityPayloadSchema, status: 201, answerText: activity, answerSchema: 'Activity' },
    'PUT /api/activity/{id}': { summary: 'Change logged time', ...writes, body: activityPayloadSchema, description: 'Only its own person.', answerText: activity, answerSchema: 'Activity' },
    'DELETE /api/activity/{id}': { summary: 'Delete logged time', ...writes, answer: 'none', description: 'Only its own person.' },
  },
};
