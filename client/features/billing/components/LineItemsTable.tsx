// The line items and total of a quote or an invoice (the document pages and the new quote preview), laid
// out as a purchasing office reads one: the list-price line(s), the discount line, the total, each once.
// The discount is one of the lines (common/money.ts priceQuote), so no subtotal or discount row repeats it.
import type { LineItem } from '../../../../common/money';
import { formatUsd } from '../../../../common/money';

/** A discount line (a negative amount) has no quantity or unit price of its own: its amount says it. */
const isDiscount = (item: LineItem) => item.amount_cents < 0;

/**
 * Four columns; at phone width (billing.css) the two-column `compact` layout instead, which the new
 * quote's preview always uses: the quantity and unit price under each description.
 */
export function LineItemsTable({ items, totals, caption, compact = false }: { items: LineItem[]; totals: { total_cents: number }; caption: string; compact?: boolean }) {
  const compactLines = <CompactLines items={items} total={totals.total_cents} caption={caption} />;
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
                <td className="num">{isDiscount(item) ? '' : item.quantity.toLocaleString('en-US')}</td>
                <td className="num nowrap">{isDiscount(item) ? '' : formatUsd(item.unit_cents)}</td>
                <td className="num nowrap">{formatUsd(item.amount_cents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
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

function CompactLines({ items, total, caption }: { items: LineItem[]; total: number; caption: string }) {
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
              {!isDiscount(item) && item.quantity !== 1 && (
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
        <tr className="billing-lines__total">
          <th scope="row">Total (USD)</th>
          <td className="num nowrap">{formatUsd(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
