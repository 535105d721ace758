// Every plan side by side, the current one marked, each with "Request a quote".
import { formatUsd } from '../../../../common/money';
import type { BillingSummary } from '../../../../common/schemas/billing';
import { Card } from '../../../components/Card';
import { ButtonLink } from '../../../components/Button';
import { defineMessages, t, tText } from '../../../lib/i18n';
import { newQuotePath } from './format';

const m = defineMessages({
  title: { id: 'billing.plans.title', defaultMessage: 'Plans' },
  intro: {
    id: 'billing.plans.intro',
    defaultMessage: 'Prices are per coach seat per school year, in US dollars. Quotes for two or three school years get a multi-year discount.',
  },
  current: { id: 'billing.plans.current', defaultMessage: 'Current plan' },
  period: { id: 'billing.plans.period', defaultMessage: 'per seat / year' },
  includedIn: { id: 'billing.plans.includedIn', defaultMessage: 'Included in {plan}' },
  requestQuote: { id: 'billing.plans.requestQuote', defaultMessage: 'Request a quote' },
});

export function PlanComparison({ billing }: { billing: BillingSummary }) {
  const seats = Math.max(billing.seats.purchased, billing.seats.in_use, 1);
  return (
    <Card
      titleId="billing-plans-title"
      title={t(m.title)}
      intro={t(m.intro)}
    >
      <ul className="tiles billing-plans">
        {billing.plans.map((plan) => {
          const nameId = `billing-plan-${plan.key}`;
          return (
            <li key={plan.key} className={['tile', 'billing-plans__item', plan.current && 'billing-plans__item--current'].filter(Boolean).join(' ')}>
              <div className="cluster cluster--between">
                <h3 id={nameId} className="billing-plans__name">{plan.name}</h3>
                {plan.current && <span className="badge badge--primary">{t(m.current)}</span>}
              </div>
              <p className="billing-plans__price">
                {formatUsd(plan.price_per_seat_cents)} <span className="muted text-sm">{t(m.period)}</span>
              </p>
              <p className="text-sm">{tText(plan.description)}</p>
              <ul className="billing-features billing-features--compact" aria-label={t(m.includedIn, { plan: plan.name })}>
                {plan.features.map((f) => <li key={f.key}>{tText(f.label)}</li>)}
              </ul>
              {billing.can_manage && (
                <div className="billing-plans__cta">
                  <ButtonLink to={newQuotePath(plan.key, seats)} variant={plan.current ? 'primary' : 'secondary'} size="sm" aria-describedby={nameId}>
                    {t(m.requestQuote)}
                  </ButtonLink>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
