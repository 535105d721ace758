// The timezones of each US state, DC and Puerto Rico (the states registration accepts, US_STATES), as
// the IANA zones people and districts choose from (US_TIMEZONES). The first zone is the state's main
// one: a new district's default. A state with more than one zone (Oregon: Pacific, Malheur County on
// Mountain) lists them all, and the registration form asks which one the district keeps.
import type { US_TIMEZONES } from './constants';

type UsTimeZone = (typeof US_TIMEZONES)[number];

const ET = 'America/New_York', CT = 'America/Chicago', MT = 'America/Denver', AZ = 'America/Phoenix';
const PT = 'America/Los_Angeles', AK = 'America/Anchorage', HT = 'Pacific/Honolulu', AT = 'America/Puerto_Rico';

export const STATE_TIME_ZONES: Readonly<Record<string, readonly UsTimeZone[]>> = {
  AL: [CT], AK: [AK], AZ: [AZ, MT], AR: [CT], CA: [PT], CO: [MT], CT: [ET], DE: [ET], DC: [ET],
  FL: [ET, CT], GA: [ET], HI: [HT], ID: [MT, PT], IL: [CT], IN: [ET, CT], IA: [CT], KS: [CT, MT],
  KY: [ET, CT], LA: [CT], ME: [ET], MD: [ET], MA: [ET], MI: [ET, CT], MN: [CT], MS: [CT], MO: [CT],
  MT: [MT], NE: [CT, MT], NV: [PT, MT], NH: [ET], NJ: [ET], NM: [MT], NY: [ET], NC: [ET], ND: [CT, MT],
  OH: [ET], OK: [CT], OR: [PT, MT], PA: [ET], PR: [AT], RI: [ET], SC: [ET], SD: [CT, MT], TN: [CT, ET],
  TX: [CT, MT], UT: [MT], VT: [ET], VA: [ET], WA: [PT], WV: [ET], WI: [CT], WY: [MT],
};

/** The zone a new district of this state (a US_STATES code) gets when nobody chose one. */
export const FALLBACK_TIME_ZONE: UsTimeZone = CT;

/** The state's zones, main one first; [] for a code that is not a state. */
export function timeZonesOfState(state: string): readonly UsTimeZone[] {
  return Object.hasOwn(STATE_TIME_ZONES, state) ? STATE_TIME_ZONES[state]! : [];
}

/** The state's main zone: Oregon → America/Los_Angeles; an unknown code → America/Chicago. */
export function defaultTimeZoneOfState(state: string): UsTimeZone {
  return timeZonesOfState(state)[0] ?? FALLBACK_TIME_ZONE;
}
