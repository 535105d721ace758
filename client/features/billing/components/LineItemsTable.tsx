// The line items and totals of a quote or an invoice (the document pages and the new quote preview).
import type { LineItem } from '../../../../common/money';
import { formatUsd } from '../../../../common/money';

export interface Totals {
  subtotal_cents?: number;
  discount_cents?: number;
  discount_bps?: number;
  total_cents: number;
}

/**
 * Four columns; at phone width (billing.css) the two-column `compact` layout instead, which the new
 * quote's preview always uses: the quantity and unit price under each description.
 */
export function LineItemsTable({ items, totals, caption, compact = false }: { items: LineItem[]; totals: Totals; caption: string; compact?: boolean }) {
  const showSubtotal = totals.subtotal_cents !== undefined && totals.subtotal_cents !== totals.total_cents;
  const compactLines = <CompactLines items={items} totals={totals} caption={caption} showSubtotal={showSubtotal} />;
  if (compact) return compactLines;
  return (
    <>
      <div className="billing-lines__narrow">{compactLines}</div>
      <div className="billing-lines billing-lines__wide">
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
    </>
  );
}

function CompactLines({ items, totals, caption, showSubtotal }: { items: LineItem[]; totals: Totals; caption: string; showSubtotal: boolean }) {
  return (
    <table className="table billing-lines__table billing-lines__table--compact">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Description</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, i) => (
          <tr key={i}>
            <td>
              {item.description}
              {item.quantity !== 1 && (
                <span className="billing-lines__calc">
                  {item.quantity.toLocaleString('en-US')} × {formatUsd(item.unit_cents)}
                </span>
              )}
            </td>
            <td className="num nowrap">{formatUsd(item.amount_cents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {showSubtotal && (
          <tr>
            <th scope="row">Subtotal</th>
            <td className="num nowrap">{formatUsd(totals.subtotal_cents!)}</td>
          </tr>
        )}
        <tr className="billing-lines__total">
          <th scope="row">Total (USD)</th>
          <td className="num nowrap">{formatUsd(totals.total_cents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
