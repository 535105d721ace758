// Single sign-on connection answers (issue 30): server/features/sso/connectionPresenter.ts.
import * as z from 'zod/mini';
import { SSO_KINDS, type SsoConnection } from '../sso';
import { id, instant, type SameShape } from './shapes';

export const ssoConnectionAnswer = z.strictObject({
  id,
  kind: z.enum(SSO_KINDS),
  kind_label: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  has_secret: z.boolean(),
  domains: z.array(z.string()),
  password_login: z.boolean(),
  create_users: z.boolean(),
  redirect_uri: z.string(),
  created_at: instant,
  updated_at: instant,
  last_test: z.nullable(z.strictObject({ at: instant, ok: z.boolean(), message: z.string() })),
});
export type SsoConnectionAnswer = z.infer<typeof ssoConnectionAnswer>;
export const ssoConnectionAnswerMatches: SameShape<SsoConnectionAnswer, SsoConnection> = true;
