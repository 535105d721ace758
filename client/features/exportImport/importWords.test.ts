import { describe, expect, it } from 'vitest';
import { notStaffLeftOut, rowCount, runSummary } from './importWords';

describe('the import screens\' counted sentences (issue 26)', () => {
  it('1 row with errors is skipped, and 2 rows are', () => {
    expect(runSummary({ new: 4, updated: 2, errors: 1 }, 'staff')).toBe('4 new and 2 updated educators; 1 row with errors is skipped.');
    expect(runSummary({ new: 1, updated: 0, errors: 2 }, 'staff')).toBe('1 new and 0 updated educators; 2 rows with errors are skipped.');
    expect(runSummary({ new: 1200, updated: 0, errors: 1500 }, 'users')).toBe('1,200 new and 0 updated logins; 1,500 rows with errors are skipped.');
  });

  it('says nothing of skipped rows when there are none', () => {
    expect(runSummary({ new: 3, updated: 5, errors: 0 }, 'users')).toBe('3 new and 5 updated logins.');
  });

  it('counts rows and people left out', () => {
    expect(rowCount(1)).toBe('1 row');
    expect(rowCount(50_000)).toBe('50,000 rows');
    expect(notStaffLeftOut(0)).toBe('');
    expect(notStaffLeftOut(1)).toBe(', 1 person who is not staff left out');
    expect(notStaffLeftOut(3)).toBe(', 3 people who are not staff left out');
  });
});
