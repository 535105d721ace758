// Quote and invoice statuses as words in a badge (the colour only repeats what the word says).
import {
  INVOICE_STATUS_LABELS, type InvoiceStatus, QUOTE_STATUS_LABELS, type QuoteStatus,
} from '../../../../common/schemas/billing';

const QUOTE_TONE: Record<QuoteStatus, string> = {
  draft: 'neutral', sent: 'info', accepted: 'success', declined: 'danger', expired: 'warning',
};
const INVOICE_TONE: Record<InvoiceStatus, string> = {
  open: 'info', paid: 'success', overdue: 'danger', void: 'neutral',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <span className={`badge badge--${QUOTE_TONE[status]} billing-status`}>{QUOTE_STATUS_LABELS[status]}</span>;
}

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <span className={`badge badge--${INVOICE_TONE[status]} billing-status`}>{INVOICE_STATUS_LABELS[status]}</span>;
}
