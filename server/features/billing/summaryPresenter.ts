// GET /api/billing: the district's plan (with its features as /pricing shows them), status and trial,
// renewal, seats purchased against seats in use, the billing contact and every plan.
import { PLAN_FEATURES, type PlanFeature } from '../../../common/permissions';
import type { BillingSummary, PlanSummary } from '../../../common/schemas/billing';
import { isOverSeats } from '../../lib/seatWarning';
import type { BillingDistrict, PlanRow } from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;

export function presentPlan(plan: PlanRow): PlanSummary {
  return {
    key: plan.key,
    name: plan.name,
    description: plan.description,
    price_per_seat_cents: plan.price_per_seat_cents,
    features: (JSON.parse(plan.features) as PlanFeature[]).map((key) => ({ key, label: PLAN_FEATURES[key] ?? key })),
  };
}

/** Whole days left in a trial (0 once it has ended), counted up like the dashboard's trial note. */
export function trialDaysLeft(trialEndsAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(trialEndsAt) - now) / DAY_MS));
}

/** A trial whose end has passed: the district is read-only until it buys a plan. */
export function trialEnded(district: Pick<BillingDistrict, 'status' | 'trial_ends_at'>, now = Date.now()): boolean {
  return district.status === 'trial' && district.trial_ends_at !== null && Date.parse(district.trial_ends_at) <= now;
}

export function presentBillingSummary(district: BillingDistrict, plans: PlanRow[], inUse: number, canManage: boolean, now = Date.now()): BillingSummary {
  const current = plans.find((p) => p.id === district.plan_id);
  if (!current) throw new Error(`District ${district.id} has no plan ${district.plan_id}`);
  const onTrial = district.status === 'trial';
  return {
    plan: presentPlan(current),
    status: district.status,
    trial_ends_at: onTrial ? district.trial_ends_at : null,
    trial_days_left: onTrial && district.trial_ends_at ? trialDaysLeft(district.trial_ends_at, now) : null,
    read_only: trialEnded(district, now),
    renews_on: district.status === 'active' ? district.renews_on : null,
    seats: { purchased: district.seats, in_use: inUse, over: isOverSeats(district, inUse) },
    contact: {
      billing_contact_name: district.billing_contact_name,
      billing_contact_email: district.billing_contact_email,
      billing_address: district.billing_address,
      tax_exempt_number: district.tax_exempt_number,
    },
    plans: plans.map((p) => ({ ...presentPlan(p), current: p.id === district.plan_id })),
    can_manage: canManage,
  };
}
