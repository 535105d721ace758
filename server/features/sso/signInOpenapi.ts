// The reference's description of signing in with a school account (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { socialSignInSchema, ssoOptionsQuerySchema } from '../../../common/schemas/ssoSignIn';
import type { ApiArea } from '../../http/apiDoc';

export const ssoSignInApi: ApiArea = {
  tag: 'Single sign-on',
  description: "Signing in with the district's own accounts (Google, Microsoft Entra ID, Clever, ClassLink or another OpenID Connect provider): see docs/guide/single-sign-on.md.",
  operations: {
    'POST /api/auth/social': {
      summary: 'Start signing in with a school account', who: 'guest', body: socialSignInSchema, errors: [404, 429, 502],
      description: '`{ email }`: the email\'s domain finds the connection (422 on `email` when none allows it); `{ district_id, kind }`: the district\'s connection of that kind (404 without); '
        + '`{ area: \'admin\' }`: Coachwell staff through the provider\'s own connection (PROVIDER_SSO_*; 404 when the server has none). '
        + 'Keeps state, nonce and the PKCE verifier in this browser\'s session. 30 calls a minute per client address, 10 per email. 502 when the provider\'s discovery document cannot be read.',
      answerText: '`{ redirect }`: the provider\'s authorization address; send the browser there.', answerSchema: 'SsoRedirect',
    },
    'GET /api/auth/sso/callback': {
      summary: 'The provider sends the browser back here', who: 'anyone', answer: 'none',
      description: 'Query `code` and `state` (or the provider\'s `error`). Redirects (302) into `/app` signed in (the session id rotates), or to `/app/auth/login?sso=<reason>`; a staff sign-in into `/admin`, or to `/admin/auth/login?sso=<reason>`. Reasons: '
        + '`state` (expired or started in another browser), `no-login`, `deactivated`, `suspended`, `scheduled-for-deletion`, `unverified-email`, `domain`, `elsewhere`, `cancelled`, `failed`.',
    },
    'GET /api/auth/sso/options': {
      summary: "A district's sign-in buttons", who: 'anyone', query: ssoOptionsQuerySchema, errors: [404, 429],
      description: '`district` is the district\'s slug (the login page\'s `?district=`). 404 when it has no connection.',
      answerText: '`{ district: { id, name }, kinds }`.', answerSchema: 'SsoOptions',
    },
    'GET /api/auth/sso/provider-staff': {
      summary: "Coachwell staff's sign-in connection", who: 'anyone',
      description: 'Whether this server has the provider\'s own connection for Coachwell staff (PROVIDER_SSO_*), and its kind: the staff sign-in page\'s button; `kind` is null when it has none.',
      answerText: '`{ kind }`.', answerSchema: 'SsoProviderStaff',
    },
    'POST /api/auth/sso/logout': {
      summary: 'Sign out, and out of the provider where it offers it', who: 'anyone',
      description: 'Ends the session as `POST /api/auth/logout` does. For a session signed in with a school account whose provider has an end-session address, answers it (with `id_token_hint` and `post_logout_redirect_uri` = the login page).',
      answerText: '`{ redirect }`: the provider\'s end-session address, or null.', answerSchema: 'SsoSignOut',
    },
  },
};
