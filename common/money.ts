// Money is integer US cents everywhere (issue 14): no floating-point arithmetic touches an amount.
import { MULTI_YEAR_DISCOUNT_BPS } from './plans';
import { plural } from './plural';

/** "$1,234.56" (a negative amount "−$12.00" with a minus sign). */
export function formatUsd(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not an amount of cents: ${cents}`);
  const sign = cents < 0 ? '−' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** `amount × bps / 10 000`, rounded half up to a whole cent, in integers. */
export function percentOfCents(cents: number, bps: number): number {
  const product = cents * bps;
  if (!Number.isSafeInteger(product)) throw new Error('Amount too large');
  return Math.floor((product + 5000) / 10000);
}

export interface LineItem {
  description: string;
  /** Seat-years for the plan line; 1 for the discount line. */
  quantity: number;
  unit_cents: number;
  /** quantity × unit_cents; negative for a discount. */
  amount_cents: number;
}

export interface QuotePrice {
  line_items: LineItem[];
  subtotal_cents: number;
  discount_bps: number;
  discount_cents: number;
  total_cents: number;
}

/**
 * A quote's figures: one line for the plan (seats × school years at the plan's price per seat) and,
 * for a multi-year term, one discount line. Seats and term are validated before this is called.
 */
export function priceQuote(plan: { name: string; price_per_seat_cents: number }, seats: number, termYears: number): QuotePrice {
  const quantity = seats * termYears;
  const subtotal = quantity * plan.price_per_seat_cents;
  if (!Number.isSafeInteger(subtotal)) throw new Error('Amount too large');
  const discountBps = MULTI_YEAR_DISCOUNT_BPS[termYears] ?? 0;
  const discount = percentOfCents(subtotal, discountBps);
  const lineItems: LineItem[] = [{
    description: `${plan.name} plan: ${plural(seats, 'coach seat', 'coach seats')} × ${plural(termYears, 'school year', 'school years')}`,
    quantity,
    unit_cents: plan.price_per_seat_cents,
    amount_cents: subtotal,
  }];
  if (discount > 0) {
    lineItems.push({ description: `Multi-year discount (${discountBps / 100}%)`, quantity: 1, unit_cents: -discount, amount_cents: -discount });
  }
  return { line_items: lineItems, subtotal_cents: subtotal, discount_bps: discountBps, discount_cents: discount, total_cents: subtotal - discount };
}
