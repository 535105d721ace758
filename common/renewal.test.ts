import { describe, expect, it } from 'vitest';
import { paidTerm, renewalDate } from './renewal';

describe('renewalDate (school year from the start month, term in school years)', () => {
  it('a school year starting in August ends on July 31; one starting in January on December 31', () => {
    expect(renewalDate('2026-11-24', 8, 1)).toBe('2027-07-31');
    expect(renewalDate('2026-03-10', 1, 1)).toBe('2026-12-31');
  });

  it('counts the school year of the activation day and term − 1 more', () => {
    expect(renewalDate('2026-11-24', 8, 2)).toBe('2028-07-31');
    expect(renewalDate('2026-11-24', 8, 3)).toBe('2029-07-31');
    expect(renewalDate('2026-03-10', 1, 3)).toBe('2028-12-31');
  });

  it('on the first day of a school year the term starts with it', () => {
    expect(paidTerm('2026-08-01', 8, 1)).toEqual({ starts_with: '2026-08-01', renews_on: '2027-07-31' });
    expect(paidTerm('2026-01-01', 1, 1)).toEqual({ starts_with: '2026-01-01', renews_on: '2026-12-31' });
  });

  it('on the last day of a school year the term starts with the next one', () => {
    expect(paidTerm('2027-07-31', 8, 1)).toEqual({ starts_with: '2027-08-01', renews_on: '2028-07-31' });
    expect(paidTerm('2026-12-31', 1, 1)).toEqual({ starts_with: '2027-01-01', renews_on: '2027-12-31' });
  });

  it('60 days or fewer before the end starts with the next school year; 61 days before does not', () => {
    // Start month 8: the year ends 2027-07-31; 60 days before is 2027-06-01.
    expect(renewalDate('2027-06-01', 8, 1)).toBe('2028-07-31');
    expect(renewalDate('2027-05-31', 8, 1)).toBe('2027-07-31');
    // Start month 1: the year ends 2026-12-31; 60 days before is 2026-11-01.
    expect(renewalDate('2026-11-01', 1, 1)).toBe('2027-12-31');
    expect(renewalDate('2026-10-31', 1, 1)).toBe('2026-12-31');
  });

  it('a three-year term activated late in a year covers the next three', () => {
    expect(paidTerm('2027-07-15', 8, 3)).toEqual({ starts_with: '2027-08-01', renews_on: '2030-07-31' });
    expect(renewalDate('2026-12-15', 1, 3)).toBe('2029-12-31');
  });

  it('reads a leap year and a start month of July', () => {
    expect(renewalDate('2028-02-29', 3, 1)).toBe('2029-02-28'); // its last day: the next year
    expect(renewalDate('2027-09-01', 3, 1)).toBe('2028-02-29');
    expect(renewalDate('2026-07-01', 7, 2)).toBe('2028-06-30');
  });

  it('refuses a month or term that is not one', () => {
    expect(() => renewalDate('2026-01-01', 13, 1)).toThrow();
    expect(() => renewalDate('2026-01-01', 8, 0)).toThrow();
  });
});
