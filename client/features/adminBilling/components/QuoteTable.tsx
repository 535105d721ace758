// The admin Quotes table: number, district (its admin page), plan, seats, term, total, status, valid
// until, PO number. Scrolls sideways in its own labelled region when it must; cards on phones.
import type { Locale } from 'date-fns';
import { Link } from 'react-router-dom';
import { formatUsd } from '../../../../common/money';
import type { AdminQuoteRow } from '../../../../common/schemas/billing';
import { QuoteStatusBadge, shortTerm } from '../../../components/adminBilling/BillingBadges';
import { formatDay } from '../../../lib/dates';
import { formatInteger } from '../../../lib/format';
import { defineMessages, t, tRich } from '../../../lib/i18n';
import { useInstantFormat } from '../../../lib/session';
import { TableFrame } from '../../../components/Table';

const m = defineMessages({
  none: { id: 'adminBilling.none', defaultMessage: 'None' },
  caption: { id: 'adminBilling.quotes.caption', defaultMessage: 'Quotes across districts, newest first' },
  quote: { id: 'adminBilling.quote', defaultMessage: 'Quote' },
  district: { id: 'adminBilling.district', defaultMessage: 'District' },
  plan: { id: 'adminBilling.plan', defaultMessage: 'Plan' },
  seats: { id: 'adminBilling.seats', defaultMessage: 'Seats' },
  term: { id: 'adminBilling.term', defaultMessage: 'Term' },
  termHeader: { id: 'adminBilling.termHeader', defaultMessage: 'Term <sr>(school years)</sr>' },
  total: { id: 'adminBilling.total', defaultMessage: 'Total' },
  status: { id: 'adminBilling.status', defaultMessage: 'Status' },
  validUntil: { id: 'adminBilling.validUntil', defaultMessage: 'Valid until' },
  poNumber: { id: 'adminBilling.poNumber', defaultMessage: 'PO number' },
});

const NONE = () => <span className="muted">—<span className="sr-only">{t(m.none)}</span></span>;

export function QuoteTable({ rows, locale, busy }: { rows: AdminQuoteRow[]; locale?: Locale; busy?: boolean }) {
  const when = useInstantFormat();
  return (
    <TableFrame caption={t(m.caption)} captionHidden stackOnPhone busy={busy} className="ab-table" wrapClassName="ab-table-wrap">
      <thead>
        <tr>
          <th scope="col">{t(m.quote)}</th><th scope="col">{t(m.district)}</th><th scope="col">{t(m.plan)}</th><th scope="col" className="num">{t(m.seats)}</th>
          <th scope="col">{tRich(m.termHeader, { sr: (chunks) => <span className="sr-only">{chunks}</span> })}</th><th scope="col" className="num">{t(m.total)}</th><th scope="col">{t(m.status)}</th><th scope="col">{t(m.validUntil)}</th>
          <th scope="col">{t(m.poNumber)}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((q) => (
          <tr key={q.id}>
            <th scope="row" className="ab-table__name">
              {q.number}
              <span className="ab-table__sub">{when.date(q.created_at)}</span>
            </th>
            <td className="ab-table__district" data-label={t(m.district)}><Link to={`/admin/districts/${q.district.id}`}>{q.district.name}</Link></td>
            <td data-label={t(m.plan)}>{q.plan.name}</td>
            <td className="num" data-label={t(m.seats)}>{formatInteger(q.seats)}</td>
            <td className="nowrap" data-label={t(m.term)}>{shortTerm(q.term_years)}</td>
            <td className="num" data-label={t(m.total)}>{formatUsd(q.total_cents)}</td>
            <td data-label={t(m.status)}><QuoteStatusBadge status={q.status} activated={q.activated_at !== null} /></td>
            <td className="nowrap" data-label={t(m.validUntil)}>{formatDay(q.valid_until, locale)}</td>
            <td className="ab-table__po" data-label={t(m.poNumber)}>{q.po_number ?? NONE()}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
