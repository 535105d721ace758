// Reading an .ics file exported from Google Calendar or Outlook (RFC 5545) with ical.js: the events, and
// the occurrences of repeating events, that fall in a date range. Pure: no database, no Express.
//
// Times: a value with a TZID is converted with the file's own VTIMEZONE definition when it has one (Outlook
// writes Windows zone names such as "Eastern Standard Time" with their rules), else as an IANA zone
// (Google writes "America/Chicago"); UTC values as they are; floating values (no zone) and unknown zones
// in the importing user's timezone. Repeating events (RRULE, RDATE, EXDATE, moved or cancelled
// occurrences) are expanded with ical.js's recurrence iterator.
import ICAL from 'ical.js';
import { CALENDAR_IMPORT_EVENTS_MAX, CALENDAR_IMPORT_KEY_MAX, CALENDAR_IMPORT_SUMMARY_MAX, CALENDAR_MESSAGES, CALENDAR_READ_BUDGET_SECONDS } from '../../../common/schemas/calendar';
import { DURATION_MAX_MINUTES } from '../../../common/schemas/interactionTypes';
import { isTimeZone, partsIn } from '../../../common/zone';

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;
type Timezone = InstanceType<typeof ICAL.Timezone>;

/** A file the import refuses, with the message the 422 answers. */
export class CalendarFileError extends Error {}

export interface ParsedEvent {
  key: string;
  uid: string;
  summary: string;
  startsAt: number;
  endsAt: number;
  allDay: boolean;
  recurring: boolean;
  cancelled: boolean;
}

export interface ParsedCalendar {
  calendarName: string | null;
  events: ParsedEvent[];
}

/**
 * Occurrences of repeating events stepped through, over the whole file, before giving up: a rule repeating
 * every minute, or many series stepping through years before the range (each occurrence costs ical.js
 * some microseconds, and the scan holds the process).
 */
const OCCURRENCES_SCANNED_MAX = 50_000;
/**
 * Time that reading the whole file may take, checked between events and between occurrences: some rules
 * (BYSETPOS) cost ical.js a millisecond an occurrence. A safety net well above what the count costs
 * (50 000 ordinary occurrences take about 2 s on a 2-core machine), so that the count, not the machine's
 * load, decides for ordinary calendars; and below the worker's hard limit (CALENDAR_READ_SECONDS_MAX,
 * importReader.ts), which stops what this cannot see: ical.js looping inside one step.
 */
const READ_TIME_MAX_MS = CALENDAR_READ_BUDGET_SECONDS * 1000;
const COMPONENTS_MAX = 50_000;
/**
 * Options for every ICAL.Event: no exceptions of its own finding. Without them its constructor walks every
 * VEVENT of the file looking for moved occurrences (of any UID), once per event: quadratic in the file's
 * events (6 000 one-time events took 9.7 s, 20 000 minutes). The moved occurrences are related below, by
 * UID, from one pass over the file.
 */
const NO_EXCEPTIONS: { exceptions: Component[] } = { exceptions: [] };

