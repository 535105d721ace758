// GET /api/billing: the district's plan (with its features as /pricing shows them), status and trial,
// renewal, seats purchased against seats in use, the billing contact and every plan.
import type { BillingSummaryAnswer } from '../../../common/schemas/answers/billing';
import { trialDaysLeft, trialHasEnded } from '../../access/trial';
import { presentPlan } from '../../lib/billing/presenter';
import { isOverSeats } from '../../lib/seatWarning';
import type { BillingDistrict, PlanRow } from './queries';

export function presentBillingSummary(district: BillingDistrict, plans: PlanRow[], inUse: number, canManage: boolean, now = Date.now()): BillingSummaryAnswer {
  const current = plans.find((p) => p.id === district.plan_id);
  if (!current) throw new Error(`District ${district.id} has no plan ${district.plan_id}`);
  const onTrial = district.status === 'trial';
  return {
    plan: presentPlan(current),
    status: district.status,
    trial_ends_at: onTrial ? district.trial_ends_at : null,
    trial_days_left: trialDaysLeft(district, now),
    read_only: trialHasEnded(district, now),
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
