// A person's own export: anyone signed in, for their own account (provider staff too), never while impersonating.
import type { Request } from 'express';
import { requireAuth } from '../../access/guards';
import type { AuthContext } from '../../identity/context';
import { forbidden } from '../../http/errors';

export const OWN_EXPORT_MESSAGES = {
  impersonating: 'Only the person themself can download their data. Stop impersonating first.',
  tooMany: 'You have downloaded your data several times this hour. Try again in an hour.',
} as const;

/** Downloads a person may start an hour. */
export const OWN_EXPORTS_PER_HOUR = 3;

export function ownExporter(req: Request): AuthContext {
  const auth = requireAuth(req);
  if (auth.impersonator) throw forbidden(OWN_EXPORT_MESSAGES.impersonating);
  return auth;
}
