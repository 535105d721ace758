import { describe, expect, it } from 'vitest';
import { serializeQuery } from '../../lib/api';
import {
  clearFilters, countActiveFilters, DEFAULT_FILTERS, filtersFromSearch, filtersToSearch, hasAnyFilter,
  resultCountText, toApiQuery, withChange,
} from './staffQuery';

const parse = (search: string) => filtersFromSearch(new URLSearchParams(search));

describe('URL → filter state', () => {
  it('gives the defaults for an empty URL: active educators by last name, page 1 of 25', () => {
    expect(parse('')).toEqual(DEFAULT_FILTERS);
    expect(DEFAULT_FILTERS).toMatchObject({ status: 'active', sort: 'last_name', page: 1, per_page: 25 });
  });

  it('reads every filter in the API’s own parameter names, bracketed or percent-encoded', () => {
    const raw = '?search=ann%20lee&filter[building_id][]=3&filter%5Bbuilding_id%5D%5B%5D=4&filter[position]=Counselor'
      + '&filter[grade_level]=K&filter[subject]=Mathematics&filter[status]=all&filter[group_id]=7&filter[coach_id]=9&sort=-hire_date&page=2&per_page=50';
    expect(parse(raw)).toEqual({
      search: 'ann lee', building_ids: [3, 4], position: 'Counselor', grade_level: 'K', subject: 'Mathematics', status: 'all',
      group_id: 7, coach_id: 9, sort: '-hire_date', page: 2, per_page: 50,
    });
  });

  it('falls back to defaults for unknown or malformed values instead of sending them on', () => {
    const f = parse('?filter[building_id][]=abc&filter[building_id][]=-2&filter[building_id][]=5&filter[building_id][]=5&filter[position]=Wizard'
      + '&filter[grade_level]=13&filter[subject]=Latin&filter[status]=gone&filter[group_id]=0&filter[coach_id]=1.5&sort=salary&page=-1&per_page=500');
    expect(f).toEqual({ ...DEFAULT_FILTERS, building_ids: [5] });
  });
});

describe('filter state → URL', () => {
  it('leaves the default view with an empty search string', () => {
    expect(filtersToSearch(DEFAULT_FILTERS)).toBe('');
  });

  it('writes brackets unencoded, leaves out defaults, and round-trips', () => {
    const f = { ...DEFAULT_FILTERS, search: ' Ellis ', building_ids: [2, 3], status: 'inactive' as const, sort: '-building' as const, page: 3 };
    const search = filtersToSearch(f);
    expect(search).toBe('?search=Ellis&filter[building_id][]=2&filter[building_id][]=3&filter[status]=inactive&sort=-building&page=3');
    expect(parse(search)).toEqual({ ...f, search: 'Ellis' });
  });

  it('encodes values that need it (spaces, ampersands, slashes)', () => {
    const search = filtersToSearch({ ...DEFAULT_FILTERS, position: 'Librarian / Media Specialist', search: 'a&b' });
    expect(search).toBe('?search=a%26b&filter[position]=Librarian%20%2F%20Media%20Specialist');
    expect(parse(search)).toMatchObject({ position: 'Librarian / Media Specialist', search: 'a&b' });
  });
});

describe('filter state → API query', () => {
  it('always names status, sort and paging so the answer never depends on server defaults', () => {
    expect(serializeQuery(toApiQuery(DEFAULT_FILTERS))).toBe('filter[status]=active&sort=last_name&page=1&per_page=25');
  });

  it('sends building ids as a bracket array and every other filter by name', () => {
    const q = toApiQuery({ ...DEFAULT_FILTERS, search: 'mg104', building_ids: [1, 4], grade_level: 'PK', group_id: 2, coach_id: 8 });
    expect(serializeQuery(q)).toBe(
      'search=mg104&filter[building_id][]=1&filter[building_id][]=4&filter[grade_level]=PK&filter[status]=active&filter[group_id]=2&filter[coach_id]=8&sort=last_name&page=1&per_page=25',
    );
  });
});

describe('changing the view', () => {
  it('goes back to page 1 on any change but the page itself', () => {
    const onPage3 = { ...DEFAULT_FILTERS, page: 3 };
    expect(withChange(onPage3, { position: 'Counselor' }).page).toBe(1);
    expect(withChange(onPage3, { page: 4 }).page).toBe(4);
  });

  it('counts active panel filters and knows when anything narrows the list', () => {
    expect(countActiveFilters(DEFAULT_FILTERS)).toBe(0);
    expect(hasAnyFilter(DEFAULT_FILTERS)).toBe(false);
    expect(hasAnyFilter({ ...DEFAULT_FILTERS, search: '  ' })).toBe(false);
    expect(hasAnyFilter({ ...DEFAULT_FILTERS, search: 'x' })).toBe(true);
    expect(countActiveFilters({ ...DEFAULT_FILTERS, building_ids: [1, 2], status: 'all', coach_id: 3 })).toBe(3);
  });

  it('clears search and filters but keeps sort and page size', () => {
    const f = { ...DEFAULT_FILTERS, search: 'x', building_ids: [1], sort: '-hire_date' as const, per_page: 50, page: 2 };
    expect(clearFilters(f)).toEqual({ ...DEFAULT_FILTERS, sort: '-hire_date', per_page: 50 });
  });
});

describe('result count', () => {
  it('says which rows are shown out of how many', () => {
    expect(resultCountText({ page: 1, per_page: 25, total: 58 }, 25)).toBe('Showing 1–25 of 58 educators');
    expect(resultCountText({ page: 3, per_page: 25, total: 58 }, 8)).toBe('Showing 51–58 of 58 educators');
    expect(resultCountText({ page: 1, per_page: 25, total: 1 }, 1)).toBe('Showing 1 of 1 educator');
    expect(resultCountText({ page: 1, per_page: 25, total: 0 }, 0)).toBe('No educators');
    expect(resultCountText({ page: 2, per_page: 100, total: 1234 }, 100)).toBe('Showing 101–200 of 1,234 educators');
  });
});
