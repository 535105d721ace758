// Quote (/app/settings/billing/quotes/:id, `manage billing`): the quote as a document that prints on its
// own (billing.css), with Download PDF and Print, and for a draft or sent quote Send, Accept and
// Decline. An expired quote says so and offers a new quote with the same plan, seats and term.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatUsd } from '../../../common/money';
import type { QuoteDetail } from '../../../common/schemas/billing';
import type { ScreenProps } from '../../app/routeTable';
import { LoadError } from '../../components/LoadError';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { quotePdfUrl, useBilling, useQuote } from './api';
import { BillingDocument, DocumentButtons } from './components/BillingDocument';
import { day, dayOfInstant, newQuotePath, seatsLabel, termLabel } from './components/format';
import { LineItemsTable } from './components/LineItemsTable';
import { AcceptQuoteDialog, DeclineQuoteDialog, type QuoteAction, SendQuoteDialog } from './components/QuoteDialogs';
import { QuoteStatusBadge } from './components/StatusBadges';

const QUOTES = '/app/settings/billing/quotes';

function StatusNote({ quote, when, validUntil }: { quote: QuoteDetail; when: (iso: string | null) => string; validUntil: string }) {
  if (quote.status === 'expired') {
    return (
      <Alert tone="warning" title="This quote has expired">
        <p>
          It was valid until {validUntil}. Prices and availability may have changed, so it can no longer
          be accepted. Create a new quote with the same plan, seats and term for current prices.
        </p>
        <p>
          <ButtonLink size="sm" to={newQuotePath(quote.plan.key, quote.seats, quote.term_years)}>Create a new quote</ButtonLink>
        </p>
      </Alert>
    );
  }
  if (quote.status === 'accepted') {
    return (
      <Alert tone="success" title={quote.activated_at ? 'Accepted and activated' : 'Accepted'}>
        <p>
          {quote.activated_at
            ? `Your plan was activated on ${when(quote.activated_at)}.`
            : 'Thank you. Coachwell will activate your plan and send the first invoice against your purchase order.'}
        </p>
      </Alert>
    );
  }
  if (quote.status === 'declined') {
    return (
      <Alert tone="info" title="Declined">
        <p>This quote was declined{quote.declined_at ? ` on ${when(quote.declined_at)}` : ''}. You can create a new quote at any time.</p>
      </Alert>
    );
  }
  return null;
}

export default function QuoteScreen({ route }: ScreenProps) {
  const { id } = useParams();
  const quoteId = /^\d{1,15}$/.test(id ?? '') ? Number(id) : 0;
  const { user } = useAuthUser();
  const locale = useDateLocale();
  const { data: quote, error, mutate } = useQuote(quoteId);
  const billing = useBilling();
  const [action, setAction] = useState<QuoteAction | null>(null);
  const timeZone = user?.district?.timezone;
  const when = (iso: string | null) => dayOfInstant(iso, timeZone, locale);
  const crumbs = [{ label: 'Billing', to: '/app/settings/billing' }, { label: 'Quotes', to: QUOTES }, { label: quote?.number ?? route.title }];

  if (quoteId === 0 || (error && error.status === 404)) {
    return (
      <div className="stack stack--lg billing-page">
        <PageHeader title={route.title} breadcrumbs={crumbs} />
        <EmptyState title="We could not find that quote." action={<ButtonLink to={QUOTES} variant="secondary">All quotes</ButtonLink>}>
          <p>It may have been created by another district, or the link is mistyped.</p>
        </EmptyState>
      </div>
    );
  }
  if (error && !quote) {
    return (
      <div className="stack stack--lg billing-page">
        <PageHeader title={route.title} breadcrumbs={crumbs} />
        <LoadError what="the quote" onRetry={() => void mutate()} />
      </div>
    );
  }
  if (!quote) return <LoadingBlock label="Loading the quote…" />;

  const open = quote.status === 'draft' || quote.status === 'sent';
  const canManage = billing.data?.can_manage ?? true;
  const impersonating = Boolean(user?.impersonating);

  return (
    <div className="stack stack--lg billing-page billing-doc-page">
      <PageHeader
        title={`Quote ${quote.number}`}
        breadcrumbs={crumbs}
        description={<p>{quote.plan.name} plan, {seatsLabel(quote.seats)}, {termLabel(quote.term_years)}: {formatUsd(quote.total_cents)}</p>}
        actions={
          <div className="billing-doc-actions">
            <DocumentButtons pdfUrl={quotePdfUrl(quote.id)} number={quote.number} />
            {open && canManage && (
              <>
                {/* Sending and accepting commit the district: the server refuses both while impersonating. */}
                {!impersonating && <Button variant="secondary" onClick={() => setAction('send')}>Send</Button>}
                <Button variant="secondary" onClick={() => setAction('decline')}>Decline</Button>
                {!impersonating && <Button onClick={() => setAction('accept')}>Accept</Button>}
              </>
            )}
          </div>
        }
      />
      {quote.status !== 'draft' && quote.status !== 'sent' && (
        <div className="billing-doc-note">
          <StatusNote quote={quote} when={when} validUntil={day(quote.valid_until, locale)} />
        </div>
      )}

      <BillingDocument
        kind="Quote"
        number={quote.number}
        status={<QuoteStatusBadge status={quote.status} />}
        billTo={quote.bill_to}
        facts={[
          { label: 'Date', value: when(quote.created_at) },
          { label: 'Valid until', value: day(quote.valid_until, locale) },
          { label: 'Prepared by', value: quote.created_by?.name },
          { label: 'Sent to', value: quote.sent_to ? `${quote.sent_to}${quote.sent_at ? `, ${when(quote.sent_at)}` : ''}` : null },
          { label: 'Accepted', value: quote.accepted_at ? when(quote.accepted_at) : null },
          { label: 'PO number', value: quote.po_number },
          { label: 'Signed by', value: quote.signer_name ? `${quote.signer_name}${quote.signer_title ? `, ${quote.signer_title}` : ''}` : null },
          { label: 'Declined', value: quote.declined_at ? when(quote.declined_at) : null },
          { label: 'Reason', value: quote.decline_reason },
          { label: 'Invoice', value: quote.invoice ? <Link to={`/app/settings/billing/invoices/${quote.invoice.id}`}>{quote.invoice.number}</Link> : null },
        ]}
      >
        <LineItemsTable items={quote.line_items} totals={quote} caption={`Quote ${quote.number} line items`} />
        {quote.notes && (
          <section className="billing-doc__section" aria-labelledby="quote-notes-title">
            <h3 id="quote-notes-title" className="kicker billing-doc__label">Notes</h3>
            <p className="billing-doc__notes">{quote.notes}</p>
          </section>
        )}
        <footer className="billing-doc__footer">
          <p>
            Prices in US dollars per coach seat per school year ({formatUsd(quote.price_per_seat_cents)} on the{' '}
            {quote.plan.name} plan). This quote is valid until {day(quote.valid_until, locale)}. To buy, accept it with your
            purchase order number; Coachwell then activates the plan and invoices on net-30 terms.
          </p>
        </footer>
      </BillingDocument>

      {action === 'send' && (
        <SendQuoteDialog quote={quote} defaultEmail={billing.data?.contact.billing_contact_email ?? quote.bill_to.email ?? ''} onClose={() => setAction(null)} />
      )}
      {action === 'accept' && <AcceptQuoteDialog quote={quote} onClose={() => setAction(null)} />}
      {action === 'decline' && <DeclineQuoteDialog quote={quote} onClose={() => setAction(null)} />}
    </div>
  );
}
