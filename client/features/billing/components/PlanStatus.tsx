// The Billing page's first card: the district's plan (what it includes, as on /pricing), its status
// (trial with days left and end date, trial ended and read-only, active with the renewal date,
// suspended) and coach seats purchased against seats in use (on a trial: the seats the trial includes
// and until when, since nothing is purchased yet), with a warning (never a block) when over.
import type { Locale } from 'date-fns';
import type { ReactNode } from 'react';
import { formatUsd } from '../../../../common/money';
import type { BillingSummary } from '../../../../common/schemas/billing';
import { Alert } from '../../../components/Alert';
import { ButtonLink } from '../../../components/Button';
import { defineMessages, t, tRich, tText } from '../../../lib/i18n';
import { day, dayOfInstant, newQuotePath } from './format';

const m = defineMessages({
  suspendedTitle: { id: 'billing.plan.suspendedTitle', defaultMessage: "Your district's account is suspended" },
  suspendedText: { id: 'billing.plan.suspendedText', defaultMessage: 'Your records are kept safe. Contact Coachwell support to restore access.' },
  active: { id: 'billing.plan.active', defaultMessage: 'Active' },
  renewsOn: { id: 'billing.plan.renewsOn', defaultMessage: 'Renews on <b>{date}</b>, at the end of the school year.' },
  paidPlan: { id: 'billing.plan.paidPlan', defaultMessage: 'Paid plan.' },
  trialEndedTitle: { id: 'billing.plan.trialEndedTitle', defaultMessage: 'Your free trial has ended' },
  trialEndedText: {
    id: 'billing.plan.trialEndedText',
    defaultMessage: 'Coachwell is read-only for your district: everyone can still read and export everything, but nothing new can be saved. Request a quote below; once your purchase order is in, we activate your plan and everything you entered during the trial carries on.',
  },
  trialEndedSince: {
    id: 'billing.plan.trialEndedSince',
    defaultMessage: 'Coachwell is read-only for your district since {date}: everyone can still read and export everything, but nothing new can be saved. Request a quote below; once your purchase order is in, we activate your plan and everything you entered during the trial carries on.',
  },
  freeTrial: { id: 'billing.plan.freeTrial', defaultMessage: 'Free trial' },
  daysLeft: { id: 'billing.plan.daysLeft', defaultMessage: '<b>{count, plural, one {# day left} other {# days left}}</b>' },
  daysLeftEnds: {
    id: 'billing.plan.daysLeftEnds',
    defaultMessage: '<b>{count, plural, one {# day left} other {# days left}}</b>: the trial ends on <b>{date}</b>.',
  },
  trialFigures: {
    id: 'billing.seats.trialFigures',
    defaultMessage: '{readOnly, select, yes {Your trial included} other {Your trial includes}} {purchased, plural, =0 {as many coach seats as you need} one {# coach seat} other {# coach seats}}{hasEnd, select, yes { until {ends}} other {}}: {inUse, plural, one {# coach} other {# coaches}}{readOnly, select, yes {} other { so far}}.',
    description: 'ends: the day the trial ends',
  },
  trialMeter: { id: 'billing.seats.trialMeter', defaultMessage: '{inUse} of the {purchased} coach seats in your trial in use' },
  trialOverTitle: { id: 'billing.seats.trialOverTitle', defaultMessage: '{count, plural, one {# seat} other {# seats}} over your trial' },
  trialOverText: {
    id: 'billing.seats.trialOverText',
    defaultMessage: 'Your district has more coaches than your trial includes. Coaching carries on as usual; nothing is blocked. Request a quote for the seats you need.',
  },
  paidFigures: { id: 'billing.seats.paidFigures', defaultMessage: '{inUse, number} in use of {purchased, number} purchased' },
  paidMeter: { id: 'billing.seats.paidMeter', defaultMessage: '{inUse} of {purchased} coach seats in use' },
  paidOverTitle: { id: 'billing.seats.paidOverTitle', defaultMessage: '{count, plural, one {# seat} other {# seats}} over your purchase' },
  paidOverText: {
    id: 'billing.seats.paidOverText',
    defaultMessage: 'Your district has more coaches than coach seats. Coaching carries on as usual; nothing is blocked. Request a quote for the extra seats so your plan matches your team.',
  },
  seatsTitle: { id: 'billing.seats.title', defaultMessage: 'Coach seats' },
  seatIs: { id: 'billing.seats.seatIs', defaultMessage: 'A seat is an active user with the coach role.' },
  requestSeats: { id: 'billing.seats.requestSeats', defaultMessage: 'Request a quote for {count, plural, one {# seat} other {# seats}}' },
  yourPlan: { id: 'billing.plan.yourPlan', defaultMessage: 'Your plan' },
  period: { id: 'billing.plan.period', defaultMessage: 'per coach seat / school year' },
  includedIn: { id: 'billing.plan.includedIn', defaultMessage: 'Included in {plan}' },
});

