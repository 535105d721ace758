// Billing (/app/settings/billing, `manage billing`): the district's plan and status, coach seats, every
// plan with "Request a quote", invoices, the billing contact, and the way to Quotes.
import type { ScreenProps } from '../../app/routeTable';
import { LoadError } from '../../components/LoadError';
import { ButtonLink } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { defineMessages, t } from '../../lib/i18n';
import { useBilling } from './api';
import { BillingContactForm } from './components/BillingContactForm';
import { InvoicesCard } from './components/InvoicesCard';
import { PlanComparison } from './components/PlanComparison';
import { PlanStatusCard } from './components/PlanStatus';

const m = defineMessages({
  description: {
    id: 'billing.screen.description',
    defaultMessage: 'Your plan, coach seats, invoices and billing contact. Districts buy Coachwell with a quote and a purchase order.',
  },
  quotes: { id: 'billing.screen.quotes', defaultMessage: 'Quotes' },
  loadFailed: {
    id: 'billing.screen.loadFailed',
    defaultMessage: 'An error occurred while fetching your billing details. Please try again later.',
  },
  loading: { id: 'billing.screen.loading', defaultMessage: 'Loading billing…' },
});

export default function BillingScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  const locale = useDateLocale();
  const { data: billing, error, mutate } = useBilling();
  const timeZone = user?.district?.timezone;

  return (
    <div className="stack stack--lg billing-page">
      <PageHeader
        title={route.title}
        description={<p>{t(m.description)}</p>}
        actions={<ButtonLink to="/app/settings/billing/quotes" variant="secondary">{t(m.quotes)}</ButtonLink>}
      />
      {error && !billing ? (
        <LoadError message={t(m.loadFailed)} onRetry={() => void mutate()} />
      ) : !billing ? (
        <LoadingBlock label={t(m.loading)} />
      ) : (
        <>
          <PlanStatusCard billing={billing} timeZone={timeZone} locale={locale} />
          <InvoicesCard locale={locale} />
          <PlanComparison billing={billing} />
          {/* The server refuses changing the contact while impersonating (it outlives the impersonation). */}
          <BillingContactForm contact={billing.contact} canManage={billing.can_manage} impersonating={Boolean(user?.impersonating)} />
        </>
      )}
    </div>
  );
}
