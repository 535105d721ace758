// Who reads and changes the setup checklist: district administrators, the people with `manage settings`
// (the ones who set the district up). Everyone else gets 403; guests 401.
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { type DistrictAuth, districtActor, requireDistrict, requirePermission } from '../../access/guards';
import type { DistrictActor } from '../../lib/audit';

export function checklistReader(req: Request): DistrictAuth {
  return requirePermission(requireDistrict(req), PERMISSIONS.manageSettings);
}

export function checklistManager(req: Request): { auth: DistrictAuth; actor: DistrictActor } {
  const auth = checklistReader(req);
  return { auth, actor: districtActor(req) };
}