/** The UTC offset (ms, seconds included: old local mean times have them) of a zone at an instant, by the platform's time zone data. */
function zoneOffsetMs(timeZone: string, utcMs: number): number {
  const p = partsIn(utcMs, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(utcMs / 1000) * 1000;
}

/** The instant of a wall-clock time in an IANA zone (the earlier one in a repeated hour). */
export function zonedTimeToUtc(wallMs: number, timeZone: string): number {
  const first = wallMs - zoneOffsetMs(timeZone, wallMs);
  const second = wallMs - zoneOffsetMs(timeZone, first);
  return first === second ? first : Math.min(first, second);
}

/** Midnight starting a calendar day (YYYY-MM-DD) in a zone, as a UTC instant. */
export function zonedDayStart(day: string, timeZone: string): number {
  return zonedTimeToUtc(Date.parse(`${day}T00:00:00Z`), timeZone);
}

/** A time's wall-clock fields as if they were UTC: within a day of the instant, whatever its zone. */
const wallMs = (time: Time) => Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
/** More than any zone's offset from UTC (±14 h, old local mean times ±16 h): wall-clock and instant differ by less. */
const ZONE_SLACK_MS = 2 * 86_400_000;

/**
 * Occurrences of a series that surely end before the range, told apart by their wall-clock start alone:
 * a long series (a weekly meeting since 2015) steps through years before the range, and converting each of
 * those occurrences to an instant is most of what reading it costs. Not when a moved occurrence
 * (RECURRENCE-ID) is near one: that one may have moved into the range. Every occurrence still counts
 * against the scan limits.
 */
function skipBeforeOf(event: InstanceType<typeof ICAL.Event>, moved: Component[], fromMs: number): (next: Time) => boolean {
  const movedWalls: number[] = [];
  for (const exception of moved) {
    const id = exception.getFirstPropertyValue('recurrence-id');
    if (!(id instanceof ICAL.Time)) return () => false;
    movedWalls.push(wallMs(id));
  }
  let durationMs = 0;
  try {
    durationMs = Math.max(0, event.duration.toSeconds() * 1000);
  } catch {
    return () => false;
  }
  if (!Number.isFinite(durationMs)) return () => false;
  return (next) => {
    const wall = wallMs(next);
    return wall + durationMs + ZONE_SLACK_MS < fromMs && !movedWalls.some((m) => Math.abs(m - wall) < ZONE_SLACK_MS);
  };
}

/** Turns ical.js times into instants, knowing the file's own zones and the user's zone for floating times. */
class Clock {
  private readonly zones = new Map<string, Timezone>();
  /** TZID names already checked against the platform's zones (a check builds a formatter: too slow once per occurrence). */
  private readonly ianaNames = new Map<string, boolean>();

  constructor(root: Component, private readonly userZone: string) {
    for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
      const tzid = String(vtimezone.getFirstPropertyValue('tzid') ?? '');
      if (!tzid) continue;
      try {
        this.zones.set(tzid, new ICAL.Timezone(vtimezone));
      } catch {
        // A broken VTIMEZONE: the TZID is then read as an IANA name or the user's zone.
      }
    }
  }

  /** `time` is a value of a property whose TZID parameter is `tzid` (null: none). */
  instant(time: Time, tzid: string | null): number {
    const wall = wallMs(time);
    if (time.isDate) return zonedTimeToUtc(wall, this.userZone);
    if (time.zone?.tzid === 'UTC' || time.zone === ICAL.Timezone.utcTimezone) return wall;
    if (tzid) {
      const own = this.zones.get(tzid);
      if (own) {
        // Timezone.utcOffset reads the wall-clock fields of the time it is given.
        const probe = new ICAL.Time({ year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second, isDate: false }, own);
        try {
          return wall - own.utcOffset(probe) * 1000;
        } catch {
          // fall through to the zone's name
        }
      }
      const name = tzid.replace(/^\/+/, '');
      let known = this.ianaNames.get(name);
      if (known === undefined) this.ianaNames.set(name, (known = isTimeZone(name)));
      if (known) return zonedTimeToUtc(wall, name);
    }
    return zonedTimeToUtc(wall, this.userZone);
  }
}

function tzidOf(component: Component, property: 'dtstart' | 'dtend'): string | null {
  const value = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof value === 'string' && value ? value : Array.isArray(value) && value[0] ? String(value[0]) : null;
}

function textValue(component: Component, name: string): string {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value : value == null ? '' : String(value);
}

function cleanSummary(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').replace(/\s+/g, ' ').trim().slice(0, CALENDAR_IMPORT_SUMMARY_MAX);
}

/** The most days each month can have (February: 29). */
const MONTH_DAYS_MAX = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Frequencies whose rules ical.js steps through day by day (or finer) until one matches: forever, when none can. */
const STEPPING_FREQUENCIES = new Set(['DAILY', 'HOURLY', 'MINUTELY', 'SECONDLY']);

/**
 * True when one of the event's repeat rules steps day by day (or finer) and can never match: a BYMONTHDAY
 * that none of its BYMONTH months has (30 February, 31 April). ical.js would look for its next occurrence
 * forever. A cheap check of the common case; what it cannot see, the worker's time limit stops.
 */
