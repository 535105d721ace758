// The reference's own call, described like every feature's (server/http/apiDoc.ts).
import type { ApiArea } from '../http/apiDoc';

export const referenceApi: ApiArea = {
  tag: 'Reference',
  description: 'This document. The browsable reference is the page `/api/docs`.',
  operations: {
    'GET /api/openapi.json': {
      summary: 'This OpenAPI 3.1 document',
      who: 'anyone',
      answerText: 'The OpenAPI document, generated from the code.',
    },
  },
};
