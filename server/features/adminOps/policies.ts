// Who may read the provider's operations data: provider staff (not impersonating a district user)
// with `see all districts` read the audit feed, the logs and the dashboard; only a provider-admin
// changes the log retention (provider-support reads it).
import type { Request } from 'express';
import { PERMISSIONS, hasRole } from '../../../common/permissions';
import { ADMIN_OPS_MESSAGES } from '../../../common/schemas/adminOps';
import { requireAuth, requirePermission } from '../../access/guards';
import type { AuthContext } from '../../identity/context';
import { forbidden } from '../../http/errors';
import type { Actor } from '../../lib/audit';

/** Provider staff who see all districts (401 guests; 403 district users and impersonated sessions). */
export function opsReader(req: Request): AuthContext {
  const auth = requireAuth(req);
  if (auth.user.district_id !== null || auth.impersonator) throw forbidden(ADMIN_OPS_MESSAGES.providerOnly);
  requirePermission(auth, PERMISSIONS.seeAdmin);
  return requirePermission(auth, PERMISSIONS.seeAllDistricts);
}

/** True when the reader may change provider-wide settings (the provider-admin role). */
export function canChangeSettings(auth: AuthContext): boolean {
  return hasRole(auth.roles, 'provider-admin');
}

/** A provider-admin: changes the log retention. */
export function settingsManager(req: Request): Actor {
  const auth = opsReader(req);
  if (!canChangeSettings(auth)) throw forbidden(ADMIN_OPS_MESSAGES.providerAdminOnly);
  return req.actor;
}
