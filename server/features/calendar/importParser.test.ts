// The .ics reader's shortcut for long series (importParser.ts skipBeforeOf): occurrences that surely end
// before the range are passed over without converting their times, and none that belongs in the range is
// lost: not one moved into it from years before, not one that starts before it and lasts into it.
import { describe, expect, it } from 'vitest';
import { eventsInRange } from './importParser';

const calendarOf = (...events: string[]) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n${events.join('')}END:VCALENDAR\r\n`;
const vevent = (lines: string[]) => `BEGIN:VEVENT\r\nDTSTAMP:20261101T000000Z\r\n${lines.join('\r\n')}\r\nEND:VEVENT\r\n`;
const OCTOBER: [number, number] = [Date.parse('2026-10-01T05:00:00Z'), Date.parse('2026-11-01T05:00:00Z')];
const read = (text: string) => eventsInRange(text, ...OCTOBER, 'America/Chicago').events;

describe('eventsInRange on series that began years before the range', () => {
  it('finds an occurrence of 2016 moved into the range, under its original start', () => {
    const events = read(calendarOf(
      vevent(['UID:team', 'DTSTART;TZID=America/Chicago:20150105T090000', 'DTEND;TZID=America/Chicago:20150105T100000', 'RRULE:FREQ=WEEKLY;UNTIL=20170101T000000Z', 'SUMMARY:Team meeting']),
      vevent(['UID:team', 'RECURRENCE-ID;TZID=America/Chicago:20160307T090000', 'DTSTART;TZID=America/Chicago:20261014T130000', 'DTEND;TZID=America/Chicago:20261014T140000', 'SUMMARY:Team meeting (moved)']),
    ));
    expect(events.map((e) => [e.summary, new Date(e.startsAt).toISOString(), e.key])).toEqual([
      ['Team meeting (moved)', '2026-10-14T18:00:00.000Z', 'team#2016-03-07T15:00:00.000Z'],
    ]);
  });

  it('keeps an occurrence that starts before the range and lasts into it', () => {
    // Every four weeks since 2015, five days long: the one of 28 September 2026 ends on 3 October.
    const events = read(calendarOf(
      vevent(['UID:retreat', 'DTSTART;TZID=America/Chicago:20150105T090000', 'DTEND;TZID=America/Chicago:20150110T090000', 'RRULE:FREQ=WEEKLY;INTERVAL=4', 'SUMMARY:Retreat']),
    ));
    expect(events.map((e) => new Date(e.startsAt).toISOString())).toEqual(['2026-09-28T14:00:00.000Z', '2026-10-26T14:00:00.000Z']);
  });

  it('reads a weekly series since 2015 and a daily one since 2020 to the same events as one by one', () => {
    const events = read(calendarOf(
      vevent(['UID:weekly', 'DTSTART;TZID=America/Chicago:20150106T080000', 'DTEND;TZID=America/Chicago:20150106T090000', 'RRULE:FREQ=WEEKLY', 'SUMMARY:Weekly']),
      vevent(['UID:daily', 'DTSTART:20200106T133000Z', 'DTEND:20200106T140000Z', 'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', 'SUMMARY:Daily']),
    ));
    // October 2026: four Tuesdays (6, 13, 20, 27) and 22 weekdays.
    expect(events.filter((e) => e.uid === 'weekly').map((e) => new Date(e.startsAt).toISOString())).toEqual(
      ['2026-10-06T13:00:00.000Z', '2026-10-13T13:00:00.000Z', '2026-10-20T13:00:00.000Z', '2026-10-27T13:00:00.000Z'],
    );
    expect(events.filter((e) => e.uid === 'daily')).toHaveLength(22);
  });
});
