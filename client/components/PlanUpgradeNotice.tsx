// The one upgrade message of a plan feature the district's plan lacks (issue 14, "Plans and trials"):
// planFeatureMessage(feature) — the server's 403 word for word, naming the cheapest plan that has it —
// then what the screen says that plan adds (children), then "See plans" (/pricing) and, for people who
// manage billing, "Request a quote" for that plan. It renders no box of its own: each screen keeps its
// card, alert or empty state around it.
import type { ReactNode } from 'react';
import { hasPermission, PERMISSIONS, type PlanFeature } from '../../common/permissions';
import { firstPlanWith, planFeatureMessage } from '../../common/plans';
import { useAuthUser } from '../lib/session';
import { type ButtonSize, ButtonLink } from './Button';

/** Where "Request a quote" leads: a new quote for the plan that has the feature. */
export function quoteLinkFor(feature: PlanFeature): string {
  return `/app/settings/billing/quotes?new=1&plan=${encodeURIComponent(firstPlanWith(feature).key)}`;
}

export function PlanUpgradeNotice({ feature, children, size = 'md' }: { feature: PlanFeature; children?: ReactNode; size?: ButtonSize }) {
  const { user } = useAuthUser();
  const canBuy = !!user && hasPermission(user.security.permissions, PERMISSIONS.manageBilling);
  return (
    <>
      <p>{planFeatureMessage(feature)}</p>
      {children}
      <div className="cluster plan-upgrade__actions">
        <ButtonLink to="/pricing" variant="secondary" size={size}>See plans</ButtonLink>
        {canBuy && <ButtonLink to={quoteLinkFor(feature)} size={size}>Request a quote</ButtonLink>}
      </div>
    </>
  );
}

/** "Your district is on the Essentials plan. With the Professional plan you can:" — the line before a screen's list. */
export function PlanComparison({ feature, planName, tail = ' you can:' }: { feature: PlanFeature; planName: string | null | undefined; tail?: string }) {
  return (
    <p className="muted text-sm">
      {planName ? `Your district is on the ${planName} plan. ` : ''}With the {firstPlanWith(feature).name} plan{tail}
    </p>
  );
}
