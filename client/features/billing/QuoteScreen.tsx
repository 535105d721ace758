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
import { defineMessages, t } from '../../lib/i18n';
import { quotePdfUrl, useBilling, useQuote } from './api';
import { BillingDocument, DocumentButtons } from './components/BillingDocument';
import { day, dayOfInstant, newQuotePath } from './components/format';
import { LineItemsTable } from './components/LineItemsTable';
import { AcceptQuoteDialog, DeclineQuoteDialog, type QuoteAction, SendQuoteDialog } from './components/QuoteDialogs';
import { QuoteStatusBadge } from '../../components/adminBilling/BillingBadges';

const QUOTES = '/app/settings/billing/quotes';

const m = defineMessages({
  expiredTitle: { id: 'billing.quote.expiredTitle', defaultMessage: 'This quote has expired' },
  expiredText: {
    id: 'billing.quote.expiredText',
    defaultMessage: 'It was valid until {date}. Prices and availability may have changed, so it can no longer be accepted. Create a new quote with the same plan, seats and term for current prices.',
  },
  createNew: { id: 'billing.quote.createNew', defaultMessage: 'Create a new quote' },
  acceptedActivated: { id: 'billing.quote.acceptedActivated', defaultMessage: 'Accepted and activated' },
  accepted: { id: 'billing.quote.accepted', defaultMessage: 'Accepted' },
  activatedOn: { id: 'billing.quote.activatedOn', defaultMessage: 'Your plan was activated on {date}.' },
  thankYou: {
    id: 'billing.quote.thankYou',
    defaultMessage: 'Thank you. Coachwell will activate your plan and send the first invoice against your purchase order.',
  },
  declinedTitle: { id: 'billing.quote.declinedTitle', defaultMessage: 'Declined' },
  declinedText: { id: 'billing.quote.declinedText', defaultMessage: 'This quote was declined. You can create a new quote at any time.' },
  declinedOn: {
    id: 'billing.quote.declinedOn',
    defaultMessage: 'This quote was declined on {date}. You can create a new quote at any time.',
  },
  billing: { id: 'billing.quote.billing', defaultMessage: 'Billing' },
  quotes: { id: 'billing.quote.quotes', defaultMessage: 'Quotes' },
  notFound: { id: 'billing.quote.notFound', defaultMessage: 'We could not find that quote.' },
  allQuotes: { id: 'billing.quote.allQuotes', defaultMessage: 'All quotes' },
  notFoundText: {
    id: 'billing.quote.notFoundText',
    defaultMessage: 'It may have been created by another district, or the link is mistyped.',
  },
  loadFailed: { id: 'billing.quote.loadFailed', defaultMessage: 'An error occurred while fetching the quote. Please try again later.' },
  loading: { id: 'billing.quote.loading', defaultMessage: 'Loading the quote…' },
  title: { id: 'billing.quote.title', defaultMessage: 'Quote {number}' },
  summary: {
    id: 'billing.quote.summary',
    defaultMessage: '{plan} plan, {seats, plural, one {# seat} other {# seats}}, {years, plural, one {# school year} other {# school years}}: {total}',
  },
  send: { id: 'billing.quote.send', defaultMessage: 'Send' },
  decline: { id: 'billing.quote.decline', defaultMessage: 'Decline' },
  accept: { id: 'billing.quote.accept', defaultMessage: 'Accept' },
  date: { id: 'billing.quote.date', defaultMessage: 'Date' },
  validUntil: { id: 'billing.quote.validUntil', defaultMessage: 'Valid until' },
  preparedBy: { id: 'billing.quote.preparedBy', defaultMessage: 'Prepared by' },
  sentTo: { id: 'billing.quote.sentTo', defaultMessage: 'Sent to' },
  acceptedFact: { id: 'billing.quote.acceptedFact', defaultMessage: 'Accepted' },
  poNumber: { id: 'billing.quote.poNumber', defaultMessage: 'PO number' },
  signedBy: { id: 'billing.quote.signedBy', defaultMessage: 'Signed by' },
  declinedFact: { id: 'billing.quote.declinedFact', defaultMessage: 'Declined' },
  reason: { id: 'billing.quote.reason', defaultMessage: 'Reason' },
  invoice: { id: 'billing.quote.invoice', defaultMessage: 'Invoice' },
  lineItems: { id: 'billing.quote.lineItems', defaultMessage: 'Quote {number} line items' },
  notes: { id: 'billing.quote.notes', defaultMessage: 'Notes' },
  footer: {
    id: 'billing.quote.footer',
    defaultMessage: 'Prices in US dollars per coach seat per school year ({price} on the {plan} plan). This quote is valid until {date}. To buy, accept it with your purchase order number; Coachwell then activates the plan and invoices on net-30 terms.',
  },
});

