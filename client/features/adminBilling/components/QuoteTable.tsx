// The admin Quotes table: number, district (its admin page), plan, seats, term, total, status, valid
// until, PO number. Scrolls sideways in its own labelled region when it must; cards on phones.
import type { Locale } from 'date-fns';
import { Link } from 'react-router-dom';
import { formatUsd } from '../../../../common/money';
import type { AdminQuoteRow } from '../../../../common/schemas/billing';
import { QuoteStatusBadge, shortTerm } from '../../../components/adminBilling/BillingBadges';
import { formatDay } from '../../../lib/dates';
import { formatInteger } from '../../../lib/format';
import { useInstantFormat } from '../../../lib/session';
import { TableFrame } from '../../../components/Table';

const NONE = <span className="muted">—<span className="sr-only">None</span></span>;

export function QuoteTable({ rows, locale, busy }: { rows: AdminQuoteRow[]; locale?: Locale; busy?: boolean }) {
  const when = useInstantFormat();
  return (
    <TableFrame caption="Quotes across districts, newest first" captionHidden stackOnPhone busy={busy} className="ab-table" wrapClassName="ab-table-wrap">
      <thead>
        <tr>
          <th scope="col">Quote</th><th scope="col">District</th><th scope="col">Plan</th><th scope="col" className="num">Seats</th>
          <th scope="col">Term <span className="sr-only">(school years)</span></th><th scope="col" className="num">Total</th><th scope="col">Status</th><th scope="col">Valid until</th>
          <th scope="col">PO number</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((q) => (
          <tr key={q.id}>
            <th scope="row" className="ab-table__name">
              {q.number}
              <span className="ab-table__sub">{when.date(q.created_at)}</span>
            </th>
            <td className="ab-table__district" data-label="District"><Link to={`/admin/districts/${q.district.id}`}>{q.district.name}</Link></td>
            <td data-label="Plan">{q.plan.name}</td>
            <td className="num" data-label="Seats">{formatInteger(q.seats)}</td>
            <td className="nowrap" data-label="Term">{shortTerm(q.term_years)}</td>
            <td className="num" data-label="Total">{formatUsd(q.total_cents)}</td>
            <td data-label="Status"><QuoteStatusBadge status={q.status} activated={q.activated_at !== null} /></td>
            <td className="nowrap" data-label="Valid until">{formatDay(q.valid_until, locale)}</td>
            <td className="ab-table__po" data-label="PO number">{q.po_number ?? NONE}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
