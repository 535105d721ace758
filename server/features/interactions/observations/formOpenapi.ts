// The reference's description of the observation form routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../../common/permissions';
import { observationFormListQuerySchema, observationFormSchema } from '../../../../common/schemas/observations';
import type { ApiArea } from '../../../http/apiDoc';

const gate = { who: 'district', permissions: [P.manageSettings], feature: 'observation-forms' } as const;
const editor = {
  ...gate,
  description: 'Rules: `interaction_type_id` an active type of the district (absent: its "Classroom observation" type); a choice item has at least two distinct options; '
    + 'a rating item\'s `scale` defaults to the top level of the district\'s active skill framework; `skill_id` an active skill of that framework; '
    + 'an item\'s `id` an item of the form\'s current version; the name unique among the district\'s forms. '
    + 'While no observation (a draft included) was made with the current version it is rewritten in place; otherwise the edit writes version N+1 '
    + '(items sent with an `id` keep their `lineage_id`), and every observation keeps the version it was made with.',
} as const;
const form = 'The form: its current version\'s name, description and items (each with `lineage_id`, kind settings and skill), its interaction type and count of completed observations.';

export const observationFormApi: ApiArea = {
  tag: 'Observation forms',
  description: 'A district\'s observation and walkthrough forms, kept in versions so an observation always keeps the questions it answered.',
  operations: {
    'GET /api/observation-form': {
      summary: 'The district\'s observation forms', who: 'district', query: observationFormListQuerySchema, answer: 'data', answerSchema: 'ObservationForm',
      description: 'Any district login. On a plan without observation forms, the built-in walkthrough only.',
    },
    'GET /api/observation-form/{id}': {
      summary: 'One observation form', who: 'district', answerText: form, answerSchema: 'ObservationForm',
      description: 'Any district login; on a plan without observation forms another form than the built-in walkthrough is 404.',
    },
    'POST /api/observation-form': { summary: 'Add an observation form', ...editor, body: observationFormSchema, status: 201, answerText: form, answerSchema: 'ObservationForm' },
    'PUT /api/observation-form/{id}': { summary: 'Change an observation form', ...editor, body: observationFormSchema, answerText: form, answerSchema: 'ObservationForm' },
    'POST /api/observation-form/{id}/archive': { summary: 'Archive an observation form', ...gate, description: 'A form is never deleted.', errors: [409], answerText: form, answerSchema: 'ObservationForm' },
    'POST /api/observation-form/{id}/restore': { summary: 'Restore an observation form', ...gate, errors: [409], answerText: form, answerSchema: 'ObservationForm' },
  },
};
