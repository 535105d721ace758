// Site settings: every district user reads the profile and schools; `manage settings` changes them.
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { districtActor, requireDistrict, requirePermission } from '../../access/guards';
import type { DistrictActor } from '../../lib/audit';

export const BUILDING_NOT_FOUND = 'We could not find that school.';

export function settingsManager(req: Request): DistrictActor {
  requirePermission(requireDistrict(req), PERMISSIONS.manageSettings);
  return districtActor(req);
}
