import { describe, expect, it } from 'vitest';
import { refreshedAfter, serializeQuery } from './api';
import { ChunkLoadError, describeChunkFailure, loadChunk } from './chunk';
import { formatDate, formatInteger, formatMoney, loadDateLocale } from './format';
import { keepChosen, listQuery, readFilter, readPage } from './listParams';
import { setLocale } from './i18n';
import { dateLanguageOf } from './session';

describe('refreshedAfter', () => {
  it('gives the write\'s answer once the refresh it was given has finished with it', async () => {
    const seen: string[] = [];
    const answer = await refreshedAfter(Promise.resolve({ id: 7 }), async (a) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(`refreshed ${a.id}`);
    });
    seen.push(`answered ${answer.id}`);
    expect(seen).toEqual(['refreshed 7', 'answered 7']);
  });
  it('refreshes nothing when the write fails', async () => {
    let refreshed = false;
    await expect(refreshedAfter(Promise.reject(new Error('422')), () => { refreshed = true; })).rejects.toThrow('422');
    expect(refreshed).toBe(false);
  });
});

describe('serializeQuery', () => {
  it('writes arrays in bracket style with the brackets unencoded', () => {
    expect(serializeQuery({ building_id: [3, 4] })).toBe('building_id[]=3&building_id[]=4');
  });
  it('writes nested filters as key[sub]', () => {
    expect(serializeQuery({ filter: { status: 'active', building_id: [1] } })).toBe('filter[status]=active&filter[building_id][]=1');
  });
  it('encodes values and leaves out empty ones', () => {
    expect(serializeQuery({ search: 'Ana & Bo', page: 2, empty: '', none: null, undef: undefined })).toBe('search=Ana%20%26%20Bo&page=2');
  });
  it('keeps false and zero', () => {
    expect(serializeQuery({ active: false, page: 0 })).toBe('active=false&page=0');
  });
});

describe('list parameters', () => {
  const url = (search: string) => new URLSearchParams(search);
  it('reads the page: a whole number from 2 to 100,000, else the first', () => {
    expect(readPage(url('page=3'))).toBe(3);
    expect(readPage(url('page=100000'))).toBe(100_000);
    for (const bad of ['', 'page=0', 'page=-2', 'page=2.5', 'page=abc', 'page=100001']) expect(readPage(url(bad))).toBe(1);
  });
  it('reads a filter by its name or as the API writes it', () => {
    expect(readFilter(url('status=trial'), 'status')).toBe('trial');
    expect(readFilter(url('filter[status]=trial'), 'status')).toBe('trial');
    expect(readFilter(url('status=active&filter[status]=trial'), 'status')).toBe('active');
    expect(readFilter(url(''), 'status')).toBe('');
  });
  it('builds the API query without empty values, the first page or the default sort', () => {
    expect(serializeQuery(listQuery({ search: '', filter: { plan: '', status: 'trial' }, sort: 'name', defaultSort: 'name', page: 1, perPage: 50 })))
      .toBe('filter[status]=trial&per_page=50');
    expect(serializeQuery(listQuery({ search: 'oak', filter: { plan: 'pro' }, sort: '-users', defaultSort: 'name', page: 3, perPage: 50 })))
      .toBe('search=oak&filter[plan]=pro&sort=-users&page=3&per_page=50');
    expect(serializeQuery(listQuery({ sort: '-updated_at', perPage: 25 }))).toBe('sort=-updated_at&per_page=25');
  });
  it('keeps a chosen value the options do not offer (yet), under its own label or the given one', () => {
    const plans = [{ value: 'pro', label: 'Professional' }];
    expect(keepChosen(plans, 'pro')).toBe(plans);
    expect(keepChosen(plans, '')).toBe(plans);
    expect(keepChosen(plans, 'legacy')).toEqual([...plans, { value: 'legacy', label: 'legacy' }]);
    expect(keepChosen(plans, '7', 'Loading…')).toEqual([...plans, { value: '7', label: 'Loading…' }]);
  });
});

