import { afterEach, describe, expect, it } from 'vitest';
import { browserTimeZone, dayBefore, daysInclusive, formatDay, isoDay, localDateAsDate, localDateToUtc, todayIn, utcToLocalDate } from './dates';

describe('localDateToUtc: a picked local date becomes the UTC instant of its local midnight', () => {
  it.each([
    ['2026-09-01', 'America/Los_Angeles', '2026-09-01T07:00:00.000Z'], // PDT
    ['2026-12-01', 'America/Los_Angeles', '2026-12-01T08:00:00.000Z'], // PST
    ['2026-09-01', 'America/New_York', '2026-09-01T04:00:00.000Z'],
    ['2026-09-01', 'America/Phoenix', '2026-09-01T07:00:00.000Z'],
    ['2026-09-01', 'Pacific/Honolulu', '2026-09-01T10:00:00.000Z'],
    ['2026-09-01', 'UTC', '2026-09-01T00:00:00.000Z'],
    ['2026-09-01', 'Asia/Tokyo', '2026-08-31T15:00:00.000Z'],
    ['2026-09-01', 'Asia/Kolkata', '2026-08-31T18:30:00.000Z'],
    ['2026-01-01', 'Pacific/Auckland', '2025-12-31T11:00:00.000Z'], // NZDT, the year before in UTC
  ])('%s in %s → %s', (date, zone, utc) => {
    expect(localDateToUtc(date, zone)).toBe(utc);
  });

  it('handles the days clocks change (US changes at 02:00, so midnight keeps the old offset)', () => {
    expect(localDateToUtc('2026-03-08', 'America/Los_Angeles')).toBe('2026-03-08T08:00:00.000Z');
    expect(localDateToUtc('2026-03-09', 'America/Los_Angeles')).toBe('2026-03-09T07:00:00.000Z');
    expect(localDateToUtc('2026-11-01', 'America/Los_Angeles')).toBe('2026-11-01T07:00:00.000Z');
    expect(localDateToUtc('2026-11-02', 'America/Los_Angeles')).toBe('2026-11-02T08:00:00.000Z');
  });

  it('uses the first instant of the day where a zone skips midnight', () => {
    // São Paulo started DST at 00:00 on 2018-11-04: the day began at 01:00 local (−02:00).
    expect(localDateToUtc('2018-11-04', 'America/Sao_Paulo')).toBe('2018-11-04T03:00:00.000Z');
    expect(utcToLocalDate('2018-11-04T03:00:00.000Z', 'America/Sao_Paulo')).toBe('2018-11-04');
  });

  it('answers null for a missing or impossible date (a missing end date is sent as null)', () => {
    expect(localDateToUtc('', 'America/Los_Angeles')).toBeNull();
    expect(localDateToUtc(null, 'America/Los_Angeles')).toBeNull();
    expect(localDateToUtc(undefined)).toBeNull();
    expect(localDateToUtc('2026-02-30', 'America/Los_Angeles')).toBeNull();
    expect(localDateToUtc('09/01/2026', 'America/Los_Angeles')).toBeNull();
  });
});

describe('utcToLocalDate: a stored instant back to the date the user picked', () => {
  it.each([
    ['2026-09-01T07:00:00.000Z', 'America/Los_Angeles', '2026-09-01'],
    ['2026-09-01T06:59:59.000Z', 'America/Los_Angeles', '2026-08-31'],
    ['2026-08-31T15:00:00.000Z', 'Asia/Tokyo', '2026-09-01'],
    ['2025-08-18T05:00:00.000Z', 'America/Chicago', '2025-08-18'],
  ])('%s in %s → %s', (iso, zone, date) => {
    expect(utcToLocalDate(iso, zone)).toBe(date);
  });

  it('round-trips every day of a year in several zones', () => {
    for (const zone of ['America/Los_Angeles', 'America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kathmandu']) {
      for (let day = 0; day < 366; day++) {
        const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
        expect(utcToLocalDate(localDateToUtc(date, zone), zone)).toBe(date);
      }
    }
  });

  it('answers an empty string when there is no date', () => {
    expect(utcToLocalDate(null)).toBe('');
    expect(utcToLocalDate('not a date', 'UTC')).toBe('');
  });
});

describe('defaults to the browser timezone', () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it('follows the runtime zone when none is given', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(browserTimeZone()).toBe('America/Los_Angeles');
    expect(localDateToUtc('2026-09-01')).toBe('2026-09-01T07:00:00.000Z');
    expect(utcToLocalDate('2026-09-01T07:00:00.000Z')).toBe('2026-09-01');
    expect(localDateAsDate('2026-09-01')!.toISOString()).toBe('2026-09-01T07:00:00.000Z');
  });

  it('todayIn gives the local calendar date', () => {
    const now = Date.parse('2026-09-01T05:00:00.000Z');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-08-31');
    expect(todayIn('UTC', now)).toBe('2026-09-01');
  });
});

describe('today: one function for every screen', () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it('without a zone, gives the device calendar (new educators, school moves)', () => {
    expect(todayIn(undefined, new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    process.env.TZ = 'America/Los_Angeles';
    expect(todayIn(undefined, Date.parse('2026-09-01T05:00:00.000Z'))).toBe('2026-08-31');
    expect(todayIn(null, Date.parse('2026-09-01T05:00:00.000Z'))).toBe('2026-08-31');
  });

  it("in a user's profile zone, gives that zone's date whatever the device's (a coach's caseload)", () => {
    process.env.TZ = 'Asia/Tokyo';
    const now = Date.parse('2026-09-01T05:00:00.000Z');
    expect(todayIn('America/Chicago', now)).toBe('2026-09-01');
    expect(todayIn('Pacific/Honolulu', now)).toBe('2026-08-31');
  });

  it('falls back to the device calendar for a zone the browser does not know', () => {
    process.env.TZ = 'America/New_York';
    expect(todayIn('Mars/Olympus_Mons', Date.parse('2026-09-01T03:00:00.000Z'))).toBe('2026-08-31');
  });
});

describe('calendar days', () => {
  it('checks real days and steps back one day', () => {
    expect(isoDay(2024, 2, 29)).toBe('2024-02-29');
    expect(isoDay(2025, 2, 29)).toBeNull();
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
  });

  it('counts the days of a closed row, both ends included, across a clock change', () => {
    expect(daysInclusive('2026-01-05', '2026-01-05')).toBe(1);
    expect(daysInclusive('2026-03-01', '2026-03-31')).toBe(31);
    expect(daysInclusive('2025-08-18', '2026-06-12')).toBe(299);
  });

  it('shows a date-only value as that calendar day, whatever the timezone', () => {
    const original = process.env.TZ;
    try {
      for (const zone of ['America/Los_Angeles', 'UTC', 'Asia/Tokyo']) {
        process.env.TZ = zone;
        expect(formatDay('2024-08-12')).toBe('Aug 12, 2024');
      }
    } finally {
      process.env.TZ = original;
    }
    expect(formatDay(null)).toBe('');
    expect(formatDay('')).toBe('');
  });

  it('reads a calendar day as local midnight, and nothing from an impossible day', () => {
    expect(localDateAsDate('2026-02-28')!.getDate()).toBe(28);
    expect(localDateAsDate('2026-02-30')).toBeNull();
    expect(localDateAsDate('next week')).toBeNull();
  });
});
