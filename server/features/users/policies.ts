// District users (User settings): managing logins, invites, roles and schools needs `manage coaches`.
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { districtActor, requireDistrict, requirePermission } from '../../access/guards';
import type { Caller } from './service';

/** A district user holding `manage coaches` (401, 403 otherwise), as the commands take them. */
export function userManager(req: Request): Caller {
  const auth = requirePermission(requireDistrict(req), PERMISSIONS.manageCoaches);
  return { auth, actor: districtActor(req) };
}
