import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { LoadingBlock } from '../../components/Spinner';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import { formatMoney } from '../../lib/format';
import { useAuthUser } from '../../lib/session';
import type { ScreenProps } from '../../app/routeTable';
import { type Plan, usePlans } from './api';

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
    return <p className="pricing-card-note">To get a quote for {plan.name}, ask a district administrator in your district.</p>;
  }
  const to = visitor === 'buyer' ? quotePathFor(plan.key) : `/register?redirect=${encodeURIComponent(quotePathFor(plan.key))}`;
  return (
    <ButtonLink to={to} variant={visitor === 'buyer' && plan.key === FEATURED_PLAN ? 'primary' : 'secondary'} aria-describedby={nameId}>
      Request a quote
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
        {featured && <span className="price-card__badge">Most popular</span>}
      </div>
      <p className="price-card__description">{plan.description}</p>
      <p className="price-card__price">
        {formatMoney(plan.price_per_seat_cents)}{' '}
        <span className="price-card__period">per coach seat / school year</span>
      </p>
      {plan.features.length > 0 && (
        <ul className="price-card__features" aria-label={`Included in ${plan.name}`}>
          {plan.features.map((feature) => (
            <li key={feature.key}>{feature.label}</li>
          ))}
        </ul>
      )}
      <div className="price-card__cta">
        {visitor === 'guest' && (
          <ButtonLink to="/register" variant={featured ? 'primary' : 'secondary'} aria-describedby={nameId}>
            Start free trial
          </ButtonLink>
        )}
        <QuoteAction plan={plan} visitor={visitor} nameId={nameId} />
        {visitor === 'guest' && (
          <p className="pricing-card-note">
            {plan.key === TRIAL_PLAN
              ? '30 days free, no credit card.'
              : `Your trial starts on Essentials; move to ${plan.name} from Billing whenever you are ready.`}
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
          <p>We could not load the plans. Please try again later.</p>
        </Alert>
        <Button variant="secondary" busy={isValidating} onClick={() => void mutate()}>
          Retry
        </Button>
      </div>
    );
  }

  if (!data) {
    return <LoadingBlock label="Loading plans…" />;
  }

  const plans = data.data ?? [];
  if (plans.length === 0) {
    return (
      <EmptyState headingLevel={3} title="Plans are being updated">
        <p>
          Our plans are not available to view right now. You can still start a free trial, and we will confirm
          pricing before you subscribe.
        </p>
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

const FAQ: { q: string; a: ReactNode }[] = [
  {
    q: 'Can we pay with a purchase order or get a formal quote?',
    a: (
      <p>
        Yes. Most districts pay by purchase order against an annual invoice on net-30 terms. District administrators
        can request a formal quote from Billing inside Coachwell at any time, including during the trial, to attach to
        a requisition or board agenda.
      </p>
    ),
  },
  {
    q: 'Do you provide a W-9 or a sole-source letter?',
    a: (
      <p>
        Yes, on request. We can send a completed W-9, a sole-source or proprietary-product letter and a signed state
        data privacy agreement to support your procurement process.
      </p>
    ),
  },
  {
    q: 'Is Coachwell accessible to all of our staff?',
    a: (
      <p>
        Yes. Coachwell is designed to meet WCAG 2.1 AA, works with a keyboard, screen readers and browser zoom, and
        never relies on color alone. Our accessibility conformance report is available on request for your
        procurement review.
      </p>
    ),
  },
  {
    q: 'What counts as a seat?',
    a: (
      <p>
        A seat is one person who coaches in Coachwell: anyone who logs coaching interactions or runs coaching
        cycles. The teachers being coached do not need a seat, and neither do administrators who only view reports
        or manage settings. If a coach leaves mid-year, you can reassign their seat to the person who replaces them.
      </p>
    ),
  },
  {
    q: 'Is the trial really free?',
    a: (
      <p>
        Yes. The trial runs for 30 days on the Essentials plan, needs no credit card and does not turn into a paid
        subscription on its own. If you subscribe, everything you entered during the trial carries over.
      </p>
    ),
  },
  {
    q: 'What happens to our data at the end of our contract?',
    a: (
      <p>
        It stays yours. You can export educators, interactions, coaching cycles and reports as CSV at any time,
        including during the 30 days after your contract ends. Within those 30 days we delete your district’s data,
        and we provide a certificate of destruction on request. Details are in our{' '}
        <Link to="/policy#retention-and-deletion">data retention and deletion policy</Link>.
      </p>
    ),
  },
];

export default function PricingScreen(_props: ScreenProps) {
  return (
    <div className="container pricing-page">
      <header className="pricing-header">
        <p className="pricing-kicker">Pricing</p>
        <h1 className="pricing-title">Simple pricing for district coaching teams</h1>
        <p className="pricing-lede">
          Coachwell is priced per coach seat, per school year, and everyone else your coaches work with is included.
          Try Essentials free for 30 days with no credit card required.
        </p>
      </header>

      <section aria-labelledby="pricing-plans-title" className="pricing-plans">
        <h2 id="pricing-plans-title" className="sr-only">
          Plans
        </h2>
        <Plans />
      </section>

      <p className="pricing-help">
        Need more than one plan across schools, or pricing for a consortium or education service agency?{' '}
        <Link to="/register">Start a trial</Link> and ask us for a quote from inside Coachwell.
      </p>

      <section aria-labelledby="pricing-faq-title" className="pricing-faq">
        <h2 id="pricing-faq-title">Frequently asked questions</h2>
        <div className="pricing-faq-grid">
          {FAQ.map((item) => (
            <div key={item.q} className="pricing-faq-item">
              <h3 className="pricing-faq-question">{item.q}</h3>
              <div className="pricing-faq-answer">{item.a}</div>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
