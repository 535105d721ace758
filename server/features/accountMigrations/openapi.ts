// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { confirmMigrationSchema } from '../../../common/schemas/users';
import type { ApiArea } from '../../http/apiDoc';

const token = 'The token from the account-migration email.';

export const accountMigrationApi: ApiArea = {
  tag: 'Account migration',
  description: 'Moving a login to the district that invited it.',
  operations: {
    'GET /api/account-migration/{token}': { summary: 'Read an account-migration link', who: 'anyone', params: { token }, errors: [429], answerText: 'The login, the inviting district and who invited.', answerSchema: 'MigrationDetails' },
    'POST /api/account-migration/{token}': {
      summary: 'Move my login to the inviting district', who: 'anyone', params: { token }, body: confirmMigrationSchema, errors: [409, 429],
      description: "The password confirms. The invited row becomes the person's login; the old district keeps the old row (deactivated). Refused (409) for the last active administrator of a district.",
      answerText: 'Where to sign in now.', answerSchema: 'MigrationResult',
    },
  },
};