/** The `<b>…</b>` of a message. */
const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

function StatusLine({ billing, timeZone, locale }: { billing: BillingSummary; timeZone?: string; locale?: Locale }) {
  if (billing.status === 'suspended') {
    return (
      <Alert tone="danger" title={t(m.suspendedTitle)}>
        <p>{t(m.suspendedText)}</p>
      </Alert>
    );
  }
  if (billing.status === 'active') {
    return (
      <p className="billing-plan__status">
        <span className="badge badge--success">{t(m.active)}</span>
        <span>
          {billing.renews_on ? tRich(m.renewsOn, { date: day(billing.renews_on, locale), b: strong }) : t(m.paidPlan)}
        </span>
      </p>
    );
  }
  const ends = dayOfInstant(billing.trial_ends_at, timeZone, locale);
  if (billing.read_only) {
    return (
      <Alert tone="warning" title={t(m.trialEndedTitle)}>
        <p>{ends ? t(m.trialEndedSince, { date: ends }) : t(m.trialEndedText)}</p>
      </Alert>
    );
  }
  const left = billing.trial_days_left ?? 0;
  return (
    <p className="billing-plan__status">
      <span className="badge badge--info">{t(m.freeTrial)}</span>
      <span>
        {ends ? tRich(m.daysLeftEnds, { count: left, date: ends, b: strong }) : tRich(m.daysLeft, { count: left, b: strong })}
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
  const extra = inUse - purchased;
  // The meter's figures as they are (no digit grouping), as it has always read.
  const meterValues = { inUse: String(inUse), purchased: String(purchased) };
  if (billing.status === 'trial') {
    return {
      figures: t(m.trialFigures, {
        readOnly: billing.read_only ? 'yes' : 'no', purchased: Math.max(purchased, 0), hasEnd: ends ? 'yes' : 'no', ends, inUse,
      }),
      meter: t(m.trialMeter, meterValues),
      overTitle: t(m.trialOverTitle, { count: extra }),
      overText: t(m.trialOverText),
    };
  }
  return {
    figures: t(m.paidFigures, { inUse, purchased }),
    meter: t(m.paidMeter, meterValues),
    overTitle: t(m.paidOverTitle, { count: extra }),
    overText: t(m.paidOverText),
  };
}

function Seats({ billing, ends }: { billing: BillingSummary; ends: string }) {
  const { purchased, in_use: inUse, over } = billing.seats;
  const words = seatWords(billing, ends);
  // A trial without a seat limit has no meter to fill.
  const meter = billing.status !== 'trial' || purchased > 0;
  return (
    <div className="billing-seats">
      <h3 className="billing-seats__title">{t(m.seatsTitle)}</h3>
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
      <p className="muted text-sm">{t(m.seatIs)}</p>
      {over && (
        <Alert tone="warning" title={words.overTitle}>
          <p>{words.overText}</p>
          {billing.can_manage && (
            <p>
              <ButtonLink size="sm" variant="secondary" to={newQuotePath(billing.plan.key, inUse)}>
                {t(m.requestSeats, { count: inUse })}
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
          <p className="kicker billing-card__kicker">{t(m.yourPlan)}</p>
          <h2 id="billing-plan-title" className="billing-plan__name">{billing.plan.name}</h2>
          <p className="billing-plan__price">
            {formatUsd(billing.plan.price_per_seat_cents)} <span className="muted">{t(m.period)}</span>
          </p>
          <p>{tText(billing.plan.description)}</p>
          {billing.plan.features.length > 0 && (
            <ul className="billing-features" aria-label={t(m.includedIn, { plan: billing.plan.name })}>
              {billing.plan.features.map((f) => <li key={f.key}>{tText(f.label)}</li>)}
            </ul>
          )}
          <StatusLine billing={billing} timeZone={timeZone} locale={locale} />
        </div>
        <Seats billing={billing} ends={billing.status === 'trial' ? dayOfInstant(billing.trial_ends_at, timeZone, locale) : ''} />
      </div>
    </section>
  );
}