describe('chunk loading', () => {
  it('classifies a missing file and keeps its address', () => {
    const err = new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/PricingScreen-AB12.js');
    expect(describeChunkFailure(err, 'http://x/pricing')).toEqual({ reason: 'missing', address: 'http://localhost:3000/assets/PricingScreen-AB12.js' });
  });
  it('names the error type otherwise, with the page address as fallback', () => {
    expect(describeChunkFailure(new SyntaxError('Unexpected token'), 'http://x/pricing')).toEqual({ reason: 'SyntaxError', address: 'http://x/pricing' });
  });
  it('times out with a ChunkLoadError naming chunk, reason and address', async () => {
    const never = () => new Promise<never>(() => {});
    const err = await loadChunk('pricing', never, 10, 'http://x/pricing').catch((e) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect(err.message).toBe('Loading chunk "pricing" failed (timeout): http://x/pricing');
  });
  it('wraps an import failure', async () => {
    const err = await loadChunk('home', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://h/assets/Home-1.js')), 1000, 'http://h/').catch((e) => e);
    expect(err).toMatchObject({ chunk: 'home', reason: 'missing', address: 'http://h/assets/Home-1.js' });
  });
  it('resolves with the module when it loads in time', async () => {
    await expect(loadChunk('x', async () => ({ default: 1 }), 1000, '')).resolves.toEqual({ default: 1 });
  });
});

describe('formatting', () => {
  it('shows money in US dollars', () => {
    expect(formatMoney(95000)).toBe('$950');
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(0)).toBe('$0');
  });
  it('groups integer digits by locale', () => {
    expect(formatInteger(20000)).toBe('20,000');
    for (const n of [0, 7, 999, 1000, 99999.6, 1234567, -1234.2, -999, 2 ** 53 - 1]) {
      expect(formatInteger(n)).toBe(new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(Math.round(n)));
    }
    expect(formatInteger(1234567.4, 'de-DE')).toBe('1.234.567');
  });
  it('formats dates in the chosen date language, loaded on demand', async () => {
    const date = new Date(2026, 10, 21, 12);
    expect(formatDate(date, await loadDateLocale('en-US'))).toBe('Nov 21, 2026');
    expect(formatDate(date, await loadDateLocale('es'))).toBe('21 nov 2026');
    expect(formatDate(date, await loadDateLocale('fr'))).toBe('21 nov. 2026');
  });
  it("writes a month and day in the date language's own order (the patterns are written in US English order)", async () => {
    const date = new Date(2026, 10, 25, 12);
    const [us, es, de] = await Promise.all([loadDateLocale('en-US'), loadDateLocale('es'), loadDateLocale('de')]);
    expect(['MMM d', 'EEE, MMM d', 'EEEE, MMMM d'].map((p) => formatDate(date, us, p))).toEqual(['Nov 25', 'Wed, Nov 25', 'Wednesday, November 25']);
    expect(['MMM d', 'EEE, MMM d', 'EEEE, MMMM d'].map((p) => formatDate(date, es, p))).toEqual(['25 nov', 'mié, 25 nov', 'miércoles, 25 de noviembre']);
    expect(formatDate(date, de, 'EEEE, MMMM d')).toBe('Mittwoch, 25. November');
    // Without a loaded language, and for any other pattern, date-fns writes the pattern as it is.
    expect(formatDate(date, undefined, 'EEE, MMM d')).toBe('Wed, Nov 25');
    expect(formatDate(date, es, 'EEE')).toBe('mié');
  });
  it('falls back to US English for an unknown language, and to empty text for a bad date', async () => {
    expect(formatDate(new Date(2026, 0, 2, 12), await loadDateLocale('xx'))).toBe('Jan 2, 2026');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('in Spanish (issue 33)', () => {
  it('money and integers are US Spanish (es-US), and the default date language follows the interface', () => {
    setLocale('es');
    try {
      expect(formatMoney(95050)).toBe('$950.50');
      expect(formatInteger(20000)).toBe('20,000');
    } finally {
      setLocale('en');
    }
    expect(dateLanguageOf({ date_locale: 'en-US', locale: 'es' })).toBe('es');
    expect(dateLanguageOf({ date_locale: 'en-GB', locale: 'es' })).toBe('en-GB');
    expect(dateLanguageOf({ date_locale: 'en-US', locale: 'en' })).toBe('en-US');
    expect(dateLanguageOf(null)).toBe('en-US');
  });
});
