import { describe, expect, it } from 'vitest';
import { formatUsd, percentOfCents, priceQuote } from './money';

describe('formatUsd', () => {
  it('formats cents as dollars with thousands separators', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-1200)).toBe('−$12.00');
  });
  it('refuses a fractional amount', () => {
    expect(() => formatUsd(1.5)).toThrow();
  });
});

describe('percentOfCents', () => {
  it('rounds half a cent up and less than half down', () => {
    expect(percentOfCents(10, 500)).toBe(1); // 0.5 → 1
    expect(percentOfCents(9, 500)).toBe(0); // 0.45 → 0
    expect(percentOfCents(30, 500)).toBe(2); // 1.5 → 2
    expect(percentOfCents(95000, 1000)).toBe(9500);
  });
});

describe('priceQuote', () => {
  const plan = { name: 'Professional', price_per_seat_cents: 95000 };
  it('prices one year without a discount line', () => {
    const q = priceQuote(plan, 25, 1);
    expect(q).toMatchObject({ subtotal_cents: 2375000, discount_bps: 0, discount_cents: 0, total_cents: 2375000 });
    expect(q.line_items).toEqual([{ description: 'Professional plan: 25 coach seats × 1 school year', quantity: 25, unit_cents: 95000, amount_cents: 2375000 }]);
  });
  it('discounts a three-year term by 10%', () => {
    const q = priceQuote(plan, 3, 3);
    expect(q.subtotal_cents).toBe(855000);
    expect(q.discount_cents).toBe(85500);
    expect(q.total_cents).toBe(769500);
    expect(q.line_items[1]).toEqual({ description: 'Multi-year discount (10%)', quantity: 1, unit_cents: -85500, amount_cents: -85500 });
  });
  it('rounds a discount of an odd cent amount half up', () => {
    const q = priceQuote({ name: 'X', price_per_seat_cents: 333 }, 3, 2); // 1998 × 5% = 99.9
    expect(q.discount_cents).toBe(100);
    expect(q.total_cents).toBe(1898);
  });
  it('keeps very large seat counts exact', () => {
    const q = priceQuote({ name: 'Enterprise', price_per_seat_cents: 140000 }, 10000, 3);
    expect(q.subtotal_cents).toBe(4_200_000_000);
    expect(q.total_cents).toBe(3_780_000_000);
    expect(formatUsd(q.total_cents)).toBe('$37,800,000.00');
  });
});
