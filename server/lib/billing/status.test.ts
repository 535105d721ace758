import { describe, expect, it } from 'vitest';
import { invoiceStatus, quoteStatus } from './status';

describe('quoteStatus', () => {
  it('reads a draft or sent quote past its valid-until day as expired', () => {
    expect(quoteStatus({ status: 'sent', valid_until: '2026-12-01' }, '2026-12-01')).toBe('sent');
    expect(quoteStatus({ status: 'sent', valid_until: '2026-12-01' }, '2026-12-02')).toBe('expired');
    expect(quoteStatus({ status: 'draft', valid_until: '2026-12-01' }, '2027-01-01')).toBe('expired');
  });
  it('keeps accepted and declined quotes as they are', () => {
    expect(quoteStatus({ status: 'accepted', valid_until: '2026-12-01' }, '2027-01-01')).toBe('accepted');
    expect(quoteStatus({ status: 'declined', valid_until: '2026-12-01' }, '2027-01-01')).toBe('declined');
  });
});

describe('invoiceStatus', () => {
  it('reads an open invoice past its due day as overdue', () => {
    expect(invoiceStatus({ status: 'open', due_on: '2026-12-01' }, '2026-12-01')).toBe('open');
    expect(invoiceStatus({ status: 'open', due_on: '2026-12-01' }, '2026-12-02')).toBe('overdue');
    expect(invoiceStatus({ status: 'paid', due_on: '2026-12-01' }, '2027-01-01')).toBe('paid');
    expect(invoiceStatus({ status: 'void', due_on: '2026-12-01' }, '2027-01-01')).toBe('void');
  });
});
