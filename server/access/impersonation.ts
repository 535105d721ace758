// Security finding 11: what an impersonated session may not do. One shared check, called by every
// command that creates or elevates a login, changes roles or invites people (and by the account
// email and password changes), so provider staff cannot leave lasting access behind.
import type { AuthContext } from '../identity/context';
import { forbidden } from '../http/errors';

export const IMPERSONATION_REFUSED =
  'While impersonating you cannot invite people, create or reactivate logins or change roles. Stop impersonating and ask the district to do it.';

/** 403 with a clear message when the session is impersonated. */
export function refuseWhileImpersonating(auth: Pick<AuthContext, 'impersonator'>, message = IMPERSONATION_REFUSED): void {
  if (auth.impersonator) throw forbidden(message);
}
