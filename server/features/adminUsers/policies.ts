// The provider's user administration: who may read and change which logins. Reading needs `see admin`
// (provider staff who are not impersonating; an impersonated session carries the district user's
// permissions, so it is refused too). Changing a district user needs `see all districts`; changing
// Coachwell staff (and the staff screen) needs `manage coaches`, which only provider admins hold.
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { ADMIN_USER_MESSAGES } from '../../../common/schemas/adminUsers';
import { requireAuth, requirePermission } from '../../access/guards';
import type { AuthContext } from '../../identity/context';
import type { Actor } from '../../lib/audit';

/** The signed-in provider staff member and the request's actor, as the commands take them. */
export interface AdminCaller {
  auth: AuthContext;
  actor: Actor;
}

/** Any provider login with `see admin` (401 for guests, 403 for district users). */
export function adminReader(req: Request): AdminCaller {
  const auth = requirePermission(requireAuth(req), PERMISSIONS.seeAdmin);
  return { auth, actor: req.actor };
}

/** A provider admin (`manage coaches`): lists, invites and changes Coachwell staff. */
export function staffManager(req: Request): AdminCaller {
  const caller = adminReader(req);
  requirePermission(caller.auth, PERMISSIONS.manageCoaches, ADMIN_USER_MESSAGES.staffOnlyForManagers);
  return caller;
}

/** 403 unless the caller may change this login: district users need `see all districts`, staff `manage coaches`. */
export function requireMayChange(caller: AdminCaller, target: { district_id: number | null }): void {
  if (target.district_id === null) {
    requirePermission(caller.auth, PERMISSIONS.manageCoaches, ADMIN_USER_MESSAGES.staffOnlyForManagers);
  } else {
    requirePermission(caller.auth, PERMISSIONS.seeAllDistricts, ADMIN_USER_MESSAGES.districtUsersNeedAllDistricts);
  }
}
