import { describe, expect, it } from 'vitest';
import { quotesKey } from './api';
import { newQuotePath } from './components/format';
import { readQuotesQuery, seatsOf } from './quotesQuery';

describe('the Quotes URL', () => {
  it('reads the status filter, page and the new quote form\'s choices', () => {
    expect(readQuotesQuery(new URLSearchParams('status=accepted&page=3&new=1&plan=enterprise&seats=12&term=3'))).toEqual({
      status: 'accepted', page: 3, creating: true, plan: 'enterprise', seats: 12, term: 3,
    });
  });

  it('reads anything else as absent', () => {
    expect(readQuotesQuery(new URLSearchParams('status=paid&page=1e3&new=yes&seats=0&term=4'))).toEqual({
      status: undefined, page: 1, creating: false, plan: '', seats: null, term: 1,
    });
    expect(readQuotesQuery(new URLSearchParams('seats=10001&page=-2&term=2.5'))).toMatchObject({ seats: null, page: 1, term: 1 });
  });

  it('builds the links that open the form', () => {
    expect(newQuotePath('professional', 14, 2)).toBe('/app/settings/billing/quotes?new=1&plan=professional&seats=14&term=2');
    expect(newQuotePath('essentials')).toBe('/app/settings/billing/quotes?new=1&plan=essentials');
  });
});

describe('the new quote form', () => {
  it('previews only whole seat counts from 1 to 10,000', () => {
    expect(seatsOf(' 12 ')).toBe(12);
    for (const raw of ['', '0', '-1', '2.5', '1e3', '10001', 'twelve']) expect(seatsOf(raw)).toBeNull();
    expect(seatsOf('10000')).toBe(10000);
  });
});

describe('quote list keys', () => {
  it('lead with the resource and carry the API\'s filter', () => {
    expect(quotesKey({ status: 'sent', page: 2, per_page: 25 })).toEqual(['quote', { filter: { status: 'sent' }, page: 2, per_page: 25 }]);
    expect(quotesKey({ page: 1 })).toEqual(['quote', { filter: { status: undefined }, page: undefined, per_page: undefined }]);
  });
});
