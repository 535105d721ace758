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
import { defineMessages, t } from '../../lib/i18n';
import { invoicePdfUrl, useInvoice } from './api';
import { BillingDocument, DocumentButtons } from './components/BillingDocument';
import { day } from './components/format';
import { LineItemsTable } from './components/LineItemsTable';
import { InvoiceStatusBadge } from '../../components/adminBilling/BillingBadges';

const BILLING = '/app/settings/billing';

const m = defineMessages({
  billing: { id: 'billing.invoice.billing', defaultMessage: 'Billing' },
  notFound: { id: 'billing.invoice.notFound', defaultMessage: 'We could not find that invoice.' },
  backToBilling: { id: 'billing.invoice.backToBilling', defaultMessage: 'Back to Billing' },
  notFoundText: { id: 'billing.invoice.notFoundText', defaultMessage: 'It may belong to another district, or the link is mistyped.' },
  loadFailed: { id: 'billing.invoice.loadFailed', defaultMessage: 'An error occurred while fetching the invoice. Please try again later.' },
  loading: { id: 'billing.invoice.loading', defaultMessage: 'Loading the invoice…' },
  title: { id: 'billing.invoice.title', defaultMessage: 'Invoice {number}' },
  summary: { id: 'billing.invoice.summary', defaultMessage: '{amount}, due {date}' },
  overdueTitle: { id: 'billing.invoice.overdueTitle', defaultMessage: 'This invoice is overdue' },
  overdueText: {
    id: 'billing.invoice.overdueText',
    defaultMessage: 'It was due on {date}. If your payment is on its way, you can ignore this note.',
  },
  issued: { id: 'billing.invoice.issued', defaultMessage: 'Issued' },
  due: { id: 'billing.invoice.due', defaultMessage: 'Due' },
  servicePeriod: { id: 'billing.invoice.servicePeriod', defaultMessage: 'Service period' },
  poNumber: { id: 'billing.invoice.poNumber', defaultMessage: 'PO number' },
  quote: { id: 'billing.invoice.quote', defaultMessage: 'Quote' },
  paid: { id: 'billing.invoice.paid', defaultMessage: 'Paid' },
  voidReason: { id: 'billing.invoice.voidReason', defaultMessage: 'Void reason' },
  lineItems: { id: 'billing.invoice.lineItems', defaultMessage: 'Invoice {number} line items' },
  footer: {
    id: 'billing.invoice.footer',
    defaultMessage: 'Amounts in US dollars. Payment is due by {date} (net 30). Please quote the invoice number with your payment.',
  },
  footerPo: {
    id: 'billing.invoice.footerPo',
    defaultMessage: 'Amounts in US dollars. Payment is due by {date} (net 30). Please quote the invoice number and your PO number with your payment.',
  },
});

export default function InvoiceScreen({ route }: ScreenProps) {
  const { id } = useParams();
  const invoiceId = /^\d{1,15}$/.test(id ?? '') ? Number(id) : 0;
  const locale = useDateLocale();
  const { data: invoice, error, mutate } = useInvoice(invoiceId);
  const crumbs = [{ label: t(m.billing), to: BILLING }, { label: invoice?.number ?? route.title }];

  if (invoiceId === 0 || (error && error.status === 404)) {
    return (
      <div className="stack stack--lg billing-page">
        <PageHeader title={route.title} breadcrumbs={crumbs} />
        <EmptyState title={t(m.notFound)} action={<ButtonLink to={BILLING} variant="secondary">{t(m.backToBilling)}</ButtonLink>}>
          <p>{t(m.notFoundText)}</p>
        </EmptyState>
      </div>
    );
  }
  if (error && !invoice) {
    return (
      <div className="stack stack--lg billing-page">
        <PageHeader title={route.title} breadcrumbs={crumbs} />
        <LoadError message={t(m.loadFailed)} onRetry={() => void mutate()} />
      </div>
    );
  }
  if (!invoice) return <LoadingBlock label={t(m.loading)} />;

  return (
    <div className="stack stack--lg billing-page billing-doc-page">
      <PageHeader
        title={t(m.title, { number: invoice.number })}
        breadcrumbs={crumbs}
        description={<p>{t(m.summary, { amount: formatUsd(invoice.amount_cents), date: day(invoice.due_on, locale) })}</p>}
        actions={<div className="billing-doc-actions"><DocumentButtons pdfUrl={invoicePdfUrl(invoice.id)} number={invoice.number} /></div>}
      />
      {invoice.status === 'overdue' && (
        <div className="billing-doc-note">
          <Alert tone="warning" title={t(m.overdueTitle)}>
            <p>{t(m.overdueText, { date: day(invoice.due_on, locale) })}</p>
          </Alert>
        </div>
      )}
      <BillingDocument
        kind="Invoice"
        number={invoice.number}
        status={<InvoiceStatusBadge status={invoice.status} className="billing-status" />}
        billTo={invoice.bill_to}
        facts={[
          { label: t(m.issued), value: day(invoice.issued_on, locale) },
          { label: t(m.due), value: day(invoice.due_on, locale) },
          { label: t(m.servicePeriod), value: `${day(invoice.period_start, locale)} – ${day(invoice.period_end, locale)}` },
          { label: t(m.poNumber), value: invoice.po_number },
          { label: t(m.quote), value: invoice.quote ? <Link to={`/app/settings/billing/quotes/${invoice.quote.id}`}>{invoice.quote.number}</Link> : null },
          { label: t(m.paid), value: invoice.paid_on ? day(invoice.paid_on, locale) : null },
          { label: t(m.voidReason), value: invoice.void_reason },
        ]}
      >
        <LineItemsTable
          items={invoice.line_items}
          totals={{ total_cents: invoice.amount_cents }}
          caption={t(m.lineItems, { number: invoice.number })}
        />
        <footer className="billing-doc__footer">
          <p>{t(invoice.po_number ? m.footerPo : m.footer, { date: day(invoice.due_on, locale) })}</p>
        </footer>
      </BillingDocument>
    </div>
  );
}
