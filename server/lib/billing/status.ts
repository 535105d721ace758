// What a quote's or invoice's status is today: the stored status is what happened to it; expiry and
// lateness are read off its dates against the district's today (YYYY-MM-DD).
import type { InvoiceStatus, QuoteStatus } from '../../../common/schemas/billing';
import type { InvoicesTable, QuotesTable } from '../../../db/types';

export function quoteStatus(row: Pick<QuotesTable, 'status' | 'valid_until'>, today: string): QuoteStatus {
  if ((row.status === 'draft' || row.status === 'sent') && row.valid_until < today) return 'expired';
  return row.status;
}

export function invoiceStatus(row: Pick<InvoicesTable, 'status' | 'due_on'>, today: string): InvoiceStatus {
  if (row.status === 'open' && row.due_on < today) return 'overdue';
  return row.status;
}
