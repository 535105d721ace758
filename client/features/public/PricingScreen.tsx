import { Link } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { LoadingBlock } from '../../components/Spinner';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import { formatMoney } from '../../lib/format';
import { useAuthUser } from '../../lib/session';
import type { ScreenProps } from '../../app/routeTable';
import { defineMessages, type MessageDescriptor, t, tRich, tText } from '../../lib/i18n';
import { type Plan, usePlans } from './api';

const m = defineMessages({
  askAdmin: {
    id: 'public.pricing.askAdmin',
    defaultMessage: 'To get a quote for {plan}, ask a district administrator in your district.',
    description: 'plan: a plan name (Professional)',
  },
  requestQuote: { id: 'public.pricing.requestQuote', defaultMessage: 'Request a quote' },
  mostPopular: { id: 'public.pricing.mostPopular', defaultMessage: 'Most popular' },
  period: { id: 'public.pricing.period', defaultMessage: 'per coach seat / school year' },
  includedIn: { id: 'public.pricing.includedIn', defaultMessage: 'Included in {plan}' },
  startTrial: { id: 'public.pricing.startTrial', defaultMessage: 'Start free trial' },
  trialFree: { id: 'public.pricing.trialFree', defaultMessage: '30 days free, no credit card.' },
  trialMove: {
    id: 'public.pricing.trialMove',
    defaultMessage: 'Your trial starts on Essentials; move to {plan} from Billing whenever you are ready.',
  },
  loadFailed: { id: 'public.pricing.loadFailed', defaultMessage: 'We could not load the plans. Please try again later.' },
  retry: { id: 'public.pricing.retry', defaultMessage: 'Retry' },
  loading: { id: 'public.pricing.loading', defaultMessage: 'Loading plans…' },
  emptyTitle: { id: 'public.pricing.emptyTitle', defaultMessage: 'Plans are being updated' },
  emptyText: {
    id: 'public.pricing.emptyText',
    defaultMessage: 'Our plans are not available to view right now. You can still start a free trial, and we will confirm pricing before you subscribe.',
  },
  faqPurchaseOrderQ: { id: 'public.pricing.faqPurchaseOrderQ', defaultMessage: 'Can we pay with a purchase order or get a formal quote?' },
  faqPurchaseOrderA: {
    id: 'public.pricing.faqPurchaseOrderA',
    defaultMessage: 'Yes. Most districts pay by purchase order against an annual invoice on net-30 terms. District administrators can request a formal quote from Billing inside Coachwell at any time, including during the trial, to attach to a requisition or board agenda.',
  },
  faqW9Q: { id: 'public.pricing.faqW9Q', defaultMessage: 'Do you provide a W-9 or a sole-source letter?' },
  faqW9A: {
    id: 'public.pricing.faqW9A',
    defaultMessage: 'Yes, on request. We can send a completed W-9, a sole-source or proprietary-product letter and a signed state data privacy agreement to support your procurement process.',
  },
  faqAccessibleQ: { id: 'public.pricing.faqAccessibleQ', defaultMessage: 'Is Coachwell accessible to all of our staff?' },
  faqAccessibleA: {
    id: 'public.pricing.faqAccessibleA',
    defaultMessage: 'Yes. Coachwell is designed to meet WCAG 2.1 AA, works with a keyboard, screen readers and browser zoom, and never relies on color alone. Our accessibility conformance report is available on request for your procurement review.',
  },
  faqSeatQ: { id: 'public.pricing.faqSeatQ', defaultMessage: 'What counts as a seat?' },
  faqSeatA: {
    id: 'public.pricing.faqSeatA',
    defaultMessage: 'A seat is one person who coaches in Coachwell: anyone who logs coaching interactions or runs coaching cycles. The teachers being coached do not need a seat, and neither do administrators who only view reports or manage settings. If a coach leaves mid-year, you can reassign their seat to the person who replaces them.',
  },
  faqTrialQ: { id: 'public.pricing.faqTrialQ', defaultMessage: 'Is the trial really free?' },
  faqTrialA: {
    id: 'public.pricing.faqTrialA',
    defaultMessage: 'Yes. The trial runs for 30 days on the Essentials plan, needs no credit card and does not turn into a paid subscription on its own. If you subscribe, everything you entered during the trial carries over.',
  },
  faqDataQ: { id: 'public.pricing.faqDataQ', defaultMessage: 'What happens to our data at the end of our contract?' },
  faqDataA: {
    id: 'public.pricing.faqDataA',
    defaultMessage: 'It stays yours. You can export educators, interactions, coaching cycles and reports as CSV at any time, including during the 30 days after your contract ends. Within those 30 days we delete your district’s data, and we provide a certificate of destruction on request. Details are in our <link>data retention and deletion policy</link>.',
  },
  kicker: { id: 'public.pricing.kicker', defaultMessage: 'Pricing' },
  title: { id: 'public.pricing.title', defaultMessage: 'Simple pricing for district coaching teams' },
  lede: {
    id: 'public.pricing.lede',
    defaultMessage: 'Coachwell is priced per coach seat, per school year, and everyone else your coaches work with is included. Try Essentials free for 30 days with no credit card required.',
  },
  plans: { id: 'public.pricing.plans', defaultMessage: 'Plans' },
  help: {
    id: 'public.pricing.help',
    defaultMessage: 'Need more than one plan across schools, or pricing for a consortium or education service agency? <link>Start a trial</link> and ask us for a quote from inside Coachwell.',
  },
  faqTitle: { id: 'public.pricing.faqTitle', defaultMessage: 'Frequently asked questions' },
});

const FEATURED_PLAN = 'professional';
const TRIAL_PLAN = 'essentials';

