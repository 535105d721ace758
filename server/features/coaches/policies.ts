// Coaches: the list needs `see coaches`; a coach's own page is open to any district user (the caseload
// on it names only educators the caller may see); assigning and ending caseloads needs `manage coaches`.
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { type DistrictAuth, districtActor, requireDistrict, requirePermission } from '../../access/guards';
import type { DistrictActor } from '../../lib/audit';

export function coachListReader(req: Request): DistrictAuth {
  return requirePermission(requireDistrict(req), PERMISSIONS.seeCoaches);
}

export function caseloadManager(req: Request): DistrictActor {
  requirePermission(requireDistrict(req), PERMISSIONS.manageCoaches);
  return districtActor(req);
}