function neverMatchingRule(vevent: Component): boolean {
  return vevent.getAllProperties('rrule').some((property) => {
    const recur = property.getFirstValue() as InstanceType<typeof ICAL.Recur> | null;
    if (!recur || !STEPPING_FREQUENCIES.has(String(recur.freq))) return false;
    const parts = recur.parts as Record<string, unknown[] | undefined>;
    const monthDays = (parts.BYMONTHDAY ?? []).map(Number).filter((d) => Number.isInteger(d) && d !== 0);
    if (monthDays.length === 0) return false;
    const months = (parts.BYMONTH ?? []).map(Number).filter((m) => Number.isInteger(m) && m >= 1 && m <= 12);
    const candidates = months.length ? months : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    return !candidates.some((m) => monthDays.some((d) => Math.abs(d) <= MONTH_DAYS_MAX[m - 1]!));
  });
}

/** What reading an event threw, as the file's 422: ical.js's own errors (a malformed date or duration) mean "not iCalendar". */
function asFileError(err: unknown): CalendarFileError {
  return err instanceof CalendarFileError ? err : new CalendarFileError(CALENDAR_MESSAGES.fileNotCalendar);
}

function parseRoot(text: string): Component {
  if (!/BEGIN:VCALENDAR/i.test(text.slice(0, 4096))) throw new CalendarFileError(CALENDAR_MESSAGES.fileNotCalendar);
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch {
    throw new CalendarFileError(CALENDAR_MESSAGES.fileNotCalendar);
  }
  // Several VCALENDARs in one file parse into a list: read the first.
  const first = Array.isArray(jcal) && Array.isArray(jcal[0]) ? jcal[0] : jcal;
  let root: Component;
  try {
    root = new ICAL.Component(first as unknown as string);
  } catch {
    throw new CalendarFileError(CALENDAR_MESSAGES.fileNotCalendar);
  }
  if (root.name !== 'vcalendar') throw new CalendarFileError(CALENDAR_MESSAGES.fileNotCalendar);
  return root;
}

/**
 * The events of `text` overlapping [fromMs, toMs), sorted by start. Throws CalendarFileError for a file
 * that is not iCalendar, has no events in the range, or has more than CALENDAR_IMPORT_EVENTS_MAX there.
 */
