// Every plan side by side, the current one marked, each with "Request a quote".
import { formatUsd } from '../../../../common/money';
import type { BillingSummary } from '../../../../common/schemas/billing';
import { Card } from '../../../components/Card';
import { ButtonLink } from '../../../components/Button';
import { newQuotePath } from './format';

export function PlanComparison({ billing }: { billing: BillingSummary }) {
  const seats = Math.max(billing.seats.purchased, billing.seats.in_use, 1);
  return (
    <Card
      titleId="billing-plans-title"
      title="Plans"
      intro="Prices are per coach seat per school year, in US dollars. Quotes for two or three school years get a multi-year discount."
    >
      <ul className="tiles billing-plans">
        {billing.plans.map((plan) => {
          const nameId = `billing-plan-${plan.key}`;
          return (
            <li key={plan.key} className={['tile', 'billing-plans__item', plan.current && 'billing-plans__item--current'].filter(Boolean).join(' ')}>
              <div className="cluster cluster--between">
                <h3 id={nameId} className="billing-plans__name">{plan.name}</h3>
                {plan.current && <span className="badge badge--primary">Current plan</span>}
              </div>
              <p className="billing-plans__price">
                {formatUsd(plan.price_per_seat_cents)} <span className="muted text-sm">per seat / year</span>
              </p>
              <p className="text-sm">{plan.description}</p>
              <ul className="billing-features billing-features--compact" aria-label={`Included in ${plan.name}`}>
                {plan.features.map((f) => <li key={f.key}>{f.label}</li>)}
              </ul>
              {billing.can_manage && (
                <div className="billing-plans__cta">
                  <ButtonLink to={newQuotePath(plan.key, seats)} variant={plan.current ? 'primary' : 'secondary'} size="sm" aria-describedby={nameId}>
                    Request a quote
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
