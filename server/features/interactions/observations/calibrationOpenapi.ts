// The reference's description of the calibration routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../../common/permissions';
import { calibrationAgreementQuerySchema, calibrationListQuerySchema, calibrationSessionSchema } from '../../../../common/schemas/calibration';
import type { ApiArea } from '../../../http/apiDoc';

const gate = { who: 'district', permissions: [P.seeActivity], feature: 'observation-forms' } as const;
const reader = {
  ...gate,
  description: 'Sessions are read under `see activity`\'s scope: district-wide readers every session, a school scope the sessions of its '
    + 'educators and schools, everyone the sessions they set up or observed in. Another district\'s session is 404.',
} as const;
const tally = 'Each figure is counts and rates: `compared` (item answers compared, pair by pair), `exact`, `exact_rate`, '
  + '`rating_compared` (of rating items), `within_one`, `within_one_rate` (null when nothing was compared).';
const session = 'The session (title, notes, form, educator, school, time, who set it up, `archived_at`), the observers whose completed '
  + 'observation counts, the caller\'s own observation in it (a draft too), `can_archive`, and `agreement`: `overall`, per item (by lineage, in the '
  + `form's order), per pair of observers. ${tally}`;

export const calibrationApi: ApiArea = {
  tag: 'Observer calibration',
  description: 'Two or more observers observe the same lesson with the same form; their completed observations (POST /api/observation with '
    + '`calibration_id`) are compared item by item: ratings exactly and within one level, look-fors (`na` included as an answer) and choices exactly; '
    + 'text and number items are not compared.',
  operations: {
    'GET /api/calibration-session': { summary: 'Calibration sessions', ...reader, query: calibrationListQuerySchema, answer: 'data', answerSchema: 'CalibrationSessionSummary' },
    'POST /api/calibration-session': {
      summary: 'Set up a calibration session', ...gate, body: calibrationSessionSchema, status: 201, answerText: session, answerSchema: 'CalibrationSession',
      description: 'Of an educator the caller\'s `see educators` scope reaches (422 on `staff_id` otherwise), with an active form of the district.',
    },
    'GET /api/calibration-session/{id}': { summary: 'One calibration session and its agreement', ...reader, answerText: session, answerSchema: 'CalibrationSession' },
    'POST /api/calibration-session/{id}/archive': {
      summary: 'Archive a calibration session', ...gate, errors: [409], answerText: session, answerSchema: 'CalibrationSession',
      description: 'Its creator or a district-wide reader (403 otherwise). It takes no new observations; its agreement still counts over time.',
    },
    'POST /api/calibration-session/{id}/restore': {
      summary: 'Restore a calibration session', ...gate, errors: [409], answerText: session, answerSchema: 'CalibrationSession',
      description: 'Its creator or a district-wide reader (403 otherwise).',
    },
    'GET /api/calibration-agreement': {
      summary: 'A form\'s agreement over time and by pair of observers', ...reader, query: calibrationAgreementQuerySchema,
      answerText: `The form, the count of sessions (archived ones too), \`overall\`, per item, per pair of observers (with their sessions) and per month of the sessions (YYYY-MM on the district's clock). ${tally}`,
      answerSchema: 'CalibrationAgreement',
    },
  },
};
