// The retention setting is Site settings': `manage settings` reads its preview (and, through PUT /api/district, changes it).
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { type DistrictAuth, requireDistrict, requirePermission } from '../../access/guards';

export function retentionManager(req: Request): DistrictAuth {
  const auth = requireDistrict(req);
  requirePermission(auth, PERMISSIONS.manageSettings);
  return auth;
}
