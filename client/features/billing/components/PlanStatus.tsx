// The Billing page's first card: the district's plan (what it includes, as on /pricing), its status
// (trial with days left and end date, trial ended and read-only, active with the renewal date,
// suspended) and coach seats purchased against seats in use (on a trial: the seats the trial includes
// and until when, since nothing is purchased yet), with a warning (never a block) when over.
import type { Locale } from 'date-fns';
import { formatUsd } from '../../../../common/money';
import { plural } from '../../../../common/plural';
import type { BillingSummary } from '../../../../common/schemas/billing';
import { Alert } from '../../../components/Alert';
import { ButtonLink } from '../../../components/Button';
import { day, dayOfInstant, newQuotePath } from './format';

function StatusLine({ billing, timeZone, locale }: { billing: BillingSummary; timeZone?: string; locale?: Locale }) {
  if (billing.status === 'suspended') {
    return (
      <Alert tone="danger" title="Your district's account is suspended">
        <p>Your records are kept safe. Contact Coachwell support to restore access.</p>
      </Alert>
    );
  }
  if (billing.status === 'active') {
    return (
      <p className="billing-plan__status">
        <span className="badge badge--success">Active</span>
        <span>
          {billing.renews_on ? <>Renews on <strong>{day(billing.renews_on, locale)}</strong>, at the end of the school year.</> : 'Paid plan.'}
        </span>
      </p>
    );
  }
  const ends = dayOfInstant(billing.trial_ends_at, timeZone, locale);
  if (billing.read_only) {
    return (
      <Alert tone="warning" title="Your free trial has ended">
        <p>
          Coachwell is read-only for your district{ends ? ` since ${ends}` : ''}: everyone can still read and export
          everything, but nothing new can be saved. Request a quote below; once your purchase order is in, we activate
          your plan and everything you entered during the trial carries on.
        </p>
      </Alert>
    );
  }
  const left = billing.trial_days_left ?? 0;
  return (
    <p className="billing-plan__status">
      <span className="badge badge--info">Free trial</span>
      <span>
        <strong>{plural(left, 'day', 'days')} left</strong>
        {ends && <>: the trial ends on <strong>{ends}</strong>.</>}
      </span>
    </p>
  );
}

/**
 * What the seats card says. A paid plan: seats in use of those purchased. A trial has purchased nothing: it
 * says what it includes (its seats, or no limit when it has none) and when it ends.
 */
export function seatWords(billing: Pick<BillingSummary, 'status' | 'seats' | 'read_only'>, ends: string): { figures: string; meter: string; overTitle: string; overText: string } {
  const { purchased, in_use: inUse } = billing.seats;
  const extra = plural(inUse - purchased, 'seat', 'seats');
  if (billing.status === 'trial') {
    const until = ends ? ` until ${ends}` : '';
    const includes = billing.read_only ? 'included' : 'includes';
    const seats = purchased > 0 ? plural(purchased, 'coach seat', 'coach seats') : 'as many coach seats as you need';
    return {
      figures: `Your trial ${includes} ${seats}${until}: ${plural(inUse, 'coach', 'coaches')}${billing.read_only ? '' : ' so far'}.`,
      meter: `${inUse} of the ${purchased} coach seats in your trial in use`,
      overTitle: `${extra} over your trial`,
      overText: 'Your district has more coaches than your trial includes. Coaching carries on as usual; nothing is blocked. Request a quote for the seats you need.',
    };
  }
  return {
    figures: `${inUse.toLocaleString('en-US')} in use of ${purchased.toLocaleString('en-US')} purchased`,
    meter: `${inUse} of ${purchased} coach seats in use`,
    overTitle: `${extra} over your purchase`,
    overText: 'Your district has more coaches than coach seats. Coaching carries on as usual; nothing is blocked. Request a quote for the extra seats so your plan matches your team.',
  };
}

function Seats({ billing, ends }: { billing: BillingSummary; ends: string }) {
  const { purchased, in_use: inUse, over } = billing.seats;
  const words = seatWords(billing, ends);
  // A trial without a seat limit has no meter to fill.
  const meter = billing.status !== 'trial' || purchased > 0;
  return (
    <div className="billing-seats">
      <h3 className="billing-seats__title">Coach seats</h3>
      <p className="billing-seats__figures">{words.figures}</p>
      {meter && (
        <div
          className={['billing-seats__meter', over && 'billing-seats__meter--over'].filter(Boolean).join(' ')}
          role="img"
          aria-label={words.meter}
        >
          <span style={{ width: `${purchased > 0 ? Math.min(100, Math.round((inUse * 100) / purchased)) : 100}%` }} />
        </div>
      )}
      <p className="muted text-sm">A seat is an active user with the coach role.</p>
      {over && (
        <Alert tone="warning" title={words.overTitle}>
          <p>{words.overText}</p>
          {billing.can_manage && (
            <p>
              <ButtonLink size="sm" variant="secondary" to={newQuotePath(billing.plan.key, inUse)}>
                Request a quote for {plural(inUse, 'seat', 'seats')}
              </ButtonLink>
            </p>
          )}
        </Alert>
      )}
    </div>
  );
}

export function PlanStatusCard({ billing, timeZone, locale }: { billing: BillingSummary; timeZone?: string; locale?: Locale }) {
  return (
    <section className="card billing-card billing-plan" aria-labelledby="billing-plan-title">
      <div className="billing-plan__grid">
        <div className="billing-plan__main">
          <p className="kicker billing-card__kicker">Your plan</p>
          <h2 id="billing-plan-title" className="billing-plan__name">{billing.plan.name}</h2>
          <p className="billing-plan__price">
            {formatUsd(billing.plan.price_per_seat_cents)} <span className="muted">per coach seat / school year</span>
          </p>
          <p>{billing.plan.description}</p>
          {billing.plan.features.length > 0 && (
            <ul className="billing-features" aria-label={`Included in ${billing.plan.name}`}>
              {billing.plan.features.map((f) => <li key={f.key}>{f.label}</li>)}
            </ul>
          )}
          <StatusLine billing={billing} timeZone={timeZone} locale={locale} />
        </div>
        <Seats billing={billing} ends={billing.status === 'trial' ? dayOfInstant(billing.trial_ends_at, timeZone, locale) : ''} />
      </div>
    </section>
  );
}
