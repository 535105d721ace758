// Who may see and change the district's billing: `manage billing` (district administrators) for every
// endpoint, district users only (provider staff who are not impersonating get 403; their side is
// /api/admin/…). Another district's quote or invoice is a 404 like a missing one: the queries filter by
// the caller's district.
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { type DistrictAuth, districtActor, requireDistrict, requirePermission } from '../../access/guards';
import type { DistrictActor } from '../../lib/audit';

export interface BillingCaller {
  auth: DistrictAuth;
  actor: DistrictActor;
}

/** A district user holding `manage billing` (401 for guests, 403 otherwise). */
export function billingManager(req: Request): BillingCaller {
  const auth = requirePermission(requireDistrict(req), PERMISSIONS.manageBilling);
  return { auth, actor: districtActor(req) };
}
