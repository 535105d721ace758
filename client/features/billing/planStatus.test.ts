import { describe, expect, it } from 'vitest';
import { seatWords } from './components/PlanStatus';

const seats = (purchased: number, inUse: number) => ({ purchased, in_use: inUse, over: inUse > purchased });

describe('the Billing page\'s coach seats (issue 26: a trial says what it includes and when it ends, not purchases)', () => {
  it('a trial: the seats it includes and its end, never "purchased"', () => {
    const words = seatWords({ status: 'trial', read_only: false, seats: seats(5, 0) }, 'Dec 27, 2026');
    expect(words.figures).toBe('Your trial includes 5 coach seats until Dec 27, 2026: 0 coaches so far.');
    expect(words.meter).toBe('0 of the 5 coach seats in your trial in use');
    expect(JSON.stringify(words)).not.toMatch(/purchase/);
    expect(seatWords({ status: 'trial', read_only: false, seats: seats(1, 1) }, 'Dec 27, 2026').figures)
      .toBe('Your trial includes 1 coach seat until Dec 27, 2026: 1 coach so far.');
  });

  it('a trial without a seat limit, an ended trial, a trial over its seats', () => {
    expect(seatWords({ status: 'trial', read_only: false, seats: seats(0, 3) }, 'Dec 27, 2026').figures)
      .toBe('Your trial includes as many coach seats as you need until Dec 27, 2026: 3 coaches so far.');
    expect(seatWords({ status: 'trial', read_only: true, seats: seats(5, 2) }, 'Nov 20, 2026').figures)
      .toBe('Your trial included 5 coach seats until Nov 20, 2026: 2 coaches.');
    expect(seatWords({ status: 'trial', read_only: false, seats: seats(5, 6) }, 'Dec 27, 2026').overTitle).toBe('1 seat over your trial');
  });

  it('a paid plan: in use of purchased', () => {
    const words = seatWords({ status: 'active', read_only: false, seats: seats(10, 12) }, '');
    expect(words.figures).toBe('12 in use of 10 purchased');
    expect(words.overTitle).toBe('2 seats over your purchase');
  });
});
