// Who may read and run the provider's districts. Reading: any provider login holding `see all districts`
// (provider administrators and support). Changing a district's plan, seats or status (suspend, reactivate)
// is the rule "manage district accounts": provider administrators only. District users, and provider
// staff while impersonating one (their session then holds the district user's grants), get 403.
// The rule itself lives in access/provider.ts (adminBilling applies it too).
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { ADMIN_DISTRICT_MESSAGES } from '../../../common/schemas/adminDistricts';
import { DISTRICT_DELETION_MESSAGES } from '../../../common/schemas/districtDeletion';
import { requireProviderStaff } from '../../access/guards';
import { forbidden } from '../../http/errors';
import {
  canManageDistrictAccounts, districtAccountManagerWith, providerReader,
  type ProviderActor, type ProviderCaller,
} from '../../access/provider';

export { canManageDistrictAccounts, type ProviderActor, type ProviderCaller };

/** `see all districts` (401 for guests, 403 for district users): reading districts and extending trials. */
export function districtReader(req: Request): ProviderCaller {
  return providerReader(req);
}

/** "Manage district accounts": provider administrators only (provider support gets 403 naming the rule). */
export function districtAccountManager(req: Request): ProviderCaller {
  return districtAccountManagerWith(req, ADMIN_DISTRICT_MESSAGES.adminOnly);
}

/**
 * Deleting a district (schedule, restore, purge): provider staff acting as themselves (`requireProviderStaff`: 401
 * for guests, 403 for district users and impersonated sessions), provider administrators only.
 */
export function districtDeletionManager(req: Request): ProviderCaller {
  const auth = requireProviderStaff(req, PERMISSIONS.seeAllDistricts, DISTRICT_DELETION_MESSAGES.providerOnly);
  if (!canManageDistrictAccounts(auth)) throw forbidden(DISTRICT_DELETION_MESSAGES.adminOnly);
  return { auth, actor: req.actor as ProviderActor };
}

/** The deletion certificates: provider staff acting as themselves with `see all districts`. */
export function deletionCertificateReader(req: Request): ProviderCaller {
  const auth = requireProviderStaff(req, PERMISSIONS.seeAllDistricts, DISTRICT_DELETION_MESSAGES.providerOnly);
  return { auth, actor: req.actor as ProviderActor };
}
