// Quote and invoice status badges, on the district's Billing screens and the admin's billing panel and quotes: the
// word is always shown (never colour alone).
import type { InvoiceStatus, QuoteStatus } from '../../../common/schemas/billing';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  activated: { id: 'adminBilling.badge.activated', defaultMessage: 'Activated' },
  schoolYears: { id: 'adminBilling.term.schoolYears', defaultMessage: '{count, plural, one {# school year} other {# school years}}' },
  years: { id: 'adminBilling.term.years', defaultMessage: '{count, plural, one {# year} other {# years}}' },
});

// The words of common/schemas/billing.ts's QUOTE_STATUS_LABELS and INVOICE_STATUS_LABELS, as messages: "Open" and
// "Overdue" are words of action steps and cycles too, and a quote or an invoice takes its own gender in Spanish.
const quoteStatus = defineMessages({
  draft: { id: 'adminBilling.quoteStatus.draft', defaultMessage: 'Draft' },
  sent: { id: 'adminBilling.quoteStatus.sent', defaultMessage: 'Sent' },
  accepted: { id: 'adminBilling.quoteStatus.accepted', defaultMessage: 'Accepted' },
  declined: { id: 'adminBilling.quoteStatus.declined', defaultMessage: 'Declined' },
  expired: { id: 'adminBilling.quoteStatus.expired', defaultMessage: 'Expired' },
});
const invoiceStatus = defineMessages({
  open: { id: 'adminBilling.invoiceStatus.open', defaultMessage: 'Open' },
  paid: { id: 'adminBilling.invoiceStatus.paid', defaultMessage: 'Paid' },
  overdue: { id: 'adminBilling.invoiceStatus.overdue', defaultMessage: 'Overdue' },
  void: { id: 'adminBilling.invoiceStatus.void', defaultMessage: 'Void' },
});

/** A quote's status in words ("Accepted"). */
export function quoteStatusLabel(status: QuoteStatus): string {
  return t(quoteStatus[status]);
}

/** An invoice's status in words ("Paid"). */
export function invoiceStatusLabel(status: InvoiceStatus): string {
  return t(invoiceStatus[status]);
}

const QUOTE_TONE: Record<QuoteStatus, string> = {
  draft: 'badge--neutral', sent: 'badge--info', accepted: 'badge--success', declined: 'badge--danger', expired: 'badge--warning',
};
const INVOICE_TONE: Record<InvoiceStatus, string> = { open: 'badge--info', paid: 'badge--success', overdue: 'badge--danger', void: 'badge--neutral' };

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** `activated`: an accepted quote whose plan is in force (the admin's view). */
export function QuoteStatusBadge({ status, activated, className }: { status: QuoteStatus; activated?: boolean; className?: string }) {
  if (activated) return <span className={classes('badge badge--primary', className)}>{t(m.activated)}</span>;
  return <span className={classes('badge', QUOTE_TONE[status], className)}>{quoteStatusLabel(status)}</span>;
}

export function InvoiceStatusBadge({ status, className }: { status: InvoiceStatus; className?: string }) {
  return <span className={classes('badge', INVOICE_TONE[status], className)}>{invoiceStatusLabel(status)}</span>;
}

/** "1 school year", "3 school years". */
export function termText(years: number): string {
  return t(m.schoolYears, { count: years });
}

/** The tables' short form: "1 year", "3 years" (terms are school years). */
export function shortTerm(years: number): string {
  return t(m.years, { count: years });
}
