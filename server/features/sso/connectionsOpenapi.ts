// The reference's description of the sign-in connections' routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import { ssoConnectionChangeSchema, ssoConnectionSchema } from '../../../common/schemas/sso';
import type { ApiArea } from '../../http/apiDoc';

const manager = { who: 'district', permissions: [P.manageSettings], feature: 'sso' } as const;
const provider = { who: 'provider', permissions: [P.seeAllDistricts] } as const;
const connection = 'The connection (`SsoConnection`): kind, issuer, client id, `has_secret` (never the secret), domains, password sign-in, creating logins, the redirect address for the provider\'s console, the last test.';
const notWhileImpersonating = 'Refused (403) while impersonating: a connection is a way into the district.';

export const ssoConnectionApi: ApiArea = {
  tag: 'Single sign-on connections',
  description: "The district's sign-in connections (Google, Microsoft Entra ID, Clever, ClassLink, any OpenID Connect provider).",
  operations: {
    'GET /api/district/sso': { ...manager, summary: "The district's sign-in connections", answer: 'data', answerSchema: 'SsoConnection', answerText: 'Every connection of the district, never a secret.' },
    'POST /api/district/sso': {
      ...manager, summary: 'Add a sign-in connection', body: ssoConnectionSchema, status: 201, errors: [409, 503], answerSchema: 'SsoConnection',
      description: `One per kind (409). The issuer must be https:// (plain http only with SSO_ALLOW_HTTP=1, never in production); a domain another district's connection claims is refused on \`domains\`. The client secret is sealed at rest (503 in production without SSO_SECRET_KEY). ${notWhileImpersonating}`,
      answerText: connection,
    },
    'PUT /api/district/sso/{id}': {
      ...manager, summary: 'Change a sign-in connection', body: ssoConnectionChangeSchema, errors: [409, 503], answerSchema: 'SsoConnection',
      description: `Any subset of the fields; a new client secret replaces the stored one, an empty or absent one leaves it. A new issuer, client id, secret or kind clears the last test. ${notWhileImpersonating}`,
      answerText: connection,
    },
    'DELETE /api/district/sso/{id}': { ...manager, summary: 'Remove a sign-in connection', status: 204, answer: 'none', description: `Its links to logins go with it. ${notWhileImpersonating}` },
    'POST /api/district/sso/{id}/test': {
      ...manager, summary: 'Test a sign-in connection', errors: [429], answerSchema: 'SsoConnection',
      description: 'Runs OpenID discovery on the issuer (5 seconds at most) and asks the token endpoint whether it refuses the client id; keeps the result, in words, as `last_test`. At most 20 tests per district in 10 minutes.',
      answerText: connection,
    },
    'GET /api/admin/district/{id}/sso': { ...provider, summary: "A district's sign-in connections", answer: 'data', answerSchema: 'SsoConnection', answerText: 'Every connection of the district, never a secret (read-only).' },
    'POST /api/admin/district/{id}/sso/{connectionId}/test': {
      ...provider, summary: "Test a district's sign-in connection", errors: [429], answerSchema: 'SsoConnection',
      description: 'As the district\'s own test: discovery on the issuer, the result kept as `last_test`.', answerText: connection,
    },
  },
};