/** Who is looking: a guest, someone who may buy (`manage billing`), or someone who must ask. */
type Visitor = 'guest' | 'buyer' | 'member';

/** Quotes with the plan chosen; a guest registers first and lands there (the register form's redirect). */
function quotePathFor(planKey: string): string {
  return `/app/settings/billing/quotes?new=1&plan=${encodeURIComponent(planKey)}`;
}

function QuoteAction({ plan, visitor, nameId }: { plan: Plan; visitor: Visitor; nameId: string }) {
  if (visitor === 'member') {
    return <p className="pricing-card-note">{t(m.askAdmin, { plan: plan.name })}</p>;
  }
  const to = visitor === 'buyer' ? quotePathFor(plan.key) : `/register?redirect=${encodeURIComponent(quotePathFor(plan.key))}`;
  return (
    <ButtonLink to={to} variant={visitor === 'buyer' && plan.key === FEATURED_PLAN ? 'primary' : 'secondary'} aria-describedby={nameId}>
      {t(m.requestQuote)}
    </ButtonLink>
  );
}

function PriceCard({ plan, visitor }: { plan: Plan; visitor: Visitor }) {
  const featured = plan.key === FEATURED_PLAN;
  const nameId = `pricing-plan-${plan.key}`;
  return (
    <li className={featured ? 'price-card price-card--featured pricing-card' : 'price-card pricing-card'}>
      <div className="cluster cluster--between">
        <h3 id={nameId} className="price-card__name">
          {plan.name}
        </h3>
        {featured && <span className="price-card__badge">{t(m.mostPopular)}</span>}
      </div>
      <p className="price-card__description">{tText(plan.description)}</p>
      <p className="price-card__price">
        {formatMoney(plan.price_per_seat_cents)}{' '}
        <span className="price-card__period">{t(m.period)}</span>
      </p>
      {plan.features.length > 0 && (
        <ul className="price-card__features" aria-label={t(m.includedIn, { plan: plan.name })}>
          {plan.features.map((feature) => (
            <li key={feature.key}>{tText(feature.label)}</li>
          ))}
        </ul>
      )}
      <div className="price-card__cta">
        {visitor === 'guest' && (
          <ButtonLink to="/register" variant={featured ? 'primary' : 'secondary'} aria-describedby={nameId}>
            {t(m.startTrial)}
          </ButtonLink>
        )}
        <QuoteAction plan={plan} visitor={visitor} nameId={nameId} />
        {visitor === 'guest' && (
          <p className="pricing-card-note">
            {plan.key === TRIAL_PLAN
              ? t(m.trialFree)
              : t(m.trialMove, { plan: plan.name })}
          </p>
        )}
      </div>
    </li>
  );
}

function Plans() {
  const { data, error, isValidating, mutate } = usePlans();
  const { user } = useAuthUser();
  const visitor: Visitor = !user ? 'guest' : hasPermission(user.security.permissions, PERMISSIONS.manageBilling) ? 'buyer' : 'member';

  if (error && !data) {
    return (
      <div className="pricing-error">
        <Alert tone="danger">
          <p>{t(m.loadFailed)}</p>
        </Alert>
        <Button variant="secondary" busy={isValidating} onClick={() => void mutate()}>
          {t(m.retry)}
        </Button>
      </div>
    );
  }

  if (!data) {
    return <LoadingBlock label={t(m.loading)} />;
  }

  const plans = data.data ?? [];
  if (plans.length === 0) {
    return (
      <EmptyState headingLevel={3} title={t(m.emptyTitle)}>
        <p>{t(m.emptyText)}</p>
      </EmptyState>
    );
  }

  return (
    <ul className="pricing-grid pricing-plan-list">
      {plans.map((plan) => (
        <PriceCard key={plan.key} plan={plan} visitor={visitor} />
      ))}
    </ul>
  );
}

const FAQ: { key: string; q: MessageDescriptor; a: MessageDescriptor }[] = [
  { key: 'purchaseOrder', q: m.faqPurchaseOrderQ, a: m.faqPurchaseOrderA },
  { key: 'w9', q: m.faqW9Q, a: m.faqW9A },
  { key: 'accessible', q: m.faqAccessibleQ, a: m.faqAccessibleA },
  { key: 'seat', q: m.faqSeatQ, a: m.faqSeatA },
  { key: 'trial', q: m.faqTrialQ, a: m.faqTrialA },
  { key: 'data', q: m.faqDataQ, a: m.faqDataA },
];

export default function PricingScreen(_props: ScreenProps) {
  return (
    <div className="container pricing-page">
      <header className="pricing-header">
        <p className="pricing-kicker">{t(m.kicker)}</p>
        <h1 className="pricing-title">{t(m.title)}</h1>
        <p className="pricing-lede">{t(m.lede)}</p>
      </header>

      <section aria-labelledby="pricing-plans-title" className="pricing-plans">
        <h2 id="pricing-plans-title" className="sr-only">
          {t(m.plans)}
        </h2>
        <Plans />
      </section>

      <p className="pricing-help">
        {tRich(m.help, { link: (chunks) => <Link to="/register">{chunks}</Link> })}
      </p>

      <section aria-labelledby="pricing-faq-title" className="pricing-faq">
        <h2 id="pricing-faq-title">{t(m.faqTitle)}</h2>
        <div className="pricing-faq-grid">
          {FAQ.map((item) => (
            <div key={item.key} className="pricing-faq-item">
              <h3 className="pricing-faq-question">{t(item.q)}</h3>
              <div className="pricing-faq-answer">
                <p>{tRich(item.a, { link: (chunks) => <Link to="/policy#retention-and-deletion">{chunks}</Link> })}</p>
              </div>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
