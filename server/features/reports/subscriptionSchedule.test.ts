import { describe, expect, it } from 'vitest';
import { nextRunAt, sendingZone, zonedInstant } from './subscriptionSchedule';

const at = (iso: string) => new Date(iso);
const next = (frequency: 'weekly' | 'monthly', zone: string, after: string) => nextRunAt(frequency, zone, at(after)).toISOString();

describe('next run of a report subscription', () => {
  it('weekly: the next Monday at 07:00 in the subscriber\'s timezone', () => {
    // Wednesday 18 November 2026, noon in Chicago (CST, UTC−6) → Monday 23 November, 07:00 CST.
    expect(next('weekly', 'America/Chicago', '2026-11-18T18:00:00.000Z')).toBe('2026-11-23T13:00:00.000Z');
    // Monday 06:59 in Chicago: later the same morning.
    expect(next('weekly', 'America/Chicago', '2026-11-23T12:59:00.000Z')).toBe('2026-11-23T13:00:00.000Z');
    // Monday 07:00 exactly (the run itself): a week later.
    expect(next('weekly', 'America/Chicago', '2026-11-23T13:00:00.000Z')).toBe('2026-11-30T13:00:00.000Z');
    // Sunday 23:30 in Chicago is already Monday in UTC: the Monday that follows in Chicago.
    expect(next('weekly', 'America/Chicago', '2026-11-23T05:30:00.000Z')).toBe('2026-11-23T13:00:00.000Z');
    // Summer time (CDT, UTC−5).
    expect(next('weekly', 'America/Chicago', '2026-09-02T12:00:00.000Z')).toBe('2026-09-07T12:00:00.000Z');
    // Another zone: Berlin's Monday 07:00 (CET, UTC+1).
    expect(next('weekly', 'Europe/Berlin', '2026-11-18T18:00:00.000Z')).toBe('2026-11-23T06:00:00.000Z');
  });

  it('monthly: the next 1st at 07:00, across the end of the year and a DST change on the 1st', () => {
    expect(next('monthly', 'America/Chicago', '2026-11-18T18:00:00.000Z')).toBe('2026-12-01T13:00:00.000Z');
    expect(next('monthly', 'America/Chicago', '2026-12-15T18:00:00.000Z')).toBe('2027-01-01T13:00:00.000Z');
    // 1 November 2026 is the day summer time ends (02:00): 07:00 that morning is CST.
    expect(next('monthly', 'America/Chicago', '2026-10-15T18:00:00.000Z')).toBe('2026-11-01T13:00:00.000Z');
    // The 1st before 07:00: that same morning (CDT).
    expect(next('monthly', 'America/Chicago', '2026-10-01T11:00:00.000Z')).toBe('2026-10-01T12:00:00.000Z');
    // The 1st at 07:00 exactly: next month.
    expect(next('monthly', 'America/Chicago', '2026-10-01T12:00:00.000Z')).toBe('2026-11-01T13:00:00.000Z');
  });

  it('the zone: the user\'s, else the district\'s, else UTC', () => {
    expect(sendingZone('Europe/Berlin', 'America/Chicago')).toBe('Europe/Berlin');
    expect(sendingZone('Mars/Olympus', 'America/Chicago')).toBe('America/Chicago');
    expect(sendingZone('', null)).toBe('UTC');
    expect(next('weekly', sendingZone('Not/AZone'), '2026-11-18T18:00:00.000Z')).toBe('2026-11-23T07:00:00.000Z');
  });

  it('a wall-clock time on a DST day', () => {
    expect(zonedInstant('2026-03-08', 7, 'America/Chicago').toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(zonedInstant('2026-03-07', 7, 'America/Chicago').toISOString()).toBe('2026-03-07T13:00:00.000Z');
  });
});
