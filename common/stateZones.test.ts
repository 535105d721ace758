import { describe, expect, it } from 'vitest';
import { US_STATES, US_TIMEZONES } from './constants';
import { defaultTimeZoneOfState, STATE_TIME_ZONES, timeZonesOfState } from './stateZones';

describe('state timezones', () => {
  it('has the zones of every state registration accepts, and only those, each a zone people choose from', () => {
    expect(Object.keys(STATE_TIME_ZONES).sort()).toEqual(Object.keys(US_STATES).sort());
    for (const [state, zones] of Object.entries(STATE_TIME_ZONES)) {
      expect(zones.length, state).toBeGreaterThan(0);
      expect(new Set(zones).size, state).toBe(zones.length);
      for (const zone of zones) expect(US_TIMEZONES as readonly string[], state).toContain(zone);
    }
  });

  it("defaults to the state's main zone", () => {
    expect(defaultTimeZoneOfState('OR')).toBe('America/Los_Angeles');
    expect(defaultTimeZoneOfState('NY')).toBe('America/New_York');
    expect(defaultTimeZoneOfState('CO')).toBe('America/Denver');
    expect(defaultTimeZoneOfState('AZ')).toBe('America/Phoenix');
    expect(defaultTimeZoneOfState('HI')).toBe('Pacific/Honolulu');
    expect(defaultTimeZoneOfState('PR')).toBe('America/Puerto_Rico');
    expect(defaultTimeZoneOfState('TN')).toBe('America/Chicago');
    expect(defaultTimeZoneOfState('IL')).toBe('America/Chicago');
  });

  it('lists both zones of a state with two, the main one first', () => {
    expect(timeZonesOfState('OR')).toEqual(['America/Los_Angeles', 'America/Denver']);
    expect(timeZonesOfState('TX')).toEqual(['America/Chicago', 'America/Denver']);
    expect(timeZonesOfState('IN')).toEqual(['America/New_York', 'America/Chicago']);
    expect(timeZonesOfState('WA')).toEqual(['America/Los_Angeles']);
  });

  it('answers no zones for what is not a state, and Central time as the default', () => {
    expect(timeZonesOfState('XX')).toEqual([]);
    expect(timeZonesOfState('toString')).toEqual([]);
    expect(defaultTimeZoneOfState('XX')).toBe('America/Chicago');
  });
});
