// The district's invoices: number (to the invoice page), date, period, amount, status in words.
import type { Locale } from 'date-fns';
import { Link } from 'react-router-dom';
import { formatUsd } from '../../../../common/money';
import type { InvoiceSummary } from '../../../../common/schemas/billing';
import { Card } from '../../../components/Card';
import { LoadError } from '../../../components/LoadError';
import { LoadingBlock } from '../../../components/Spinner';
import { Table } from '../../../components/Table';
import { defineMessages, t } from '../../../lib/i18n';
import { useInvoices } from '../api';
import { day } from './format';
import { InvoiceStatusBadge } from '../../../components/adminBilling/BillingBadges';

const m = defineMessages({
  title: { id: 'billing.invoices.title', defaultMessage: 'Invoices' },
  intro: { id: 'billing.invoices.intro', defaultMessage: 'Invoices are due 30 days after they are issued. Open one to print it or download its PDF.' },
  loadFailed: { id: 'billing.invoices.loadFailed', defaultMessage: 'An error occurred while fetching invoices. Please try again later.' },
  loading: { id: 'billing.invoices.loading', defaultMessage: 'Loading invoices…' },
  empty: {
    id: 'billing.invoices.empty',
    defaultMessage: 'No invoices yet. Your first invoice is issued when a quote you accepted is activated.',
  },
  caption: { id: 'billing.invoices.caption', defaultMessage: 'Invoice list' },
  number: { id: 'billing.invoices.number', defaultMessage: 'Number' },
  date: { id: 'billing.invoices.date', defaultMessage: 'Date' },
  period: { id: 'billing.invoices.period', defaultMessage: 'Period' },
  amount: { id: 'billing.invoices.amount', defaultMessage: 'Amount' },
  status: { id: 'billing.invoices.status', defaultMessage: 'Status' },
});

export function InvoicesCard({ locale }: { locale?: Locale }) {
  const { data, error, mutate } = useInvoices();
  return (
    <Card
      titleId="billing-invoices-title"
      title={t(m.title)}
      intro={t(m.intro)}
    >
      {error && !data ? (
        <LoadError message={t(m.loadFailed)} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock label={t(m.loading)} />
      ) : data.data.length === 0 ? (
        <p className="billing-empty">{t(m.empty)}</p>
      ) : (
        <Table<InvoiceSummary>
          caption={t(m.caption)}
          captionHidden
          stackOnPhone
          rows={data.data}
          rowKey={(i) => i.id}
          columns={[
            { key: 'number', header: t(m.number), render: (i) => <Link to={`/app/settings/billing/invoices/${i.id}`} className="nowrap">{i.number}</Link> },
            { key: 'date', header: t(m.date), render: (i) => <span className="nowrap">{day(i.issued_on, locale)}</span> },
            { key: 'period', header: t(m.period), render: (i) => <>{day(i.period_start, locale)} – {day(i.period_end, locale)}</> },
            { key: 'amount', header: t(m.amount), className: 'num', render: (i) => <span className="nowrap">{formatUsd(i.amount_cents)}</span> },
            { key: 'status', header: t(m.status), render: (i) => <InvoiceStatusBadge status={i.status} className="billing-status" /> },
          ]}
        />
      )}
    </Card>
  );
}
