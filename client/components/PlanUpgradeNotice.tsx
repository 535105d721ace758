// The one upgrade message of a plan feature the district's plan lacks (issue 14, "Plans and trials"):
// what the feature is part of (the first sentence of planFeatureMessage(feature), the server's 403,
// naming the cheapest plan that has it), then who can upgrade (issue 26): the person who manages billing
// is told how — in Billing and quotes, with "Request a quote" for that plan — and everyone else whom to
// ask, as the server says it. Then what the screen says that plan adds (children) and "See plans"
// (/pricing). It renders no box of its own: each screen keeps its card, alert or empty state around it.
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { hasPermission, PERMISSIONS, type PlanFeature } from '../../common/permissions';
import { firstPlanWith, planFeatureMessage } from '../../common/plans';
import { useAuthUser } from '../lib/session';
import { type ButtonSize, ButtonLink } from './Button';
import { defineMessages, t, tRich, tText } from '../lib/i18n';
import './planCard.css';

const m = defineMessages({
  canBuy: { id: 'ui.plan.canBuy', defaultMessage: "You manage your district's billing, so you can upgrade: request a quote for the {plan} plan, or see your plan, quotes and invoices in <link>Billing and quotes</link>." },
  seePlans: { id: 'ui.plan.seePlans', defaultMessage: 'See plans' },
  requestQuote: { id: 'ui.plan.requestQuote', defaultMessage: 'Request a quote' },
  onPlan: { id: 'ui.plan.onPlan', defaultMessage: 'Your district is on the {plan} plan. ' },
  withPlan: { id: 'ui.plan.withPlan', defaultMessage: 'With the {plan} plan you can:' },
  withPlanTail: { id: 'ui.plan.withPlanTail', defaultMessage: 'With the {plan} plan{tail}', description: 'tail: the screen\'s own end of the sentence (":", " each interaction type can ask for its own fields:")' },
});

/** Where "Request a quote" leads: a new quote for the plan that has the feature. */
export function quoteLinkFor(feature: PlanFeature): string {
  return `/app/settings/billing/quotes?new=1&plan=${encodeURIComponent(firstPlanWith(feature).key)}`;
}

export const BILLING_PATH = '/app/settings/billing';

/** The feature and its plan, without whom to ask: "Calendar sync is part of the Professional plan." */
export function planFeatureSentence(feature: PlanFeature): string {
  const message = tText(planFeatureMessage(feature));
  const end = message.indexOf('. ');
  return end === -1 ? message : message.slice(0, end + 1);
}

export function PlanUpgradeNotice({ feature, children, size = 'md' }: { feature: PlanFeature; children?: ReactNode; size?: ButtonSize }) {
  const { user } = useAuthUser();
  const canBuy = !!user && hasPermission(user.security.permissions, PERMISSIONS.manageBilling);
  return <PlanUpgradeNoticeView feature={feature} canBuy={canBuy} size={size}>{children}</PlanUpgradeNoticeView>;
}

/** The notice for someone who can upgrade (manages billing) or not: the two wordings. */
export function PlanUpgradeNoticeView({ feature, canBuy, children, size = 'md' }: { feature: PlanFeature; canBuy: boolean; children?: ReactNode; size?: ButtonSize }) {
  const plan = firstPlanWith(feature).name;
  return (
    <>
      {canBuy
        ? (
          <p>
            {planFeatureSentence(feature)}{' '}
            {tRich(m.canBuy, { plan, link: (chunks) => <Link to={BILLING_PATH}>{chunks}</Link> })}
          </p>
        )
        : <p>{tText(planFeatureMessage(feature))}</p>}
      {children}
      <div className="cluster plan-upgrade__actions">
        <ButtonLink to="/pricing" variant="secondary" size={size}>{t(m.seePlans)}</ButtonLink>
        {canBuy && <ButtonLink to={quoteLinkFor(feature)} size={size}>{t(m.requestQuote)}</ButtonLink>}
      </div>
    </>
  );
}

/** "Your district is on the Essentials plan. With the Professional plan you can:" — the line before a screen's list. */
export function PlanComparison({ feature, planName, tail }: { feature: PlanFeature; planName: string | null | undefined; tail?: string }) {
  const plan = firstPlanWith(feature).name;
  return (
    <p className="muted text-sm">
      {planName ? t(m.onPlan, { plan: planName }) : ''}{tail === undefined ? t(m.withPlan, { plan }) : t(m.withPlanTail, { plan, tail })}
    </p>
  );
}

/**
 * A screen's card for a district whose plan lacks the feature: its title, the notice, then what that plan
 * adds (`items`, a list). Coaching (skill mapping, cycles), reports and the settings screens use it.
 */
export function PlanFeatureCard({ feature, title, planName, items, tail, size, className }: {
  feature: PlanFeature; title: string; planName: string | null | undefined; items: ReactNode[];
  /** The end of "With the … plan you can:" when the screen words it otherwise (translated by the screen). */
  tail?: string; size?: ButtonSize; className?: string;
}) {
  const titleId = useId();
  return (
    <section className={['card plan-card', className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">{title}</h2>
      <PlanUpgradeNotice feature={feature} size={size}>
        <PlanComparison feature={feature} planName={planName} tail={tail} />
        <ul className="plan-card__list">
          {items.map((item, i) => <li key={i}>{item}</li>)}
        </ul>
      </PlanUpgradeNotice>
    </section>
  );
}
