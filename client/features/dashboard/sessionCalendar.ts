// "Add to calendar" for a scheduled coaching session on the educator's home: a one-event iCalendar file
// (RFC 5545) as a data: address the link downloads, so it opens in whatever calendar the person uses
// (Outlook, Google, Apple) without an account link or a request to us.
import type { EducatorHomeAnswer } from '../../../common/schemas/answers/educatorHome';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  summary: { id: 'dashboard.calendar.summary', defaultMessage: '{type} with {coach}' },
});

type Session = EducatorHomeAnswer['upcoming'][number];

/** 2030-03-02T15:00:00.000Z → 20300302T150000Z */
const icsInstant = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** Text values escape backslashes, semicolons, commas and line breaks. */
const icsText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

export function sessionIcs(s: Session, stamp = Date.now()): string {
  const start = Date.parse(s.starts_at);
  return [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Coachwell//Educator home//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:coachwell-interaction-${s.id}@coachwell`,
    `DTSTAMP:${icsInstant(stamp)}`,
    `DTSTART:${icsInstant(start)}`,
    `DTEND:${icsInstant(start + s.duration_minutes * 60_000)}`,
    `SUMMARY:${icsText(t(m.summary, { type: s.type, coach: s.coach.name }))}`,
    ...(s.school ? [`LOCATION:${icsText(s.school.name)}`] : []),
    'END:VEVENT', 'END:VCALENDAR', '',
  ].join('\r\n');
}

export const sessionCalendarHref = (s: Session) => `data:text/calendar;charset=utf-8,${encodeURIComponent(sessionIcs(s))}`;
