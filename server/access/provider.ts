// Provider staff on the provider's own area (/api/admin/…): reading any district needs `see all
// districts` (provider administrators and support); changing a district's account (plan, seats, status,
// activating a quote, changing an invoice) is the rule "manage district accounts": provider
// administrators only. District users, and provider staff while impersonating one (the session then
// holds the district user's grants), get 403. adminDistricts and adminBilling both build on this.
import type { Request } from 'express';
import { hasRole, PERMISSIONS } from '../../common/permissions';
import type { AuthContext } from '../identity/context';
import { forbidden } from '../http/errors';
import type { Actor } from '../lib/audit';
import { requireAuth, requirePermission } from './guards';

/** The provider staff member acting on a district; audit rows name the district they act on. */
export type ProviderActor = Actor & { userId: number };

export interface ProviderCaller {
  auth: AuthContext;
  actor: ProviderActor;
}

/** The role that may manage district accounts (plan, seats, suspension, billing). */
export const DISTRICT_ACCOUNT_MANAGER_ROLE = 'provider-admin';

/** Whether this caller may manage district accounts: the rule screens show their controls by. */
export function canManageDistrictAccounts(auth: AuthContext): boolean {
  return auth.impersonator === null && hasRole(auth.roles, DISTRICT_ACCOUNT_MANAGER_ROLE);
}

/** `see all districts` (401 for guests, 403 for district users): reading the provider's districts. */
export function providerReader(req: Request): ProviderCaller {
  const auth = requirePermission(requireAuth(req), PERMISSIONS.seeAllDistricts);
  return { auth, actor: req.actor as ProviderActor };
}

/** "Manage district accounts": provider administrators only (others get 403 with `message`). */
export function districtAccountManagerWith(req: Request, message: string): ProviderCaller {
  const caller = providerReader(req);
  if (!canManageDistrictAccounts(caller.auth)) throw forbidden(message);
  return caller;
}
