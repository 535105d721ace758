// The district's invoices: number (to the invoice page), date, period, amount, status in words.
import type { Locale } from 'date-fns';
import { Link } from 'react-router-dom';
import { formatUsd } from '../../../../common/money';
import type { InvoiceSummary } from '../../../../common/schemas/billing';
import { Card } from '../../../components/Card';
import { LoadError } from '../../../components/LoadError';
import { LoadingBlock } from '../../../components/Spinner';
import { Table } from '../../../components/Table';
import { useInvoices } from '../api';
import { day } from './format';
import { InvoiceStatusBadge } from './StatusBadges';

export function InvoicesCard({ locale }: { locale?: Locale }) {
  const { data, error, mutate } = useInvoices();
  return (
    <Card
      titleId="billing-invoices-title"
      title="Invoices"
      intro="Invoices are due 30 days after they are issued. Open one to print it or download its PDF."
    >
      {error && !data ? (
        <LoadError what="invoices" onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock label="Loading invoices…" />
      ) : data.data.length === 0 ? (
        <p className="billing-empty">No invoices yet. Your first invoice is issued when a quote you accepted is activated.</p>
      ) : (
        <Table<InvoiceSummary>
          caption="Invoice list"
          captionHidden
          stackOnPhone
          rows={data.data}
          rowKey={(i) => i.id}
          columns={[
            { key: 'number', header: 'Number', render: (i) => <Link to={`/app/settings/billing/invoices/${i.id}`} className="nowrap">{i.number}</Link> },
            { key: 'date', header: 'Date', render: (i) => <span className="nowrap">{day(i.issued_on, locale)}</span> },
            { key: 'period', header: 'Period', render: (i) => <>{day(i.period_start, locale)} – {day(i.period_end, locale)}</> },
            { key: 'amount', header: 'Amount', className: 'num', render: (i) => <span className="nowrap">{formatUsd(i.amount_cents)}</span> },
            { key: 'status', header: 'Status', render: (i) => <InvoiceStatusBadge status={i.status} /> },
          ]}
        />
      )}
    </Card>
  );
}
