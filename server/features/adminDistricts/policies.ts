// Who may read and run the provider's districts. Reading: any provider login holding `see all districts`
// (provider administrators and support). Changing a district's plan, seats or status (suspend, reactivate)
// is the rule "manage district accounts": provider administrators only. District users, and provider
// staff while impersonating one (their session then holds the district user's grants), get 403.
import type { Request } from 'express';
import { hasRole, PERMISSIONS } from '../../../common/permissions';
import { ADMIN_DISTRICT_MESSAGES } from '../../../common/schemas/adminDistricts';
import { requireAuth, requirePermission } from '../../access/guards';
import type { AuthContext } from '../../identity/context';
import { forbidden } from '../../http/errors';
import type { Actor } from '../../lib/audit';

/** The provider staff member acting on a district; audit rows name the district they act on. */
export type ProviderActor = Actor & { userId: number };

export interface ProviderCaller {
  auth: AuthContext;
  actor: ProviderActor;
}

/** The role that may manage district accounts (plan, seats, suspension). */
export const DISTRICT_ACCOUNT_MANAGER_ROLE = 'provider-admin';

/** Whether this caller may manage district accounts: the rule the screen shows its controls by. */
export function canManageDistrictAccounts(auth: AuthContext): boolean {
  return auth.impersonator === null && hasRole(auth.roles, DISTRICT_ACCOUNT_MANAGER_ROLE);
}

/** `see all districts` (401 for guests, 403 for district users): reading districts and extending trials. */
export function districtReader(req: Request): ProviderCaller {
  const auth = requirePermission(requireAuth(req), PERMISSIONS.seeAllDistricts);
  return { auth, actor: req.actor as ProviderActor };
}

/** "Manage district accounts": provider administrators only (provider support gets 403 naming the rule). */
export function districtAccountManager(req: Request): ProviderCaller {
  const caller = districtReader(req);
  if (!canManageDistrictAccounts(caller.auth)) throw forbidden(ADMIN_DISTRICT_MESSAGES.adminOnly);
  return caller;
}
