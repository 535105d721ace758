// Impersonation: provider staff holding `impersonate`, one district user at a time.
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { requireAuth, requirePermission } from '../../access/guards';
import type { AuthContext } from '../../identity/context';
import { conflict } from '../../http/errors';

export function requireImpersonator(req: Request): AuthContext {
  const auth = requireAuth(req);
  if (auth.impersonator) throw conflict('Stop impersonating before you impersonate someone else.');
  return requirePermission(auth, PERMISSIONS.impersonate);
}