function StatusNote({ quote, when, validUntil }: { quote: QuoteDetail; when: (iso: string | null) => string; validUntil: string }) {
  if (quote.status === 'expired') {
    return (
      <Alert tone="warning" title={t(m.expiredTitle)}>
        <p>{t(m.expiredText, { date: validUntil })}</p>
        <p>
          <ButtonLink size="sm" to={newQuotePath(quote.plan.key, quote.seats, quote.term_years)}>{t(m.createNew)}</ButtonLink>
        </p>
      </Alert>
    );
  }
  if (quote.status === 'accepted') {
    return (
      <Alert tone="success" title={quote.activated_at ? t(m.acceptedActivated) : t(m.accepted)}>
        <p>
          {quote.activated_at ? t(m.activatedOn, { date: when(quote.activated_at) }) : t(m.thankYou)}
        </p>
      </Alert>
    );
  }
  if (quote.status === 'declined') {
    return (
      <Alert tone="info" title={t(m.declinedTitle)}>
        <p>{quote.declined_at ? t(m.declinedOn, { date: when(quote.declined_at) }) : t(m.declinedText)}</p>
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
  const crumbs = [{ label: t(m.billing), to: '/app/settings/billing' }, { label: t(m.quotes), to: QUOTES }, { label: quote?.number ?? route.title }];

  if (quoteId === 0 || (error && error.status === 404)) {
    return (
      <div className="stack stack--lg billing-page">
        <PageHeader title={route.title} breadcrumbs={crumbs} />
        <EmptyState title={t(m.notFound)} action={<ButtonLink to={QUOTES} variant="secondary">{t(m.allQuotes)}</ButtonLink>}>
          <p>{t(m.notFoundText)}</p>
        </EmptyState>
      </div>
    );
  }
  if (error && !quote) {
    return (
      <div className="stack stack--lg billing-page">
        <PageHeader title={route.title} breadcrumbs={crumbs} />
        <LoadError message={t(m.loadFailed)} onRetry={() => void mutate()} />
      </div>
    );
  }
  if (!quote) return <LoadingBlock label={t(m.loading)} />;

  const open = quote.status === 'draft' || quote.status === 'sent';
  const canManage = billing.data?.can_manage ?? true;
  const impersonating = Boolean(user?.impersonating);

  return (
    <div className="stack stack--lg billing-page billing-doc-page">
      <PageHeader
        title={t(m.title, { number: quote.number })}
        breadcrumbs={crumbs}
        description={<p>{t(m.summary, { plan: quote.plan.name, seats: quote.seats, years: quote.term_years, total: formatUsd(quote.total_cents) })}</p>}
        actions={
          <div className="billing-doc-actions">
            <DocumentButtons pdfUrl={quotePdfUrl(quote.id)} number={quote.number} />
            {open && canManage && (
              <>
                {/* Sending and accepting commit the district: the server refuses both while impersonating. */}
                {!impersonating && <Button variant="secondary" onClick={() => setAction('send')}>{t(m.send)}</Button>}
                <Button variant="secondary" onClick={() => setAction('decline')}>{t(m.decline)}</Button>
                {!impersonating && <Button onClick={() => setAction('accept')}>{t(m.accept)}</Button>}
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
        status={<QuoteStatusBadge status={quote.status} className="billing-status" />}
        billTo={quote.bill_to}
        facts={[
          { label: t(m.date), value: when(quote.created_at) },
          { label: t(m.validUntil), value: day(quote.valid_until, locale) },
          { label: t(m.preparedBy), value: quote.created_by?.name },
          { label: t(m.sentTo), value: quote.sent_to ? `${quote.sent_to}${quote.sent_at ? `, ${when(quote.sent_at)}` : ''}` : null },
          { label: t(m.acceptedFact), value: quote.accepted_at ? when(quote.accepted_at) : null },
          { label: t(m.poNumber), value: quote.po_number },
          { label: t(m.signedBy), value: quote.signer_name ? `${quote.signer_name}${quote.signer_title ? `, ${quote.signer_title}` : ''}` : null },
          { label: t(m.declinedFact), value: quote.declined_at ? when(quote.declined_at) : null },
          { label: t(m.reason), value: quote.decline_reason },
          { label: t(m.invoice), value: quote.invoice ? <Link to={`/app/settings/billing/invoices/${quote.invoice.id}`}>{quote.invoice.number}</Link> : null },
        ]}
      >
        <LineItemsTable items={quote.line_items} totals={quote} caption={t(m.lineItems, { number: quote.number })} />
        {quote.notes && (
          <section className="billing-doc__section" aria-labelledby="quote-notes-title">
            <h3 id="quote-notes-title" className="kicker billing-doc__label">{t(m.notes)}</h3>
            <p className="billing-doc__notes">{quote.notes}</p>
          </section>
        )}
        <footer className="billing-doc__footer">
          <p>
            {t(m.footer, { price: formatUsd(quote.price_per_seat_cents), plan: quote.plan.name, date: day(quote.valid_until, locale) })}
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
