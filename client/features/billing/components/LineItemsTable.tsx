// The line items and total of a quote or an invoice (the document pages and the new quote preview), laid
// out as a purchasing office reads one: the list-price line(s), the discount line, the total, each once.
// The discount is one of the lines (common/money.ts priceQuote), so no subtotal or discount row repeats it.
import type { LineItem } from '../../../../common/money';
import { formatUsd } from '../../../../common/money';
import { formatInteger } from '../../../lib/format';
import { defineMessages, t, tText } from '../../../lib/i18n';

const m = defineMessages({
  description: { id: 'billing.lines.description', defaultMessage: 'Description' },
  quantity: { id: 'billing.lines.quantity', defaultMessage: 'Quantity' },
  unitPrice: { id: 'billing.lines.unitPrice', defaultMessage: 'Unit price' },
  amount: { id: 'billing.lines.amount', defaultMessage: 'Amount' },
  total: { id: 'billing.lines.total', defaultMessage: 'Total (USD)' },
});

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
              <th scope="col">{t(m.description)}</th>
              <th scope="col" className="num">{t(m.quantity)}</th>
              <th scope="col" className="num">{t(m.unitPrice)}</th>
              <th scope="col" className="num">{t(m.amount)}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, i) => (
              <tr key={i}>
                <td>{tText(item.description)}</td>
                <td className="num">{isDiscount(item) ? '' : formatInteger(item.quantity)}</td>
                <td className="num nowrap">{isDiscount(item) ? '' : formatUsd(item.unit_cents)}</td>
                <td className="num nowrap">{formatUsd(item.amount_cents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="billing-lines__total">
              <th scope="row" colSpan={3}>{t(m.total)}</th>
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
          <th scope="col">{t(m.description)}</th>
          <th scope="col">{t(m.amount)}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, i) => (
          <tr key={i}>
            <td>
              {tText(item.description)}
              {!isDiscount(item) && item.quantity !== 1 && (
                <span className="billing-lines__calc">
                  {formatInteger(item.quantity)} × {formatUsd(item.unit_cents)}
                </span>
              )}
            </td>
            <td className="num nowrap">{formatUsd(item.amount_cents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="billing-lines__total">
          <th scope="row">{t(m.total)}</th>
          <td className="num nowrap">{formatUsd(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
