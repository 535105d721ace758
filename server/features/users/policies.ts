// District users (User settings): managing logins, invites, roles and schools needs `manage coaches`.
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { type DistrictAuth, districtActor, requireDistrict, requirePermission } from '../../access/guards';
import type { Caller } from './service';

/** A district user holding `manage coaches` (401, 403 otherwise), as the commands take them. */
export function userManager(req: Request): Caller {
  const auth = requirePermission(requireDistrict(req), PERMISSIONS.manageCoaches);
  return { auth, actor: districtActor(req) };
}

/**
 * Anyone signed in to a district (provider staff only while impersonating, and then as that person):
 * User settings is open to every login (spec §2, `settings/user`: login), showing them their own.
 */
export function ownSettingsReader(req: Request): DistrictAuth {
  return requireDistrict(req);
}
