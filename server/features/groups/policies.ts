// Who may do what with staff groups. Reading needs `see educators` for the whole district or the
// caller's buildings (an educator's `.self` scope has no groups view); changing needs `manage coaches`.
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { districtActor, requireDistrict, requirePermission, requireScope, type Scope } from '../../access/guards';
import type { DistrictActor } from '../../lib/audit';

/** The reader's scope: members outside it are never named. */
export function groupReader(req: Request): Scope {
  return requireScope(requireDistrict(req), PERMISSIONS.seeEducators, ['district', 'building']);
}

export function groupManager(req: Request): DistrictActor {
  requirePermission(requireDistrict(req), PERMISSIONS.manageCoaches);
  return districtActor(req);
}
