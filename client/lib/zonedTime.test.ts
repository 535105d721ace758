import { describe, expect, it } from 'vitest';
import {
  addDays, daysBetween, daysOf, formatMinutes, isDay, roundedNow, startOfWeek, zonedDay, zonedParts, zonedTime, zonedToUtc,
} from './zonedTime';

describe('wall-clock time in a zone', () => {
  it('reads an instant as a day and time in the zone', () => {
    expect(zonedDay('2026-09-01T03:30:00.000Z', 'America/Los_Angeles')).toBe('2026-08-31');
    expect(zonedTime('2026-09-01T03:30:00.000Z', 'America/Los_Angeles')).toBe('20:30');
    expect(zonedDay('2026-09-01T03:30:00.000Z', 'Europe/Paris')).toBe('2026-09-01');
    expect(zonedParts('2026-01-15T12:00:00Z', 'UTC')).toMatchObject({ year: 2026, month: 1, day: 15, hour: 12, minute: 0 });
  });

  it('turns a day and a time in the zone into the UTC instant, across DST', () => {
    expect(zonedToUtc('2026-09-01', '08:15', 'America/Chicago')).toBe('2026-09-01T13:15:00.000Z');
    expect(zonedToUtc('2026-12-01', '08:15', 'America/Chicago')).toBe('2026-12-01T14:15:00.000Z');
    // 02:30 does not exist on 2026-03-08 in Chicago: it lands on the other side of the gap, still that day.
    const skipped = zonedToUtc('2026-03-08', '02:30', 'America/Chicago')!;
    expect(zonedDay(skipped, 'America/Chicago')).toBe('2026-03-08');
    // 01:30 happens twice on 2026-11-01: the first one (CDT) is taken.
    expect(zonedToUtc('2026-11-01', '01:30', 'America/Chicago')).toBe('2026-11-01T06:30:00.000Z');
  });

  it('refuses invalid days and times', () => {
    expect(zonedToUtc('2026-02-30', '08:00', 'UTC')).toBeNull();
    expect(zonedToUtc('2026-02-10', '24:00', 'UTC')).toBeNull();
    expect(zonedToUtc('2026-02-10', '8:00', 'UTC')).toBeNull();
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-2-28')).toBe(false);
    expect(isDay(null)).toBe(false);
  });

  it('an unknown zone reads as UTC rather than failing', () => {
    expect(zonedDay('2026-09-01T03:30:00.000Z', 'Mars/Olympus')).toBe('2026-09-01');
  });
});

describe('day arithmetic', () => {
  it('adds days, counts them and lists a range', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-01', '2026-11-08')).toBe(7);
    expect(daysOf('2026-11-29', '2026-12-02')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
  });

  it('finds the start of the week for Sunday and Monday weeks', () => {
    expect(startOfWeek('2026-11-25', 0)).toBe('2026-11-22'); // a Wednesday → Sunday
    expect(startOfWeek('2026-11-25', 1)).toBe('2026-11-23'); // → Monday
    expect(startOfWeek('2026-11-22', 1)).toBe('2026-11-16'); // a Sunday in a Monday week
  });
});

describe('the log forms’ "now"', () => {
  it('rounds down to five minutes in the zone, so it is never in the future', () => {
    const now = Date.parse('2026-09-01T13:18:59Z');
    expect(roundedNow('America/Chicago', 5, now)).toEqual({ day: '2026-09-01', time: '08:15' });
    expect(roundedNow('Asia/Tokyo', 15, now)).toEqual({ day: '2026-09-01', time: '22:15' });
  });
});

it('writes minutes as hours and minutes', () => {
  expect(formatMinutes(45)).toBe('45 min');
  expect(formatMinutes(60)).toBe('1 h');
  expect(formatMinutes(95)).toBe('1 h 35 min');
  expect(formatMinutes(0)).toBe('0 min');
});
