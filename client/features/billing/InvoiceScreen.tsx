// Invoice (/app/settings/billing/invoices/:id, `manage billing`): the invoice as a document that prints on
// its own, with Download PDF and Print.
import { Link, useParams } from 'react-router-dom';
import { formatUsd } from '../../../common/money';
import type { ScreenProps } from '../../app/routeTable';
import { LoadError } from '../../components/LoadError';
import { Alert } from '../../components/Alert';
import { ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useDateLocale } from '../../lib/session';
import { invoicePdfUrl, useInvoice } from './api';
import { BillingDocument, DocumentButtons } from './components/BillingDocument';
import { day } from './components/format';
import { LineItemsTable } from './components/LineItemsTable';
import { InvoiceStatusBadge } from './components/StatusBadges';

const BILLING = '/app/settings/billing';

export default function InvoiceScreen({ route }: ScreenProps) {
  const { id } = useParams();
  const invoiceId = /^\d{1,15}$/.test(id ?? '') ? Number(id) : 0;
  const locale = useDateLocale();
  const { data: invoice, error, mutate } = useInvoice(invoiceId);
  const crumbs = [{ label: 'Billing', to: BILLING }, { label: invoice?.number ?? route.title }];

  if (invoiceId === 0 || (error && error.status === 404)) {
    return (
      <div className="stack stack--lg billing-page">
        <PageHeader title={route.title} breadcrumbs={crumbs} />
        <EmptyState title="We could not find that invoice." action={<ButtonLink to={BILLING} variant="secondary">Back to Billing</ButtonLink>}>
          <p>It may belong to another district, or the link is mistyped.</p>
        </EmptyState>
      </div>
    );
  }
  if (error && !invoice) {
    return (
      <div className="stack stack--lg billing-page">
        <PageHeader title={route.title} breadcrumbs={crumbs} />
        <LoadError what="the invoice" onRetry={() => void mutate()} />
      </div>
    );
  }
  if (!invoice) return <LoadingBlock label="Loading the invoice…" />;

  return (
    <div className="stack stack--lg billing-page billing-doc-page">
      <PageHeader
        title={`Invoice ${invoice.number}`}
        breadcrumbs={crumbs}
        description={<p>{formatUsd(invoice.amount_cents)}, due {day(invoice.due_on, locale)}</p>}
        actions={<div className="billing-doc-actions"><DocumentButtons pdfUrl={invoicePdfUrl(invoice.id)} number={invoice.number} /></div>}
      />
      {invoice.status === 'overdue' && (
        <div className="billing-doc-note">
          <Alert tone="warning" title="This invoice is overdue">
            <p>It was due on {day(invoice.due_on, locale)}. If your payment is on its way, you can ignore this note.</p>
          </Alert>
        </div>
      )}
      <BillingDocument
        kind="Invoice"
        number={invoice.number}
        status={<InvoiceStatusBadge status={invoice.status} />}
        billTo={invoice.bill_to}
        facts={[
          { label: 'Issued', value: day(invoice.issued_on, locale) },
          { label: 'Due', value: day(invoice.due_on, locale) },
          { label: 'Service period', value: `${day(invoice.period_start, locale)} – ${day(invoice.period_end, locale)}` },
          { label: 'PO number', value: invoice.po_number },
          { label: 'Quote', value: invoice.quote ? <Link to={`/app/settings/billing/quotes/${invoice.quote.id}`}>{invoice.quote.number}</Link> : null },
          { label: 'Paid', value: invoice.paid_on ? day(invoice.paid_on, locale) : null },
          { label: 'Void reason', value: invoice.void_reason },
        ]}
      >
        <LineItemsTable
          items={invoice.line_items}
          totals={{ total_cents: invoice.amount_cents }}
          caption={`Invoice ${invoice.number} line items`}
        />
        <footer className="billing-doc__footer">
          <p>
            Amounts in US dollars. Payment is due by {day(invoice.due_on, locale)} (net 30). Please quote the invoice number
            {invoice.po_number ? ' and your PO number' : ''} with your payment.
          </p>
        </footer>
      </BillingDocument>
    </div>
  );
}
