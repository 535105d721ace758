// Quote and invoice status badges: the word is always shown (never colour alone).
import {
  INVOICE_STATUS_LABELS, type InvoiceStatus, QUOTE_STATUS_LABELS, type QuoteStatus,
} from '../../../common/schemas/billing';
import { plural } from '../../../common/plural';

const QUOTE_TONE: Record<QuoteStatus, string> = {
  draft: 'badge--neutral', sent: 'badge--info', accepted: 'badge--success', declined: 'badge--danger', expired: 'badge--warning',
};
const INVOICE_TONE: Record<InvoiceStatus, string> = { open: 'badge--info', paid: 'badge--success', overdue: 'badge--danger', void: 'badge--neutral' };

export function QuoteStatusBadge({ status, activated }: { status: QuoteStatus; activated?: boolean }) {
  if (activated) return <span className="badge badge--primary">Activated</span>;
  return <span className={`badge ${QUOTE_TONE[status]}`}>{QUOTE_STATUS_LABELS[status]}</span>;
}

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <span className={`badge ${INVOICE_TONE[status]}`}>{INVOICE_STATUS_LABELS[status]}</span>;
}

/** "1 school year", "3 school years". */
export function termText(years: number): string {
  return plural(years, 'school year', 'school years');
}

/** The tables' short form: "1 year", "3 years" (terms are school years). */
export function shortTerm(years: number): string {
  return plural(years, 'year', 'years');
}
