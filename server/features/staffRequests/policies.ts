// School staff requests: `add staff` to see, make and withdraw them (a principal's `.building` scope sees
// requests for their schools and their own); deciding needs district-wide `add staff`.
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { MESSAGES } from '../../../common/schemas/staffRequests';
import { districtActor, requireDistrict, requireScope, type Scope } from '../../access/guards';
import { forbidden } from '../../http/errors';
import type { DistrictActor } from '../../lib/audit';

export function requestParticipant(req: Request): { actor: DistrictActor; scope: Scope } {
  const scope = requireScope(requireDistrict(req), PERMISSIONS.addStaff, ['district', 'building']);
  return { actor: districtActor(req), scope };
}

/** Approving and denying belong to district administrators (`add staff` without a narrower suffix). */
export function requestDecider(req: Request): DistrictActor {
  const { actor, scope } = requestParticipant(req);
  if (scope.kind !== 'district') throw forbidden(MESSAGES.districtOnly);
  return actor;
}
