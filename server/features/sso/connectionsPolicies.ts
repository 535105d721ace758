// Who may read and change a district's sign-in connections (issue 30). District administrators with `manage settings`,
// on a plan with single sign-on (Enterprise: `sso`). A connection is a way into the district, so adding, changing
// or removing one is refused while impersonating (security finding 11: impersonation leaves no lasting access);
// reading and "Test connection" are not. Provider staff read a district's connections and test them from the admin
// area (`see all districts`), whatever the district's plan.
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { districtActor, requireDistrict, requireFeature, requirePermission } from '../../access/guards';
import { refuseWhileImpersonating } from '../../access/impersonation';
import { providerReader, type ProviderCaller } from '../../access/provider';
import type { DistrictActor } from '../../lib/audit';

export const SSO_IMPERSONATION_REFUSED =
  'While impersonating you cannot add, change or remove sign-in connections: a connection is a way into the district. Stop impersonating and ask the district to do it.';

/** Reading and testing: `manage settings` and the plan's `sso`. */
export function ssoReader(req: Request): DistrictActor {
  requireFeature(requirePermission(requireDistrict(req), PERMISSIONS.manageSettings), 'sso');
  return districtActor(req);
}

/** Adding, changing, removing: as reading, never while impersonating. */
export function ssoManager(req: Request): DistrictActor {
  const auth = requireFeature(requirePermission(requireDistrict(req), PERMISSIONS.manageSettings), 'sso');
  refuseWhileImpersonating(auth, SSO_IMPERSONATION_REFUSED);
  return districtActor(req);
}

/** Provider staff on a district's admin view. */
export function ssoProviderReader(req: Request): ProviderCaller {
  return providerReader(req);
}
