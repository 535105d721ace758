// The personal subscription feed as RFC 5545 text, written by ical-generator (CRLF line ends, 75-octet
// folding, text escaping, UTC times). What leaves the district in it, by design: the type (and, with
// title_mode "names", the educators' or groups' names), the time, the status and the school. Never any
// notes: shared notes, next steps and private notes stay in Coachwell (a calendar feed is read by
// Google, Microsoft or Apple, outside the district's control).
import ical, { ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import type { CalendarTitleMode } from '../../../common/schemas/calendar';
import { ACTIVITY_CATEGORIES, type ActivityCategory, INTERACTION_STATUS_LABELS, type InteractionStatus } from '../../../common/schemas/interactions';
import type { FeedActivityRow, FeedInteractionRow } from './queries';
import { plural } from '../../../common/plural';

/** How often subscribers are asked to fetch again (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 60 * 60;
/** Names in a title before "and N more". */
const TITLE_NAMES_MAX = 3;

export interface FeedInput {
  ownerName: string;
  titleMode: CalendarTitleMode;
  /** Host part of the UIDs (the app's public host name), so they stay the same from one fetch to the next. */
  uidHost: string;
  appUrl: string;
  interactions: FeedInteractionRow[];
  participants: { groups: Map<number, string[]>; people: Map<number, string[]> };
  activities: FeedActivityRow[];
}

/** The calendar's name escaped as TEXT: ical-generator 10 writes NAME and X-WR-CALNAME unescaped. */
function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

function namesTitle(names: string[]): string {
  if (names.length <= TITLE_NAMES_MAX) return names.join(', ');
  return `${names.slice(0, TITLE_NAMES_MAX).join(', ')} and ${names.length - TITLE_NAMES_MAX} more`;
}

export function interactionTitle(typeName: string, titleMode: CalendarTitleMode, groups: string[] = [], people: string[] = []): string {
  const names = [...groups, ...people];
  if (titleMode === 'type' || names.length === 0) return typeName;
  return `${typeName} — ${namesTitle(names)}`;
}

/**
 * RFC 5545 §3.1 folding: lines of at most 75 octets of UTF-8, continuation lines starting with a space,
 * never splitting a character. ical-generator folds too, but encodes each character with a new
 * TextEncoder, which took about 2 s for 2 000 events; the events' unfolded text is folded here instead.
 */
export function foldLines(text: string): string {
  const out: string[] = [];
  for (const line of text.split('\r\n')) {
    let octets = 0;
    let start = 0;
    let limit = 75;
    for (let i = 0; i < line.length; i++) {
      const code = line.codePointAt(i)!;
      const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
      if (octets + size > limit) {
        out.push((start === 0 ? '' : ' ') + line.slice(start, i));
        start = i;
        octets = 0;
        limit = 74;
      }
      octets += size;
      if (code > 0xffff) i++;
    }
    out.push((start === 0 ? '' : ' ') + line.slice(start));
  }
  return out.join('\r\n');
}

const minutes = (n: number) => plural(n, 'minute', 'minutes');

export function buildFeed(input: FeedInput): string {
  const calendar = ical({
    prodId: { company: 'Coachwell', product: 'Coachwell', language: 'EN' },
    name: escapeText(`Coachwell — ${input.ownerName}`),
    description: escapeText('Your coaching interactions and logged time from Coachwell.'),
    method: ICalCalendarMethod.PUBLISH,
    ttl: FEED_REFRESH_SECONDS,
    url: `${input.appUrl}/app/activity`,
  });
  for (const row of input.interactions) {
    const status = row.status as InteractionStatus;
    const start = new Date(row.starts_at);
    calendar.createEvent({
      id: `interaction-${row.id}@${input.uidHost}`,
      sequence: row.sequence,
      stamp: new Date(row.updated_at),
      start,
      end: new Date(start.getTime() + row.duration_minutes * 60_000),
      summary: interactionTitle(row.type_name, input.titleMode, input.participants.groups.get(row.id), input.participants.people.get(row.id)),
      description: `${INTERACTION_STATUS_LABELS[status] ?? row.status} · ${minutes(row.duration_minutes)} · from Coachwell`,
      location: row.building_name,
      status: status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      transparency: status === 'cancelled' ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
    });
  }
  for (const row of input.activities) {
    const start = new Date(row.starts_at);
    calendar.createEvent({
      id: `activity-${row.id}@${input.uidHost}`,
      sequence: row.sequence,
      stamp: new Date(row.updated_at),
      start,
      end: new Date(start.getTime() + row.minutes * 60_000),
      summary: ACTIVITY_CATEGORIES[row.category as ActivityCategory] ?? 'Logged time',
      description: `Logged time · ${minutes(row.minutes)} · from Coachwell`,
      status: ICalEventStatus.CONFIRMED,
      transparency: ICalEventTransparency.OPAQUE,
    });
  }
  // The events' text, unfolded, from ical-generator; the calendar's own lines with none of them.
  const events = calendar.events().map((event) => event.toString()).join('');
  calendar.clear();
  const shell = calendar.toString();
  const end = shell.lastIndexOf('END:VCALENDAR');
  return shell.slice(0, end) + foldLines(events.replace(/\r\n$/, '')) + '\r\n' + shell.slice(end);
}
