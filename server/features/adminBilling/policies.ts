// Who may read and run the provider's side of billing. Reading (the quotes across districts, a district's
// Billing panel): provider staff with `see all districts`. Every change (activating a quote, marking an
// invoice paid or void) is the rule "manage district accounts" of access/provider.ts, the one that also
// guards a district's plan and seats: provider administrators only; support gets 403 naming the rule.
// District users, and provider staff while impersonating one, get 403.
import type { Request } from 'express';
import { BILLING_MESSAGES } from '../../../common/schemas/billing';
import { canManageDistrictAccounts, districtAccountManagerWith, providerReader, type ProviderCaller } from '../../access/provider';

export type { ProviderActor, ProviderCaller } from '../../access/provider';

export function billingReader(req: Request): ProviderCaller {
  return providerReader(req);
}

export function billingManager(req: Request): ProviderCaller {
  return districtAccountManagerWith(req, BILLING_MESSAGES.providerOnly);
}

export const canManageBilling = canManageDistrictAccounts;
