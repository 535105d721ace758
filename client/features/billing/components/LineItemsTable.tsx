// The line items and totals of a quote or an invoice (the document pages and the new quote preview).
import type { LineItem } from '../../../../common/money';
import { formatUsd } from '../../../../common/money';

export interface Totals {
  subtotal_cents?: number;
  discount_cents?: number;
  discount_bps?: number;
  total_cents: number;
}

export function LineItemsTable({ items, totals, caption }: { items: LineItem[]; totals: Totals; caption: string }) {
  const showSubtotal = totals.subtotal_cents !== undefined && totals.subtotal_cents !== totals.total_cents;
  return (
    <div className="billing-lines" role="region" aria-label={caption} tabIndex={0}>
      <table className="table billing-lines__table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className="num">Quantity</th>
            <th scope="col" className="num">Unit price</th>
            <th scope="col" className="num">Amount</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => (
            <tr key={i}>
              <td>{item.description}</td>
              <td className="num">{item.quantity.toLocaleString('en-US')}</td>
              <td className="num nowrap">{formatUsd(item.unit_cents)}</td>
              <td className="num nowrap">{formatUsd(item.amount_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {showSubtotal && (
            <tr>
              <th scope="row" colSpan={3}>Subtotal</th>
              <td className="num nowrap">{formatUsd(totals.subtotal_cents!)}</td>
            </tr>
          )}
          {showSubtotal && totals.discount_cents !== undefined && totals.discount_cents > 0 && (
            <tr>
              <th scope="row" colSpan={3}>
                Discount{totals.discount_bps ? ` (${totals.discount_bps / 100}%)` : ''}
              </th>
              <td className="num nowrap">{formatUsd(-totals.discount_cents)}</td>
            </tr>
          )}
          <tr className="billing-lines__total">
            <th scope="row" colSpan={3}>Total (USD)</th>
            <td className="num nowrap">{formatUsd(totals.total_cents)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
