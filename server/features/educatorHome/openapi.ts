// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import type { ApiArea } from '../../http/apiDoc';

export const educatorHomeApi: ApiArea = {
  tag: "Educator's home",
  description: 'What a teacher opens Coachwell for: their coaching cycles, sessions, feedback, coaches and growth.',
  operations: {
    'GET /api/me/home': {
      summary: "The educator's home", who: 'district', role: 'educator',
      description: 'For a login whose `see educators` reaches only their own roster row (the educator role); anyone else 403. Kept while nothing in the district changes, at most an hour and never past the next session.',
      answerText: 'The educator, their coaches, open cycles, upcoming sessions, agreed next steps, observations to acknowledge and skill growth this school year.',
      answerSchema: 'EducatorHome',
    },
  },
};