export function eventsInRange(text: string, fromMs: number, toMs: number, userZone: string): ParsedCalendar {
  const readUntil = Date.now() + READ_TIME_MAX_MS;
  if (text.trim() === '') throw new CalendarFileError(CALENDAR_MESSAGES.fileEmpty);
  const root = parseRoot(text);
  const vevents = root.getAllSubcomponents('vevent');
  if (vevents.length > COMPONENTS_MAX) throw new CalendarFileError(CALENDAR_MESSAGES.tooManyEvents);
  const clock = new Clock(root, userZone);

  // Moved or changed occurrences (RECURRENCE-ID) belong to their repeating event, by UID.
  const exceptions = new Map<string, Component[]>();
  const masters: Component[] = [];
  for (const vevent of vevents) {
    if (!vevent.hasProperty('dtstart')) continue;
    if (vevent.hasProperty('recurrence-id')) {
      const uid = textValue(vevent, 'uid');
      const list = exceptions.get(uid) ?? [];
      list.push(vevent);
      exceptions.set(uid, list);
    } else {
      masters.push(vevent);
    }
  }

  const out: ParsedEvent[] = [];
  let scanned = 0;
  const add = (event: ParsedEvent) => {
    if (event.endsAt <= fromMs || event.startsAt >= toMs) return;
    out.push(event);
    if (out.length > CALENDAR_IMPORT_EVENTS_MAX) throw new CalendarFileError(CALENDAR_MESSAGES.tooManyEvents);
  };

  const describe = (component: Component, start: Time, end: Time | null, key: string, uid: string, recurring: boolean): ParsedEvent => {
    const startsAt = clock.instant(start, tzidOf(component, 'dtstart'));
    let endsAt = end ? clock.instant(end, end.isDate ? null : tzidOf(component, 'dtend') ?? tzidOf(component, 'dtstart')) : startsAt;
    if (!end && start.isDate) endsAt = startsAt + 86_400_000;
    if (endsAt < startsAt) endsAt = startsAt;
    return {
      key, uid, recurring,
      summary: cleanSummary(textValue(component, 'summary')),
      startsAt, endsAt,
      allDay: start.isDate,
      cancelled: textValue(component, 'status').toUpperCase() === 'CANCELLED',
    };
  };

  for (const [index, vevent] of masters.entries()) {
    if (index % 256 === 255 && Date.now() > readUntil) throw new CalendarFileError(CALENDAR_MESSAGES.tooSlowToRead);
    let event: InstanceType<typeof ICAL.Event>;
    try {
      event = new ICAL.Event(vevent, NO_EXCEPTIONS);
    } catch {
      throw new CalendarFileError(CALENDAR_MESSAGES.fileNotCalendar);
    }
    const uid = (event.uid || '').trim() || `no-uid-${textValue(vevent, 'dtstart')}-${cleanSummary(event.summary ?? '')}`;
    if (uid.length > CALENDAR_IMPORT_KEY_MAX - 40) continue;
    try {
      if (!event.isRecurring()) {
        add(describe(vevent, event.startDate, event.endDate, uid, uid, false));
        continue;
      }
      const never = neverMatchingRule(vevent);
      if (never) throw new CalendarFileError(CALENDAR_MESSAGES.ruleNeverMatches(cleanSummary(event.summary ?? '')));
      const moved = exceptions.get(event.uid) ?? [];
      for (const exception of moved) event.relateException(exception);
      const skipBefore = skipBeforeOf(event, moved, fromMs);
      const iterator = event.iterator();
      for (let next = iterator.next(); next; next = iterator.next()) {
        if (++scanned > OCCURRENCES_SCANNED_MAX || Date.now() > readUntil) throw new CalendarFileError(CALENDAR_MESSAGES.tooManyOccurrences);
        if (skipBefore(next)) continue;
        const details = event.getOccurrenceDetails(next);
        const occurrence = details.item.component;
        const originalStart = clock.instant(details.recurrenceId, tzidOf(vevent, 'dtstart'));
        // Occurrences come in order of their original start: past the range (and a day of slack for
        // moved ones), stop.
        if (originalStart >= toMs + 86_400_000) break;
        const key = `${uid}#${new Date(originalStart).toISOString()}`;
        const parsed = describe(occurrence, details.startDate, details.endDate, key, uid, true);
        // The occurrence's times come from the item that describes it (the series or a moved one).
        if (occurrence !== vevent) {
          parsed.startsAt = clock.instant(details.startDate, tzidOf(occurrence, 'dtstart'));
          parsed.endsAt = Math.max(parsed.startsAt, clock.instant(details.endDate, tzidOf(occurrence, 'dtend') ?? tzidOf(occurrence, 'dtstart')));
        }
        add(parsed);
      }
    } catch (err) {
      throw asFileError(err);
    }
  }
  // Moved occurrences whose series is not in the file: plain events of their own.
  const masterUids = new Set(masters.map((m) => textValue(m, 'uid')));
  for (const [uid, list] of exceptions) {
    if (masterUids.has(uid)) continue;
    for (const vevent of list) {
      try {
        const event = new ICAL.Event(vevent, NO_EXCEPTIONS);
        const original = clock.instant(event.recurrenceId ?? event.startDate, tzidOf(vevent, 'dtstart'));
        add(describe(vevent, event.startDate, event.endDate, `${uid}#${new Date(original).toISOString()}`, uid, true));
      } catch (err) {
        throw asFileError(err);
      }
    }
  }

  if (out.length === 0) throw new CalendarFileError(CALENDAR_MESSAGES.noEventsInRange);
  out.sort((a, b) => a.startsAt - b.startsAt || a.key.localeCompare(b.key));
  const name = cleanSummary(textValue(root, 'x-wr-calname') || textValue(root, 'name'));
  return { calendarName: name || null, events: out };
}

/** Why an event cannot become an interaction or an activity, or null. */
export function notImportableReason(event: ParsedEvent): string | null {
  if (event.cancelled) return 'Cancelled in your calendar.';
  if (event.allDay) return 'All-day events have no time to log.';
  const minutes = Math.round((event.endsAt - event.startsAt) / 60_000);
  if (minutes < 1) return 'This event has no duration.';
  if (minutes > DURATION_MAX_MINUTES) return `Longer than ${DURATION_MAX_MINUTES / 60} hours.`;
  return null;
}
