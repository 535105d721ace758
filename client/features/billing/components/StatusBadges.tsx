// Quote and invoice statuses as words in a badge (the colour only repeats what the word says). The words are
// messages of their own, not common/ labels through tText: Spanish gives a quote and an invoice their gender, and
// "Open" and "Overdue" are other features' words too.
import type { InvoiceStatus, QuoteStatus } from '../../../../common/schemas/billing';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  quoteStatus: {
    id: 'billing.status.quote',
    defaultMessage: '{status, select, draft {Draft} sent {Sent} accepted {Accepted} declined {Declined} expired {Expired} other {{status}}}',
  },
  invoiceStatus: {
    id: 'billing.status.invoice',
    defaultMessage: '{status, select, open {Open} paid {Paid} overdue {Overdue} void {Void} other {{status}}}',
  },
});

/** A quote status in words ("Accepted"), as QUOTE_STATUS_LABELS says it in English. */
export const quoteStatusLabel = (status: QuoteStatus) => t(m.quoteStatus, { status });
/** An invoice status in words ("Overdue"), as INVOICE_STATUS_LABELS says it in English. */
export const invoiceStatusLabel = (status: InvoiceStatus) => t(m.invoiceStatus, { status });

const QUOTE_TONE: Record<QuoteStatus, string> = {
  draft: 'neutral', sent: 'info', accepted: 'success', declined: 'danger', expired: 'warning',
};
const INVOICE_TONE: Record<InvoiceStatus, string> = {
  open: 'info', paid: 'success', overdue: 'danger', void: 'neutral',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <span className={`badge badge--${QUOTE_TONE[status]} billing-status`}>{quoteStatusLabel(status)}</span>;
}

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <span className={`badge badge--${INVOICE_TONE[status]} billing-status`}>{invoiceStatusLabel(status)}</span>;
}
