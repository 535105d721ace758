// Calendar sync (issue 9): the personal subscription feed's settings and the .ics import, shared by the
// server and the Calendar sync screen. Request schemas, messages and answer shapes.
import * as z from 'zod/mini';
import { planFeatureMessage } from '../plans';
import { utcTimestamp } from './fields';
import { DURATION_MAX_MINUTES, type InteractionColour } from './interactionTypes';
import { ACTIVITY_CATEGORY_KEYS, type ActivityCategory } from './interactions';
import { isIsoDate } from './query';

export const CALENDAR_TITLE_MODES = ['names', 'type'] as const;
export type CalendarTitleMode = (typeof CALENDAR_TITLE_MODES)[number];
export const CALENDAR_TITLE_MODE_LABELS: Record<CalendarTitleMode, string> = {
  names: 'Type and educator names',
  type: 'Type only',
};

/** The largest .ics file the import reads (a few years of a busy calendar exported from Google or Outlook). */
export const CALENDAR_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** Time reading one .ics file may take, checked by the reader between its steps (server/features/calendar/importParser.ts). */
export const CALENDAR_READ_BUDGET_SECONDS = 5;
/** The hard limit: past it the worker thread reading the file is terminated (server/features/calendar/importReader.ts). */
export const CALENDAR_READ_SECONDS_MAX = 8;
/** Longest date range one preview covers. */
export const CALENDAR_IMPORT_RANGE_MAX_DAYS = 366;
/** Events one preview lists and one import takes (the import's JSON body stays under the API's 100 KiB). */
export const CALENDAR_IMPORT_EVENTS_MAX = 200;
export const CALENDAR_IMPORT_SUMMARY_MAX = 200;
export const CALENDAR_IMPORT_KEY_MAX = 400;

export const CALENDAR_MESSAGES = {
  /** 403 without the plan feature `calendar-sync` (server/access/guards.ts requireFeature). */
  planRequired: planFeatureMessage('calendar-sync'),
  feedOff: 'Your calendar feed is turned off. Turn it on first.',
  impersonating: 'While impersonating you cannot create a calendar address: it would give you a private link to this person’s calendar.',
  fileEmpty: 'Choose an .ics calendar file to preview.',
  fileNotCalendar: 'This file is not an iCalendar (.ics) file. Export your calendar from Google Calendar or Outlook as .ics and try again.',
  fileTooBig: `This file is larger than ${CALENDAR_FILE_MAX_BYTES / 1024 / 1024} MB. Export a shorter period of your calendar and try again.`,
  noEventsInRange: 'This file has no events in the chosen dates. Check the dates or export another calendar.',
  tooManyEvents: `This file has more than ${CALENDAR_IMPORT_EVENTS_MAX} events in the chosen dates. Choose a shorter range.`,
  tooManyOccurrences: 'This file’s repeating events have too many occurrences to read (over 50,000 since they began). Import a calendar with fewer or more recent repeating events.',
  /** A DAILY (or finer) repeat rule that can never happen, found before reading its occurrences. */
  ruleNeverMatches: (summary: string) =>
    `${summary ? `The repeating event “${summary}”` : 'A repeating event in this file'} repeats on a date that never comes (such as 30 February or 31 April). Fix or remove its repeat rule in your calendar, export it again and try once more.`,
  /** Reading ran past its budget (importParser.ts, 5 s) or the worker past its hard limit and was stopped (importReader.ts, 8 s). */
  tooSlowToRead: `We stopped reading this file: it took too long to read (over ${CALENDAR_READ_BUDGET_SECONDS} seconds). A repeating event in it may repeat on a date that never comes (such as 30 February), or it holds years of events. Export a shorter period of your calendar, or fix that event’s repeat rule, and try again.`,
  /** The reading worker ran out of its memory and was stopped. */
  tooBigToRead: 'This file needs more memory to read than one import may use. Export a shorter period of your calendar and try again.',
  rangeBackwards: 'The end date must not be before the start date.',
  rangeTooLong: `Choose a range of at most ${CALENDAR_IMPORT_RANGE_MAX_DAYS} days.`,
  typeNotAvailable: 'Choose an active interaction type of your district.',
  keyTwice: 'This event is listed twice.',
} as const;

const isoDay = (label: string) =>
  z.string({ error: `${label} is required (YYYY-MM-DD).` }).check(
    z.trim(),
    z.refine(isIsoDate, `${label} must be a date (YYYY-MM-DD).`),
  );

/** PUT /api/calendar-feed: what event titles show. */
export const calendarFeedSettingsSchema = z.object({
  title_mode: z.enum(CALENDAR_TITLE_MODES, { error: 'Event titles must be names or type.' }),
});
export type CalendarFeedSettingsInput = z.input<typeof calendarFeedSettingsSchema>;

/**
 * GET, POST and PUT /api/calendar-feed. Only the token's hash is stored, so `url` is present only in
 * the answer that created it (POST: turn on or regenerate); afterwards it is null and the screen says
 * "Regenerate to see a new address".
 */
export interface CalendarFeedStatus {
  enabled: boolean;
  title_mode: CalendarTitleMode;
  url: string | null;
  /** When the current address was made (turned on or last regenerated). */
  created_at: string | null;
}

const bothDays = (q: { from: unknown; to: unknown }) => typeof q.from === 'string' && typeof q.to === 'string' && isIsoDate(q.from) && isIsoDate(q.to);

/** POST /api/calendar-import/preview?from=&to= (the body is the .ics file, text/calendar). */
export const calendarPreviewQuerySchema = z.object({
  from: isoDay('From'),
  to: isoDay('To'),
}).check(
  z.refine((q) => !bothDays(q) || q.from <= q.to, { message: CALENDAR_MESSAGES.rangeBackwards, path: ['to'] }),
  z.refine((q) => !bothDays(q) || q.from > q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < CALENDAR_IMPORT_RANGE_MAX_DAYS, { message: CALENDAR_MESSAGES.rangeTooLong, path: ['to'] }),
);

export type CalendarImportKind = 'interaction' | 'activity';

/** One event (or one occurrence of a repeating event) of the file in the chosen range. */
export interface CalendarPreviewEvent {
  /** What the import is keyed by: the event UID, plus `#` and the occurrence's original start for repeating events. */
  key: string;
  uid: string;
  summary: string;
  starts_at: string;
  ends_at: string;
  duration_minutes: number;
  all_day: boolean;
  recurring: boolean;
  /** False with a reason for events that cannot become an interaction or activity. */
  importable: boolean;
  reason: string | null;
  /** Already imported by the caller: importing again updates it. */
  imported: { kind: CalendarImportKind; id: number } | null;
}

export interface CalendarPreview {
  from: string;
  to: string;
  /** The file's own calendar name (X-WR-CALNAME), when it has one. */
  calendar_name: string | null;
  events: CalendarPreviewEvent[];
  /** The district's active interaction types, to choose from per event. */
  interaction_types: { id: number; name: string; colour: InteractionColour }[];
}

const eventBase = {
  key: z.string({ error: 'Event key is required.' }).check(
    z.minLength(1, 'Event key is required.'),
    z.maxLength(CALENDAR_IMPORT_KEY_MAX, `Event key must be at most ${CALENDAR_IMPORT_KEY_MAX} characters.`),
  ),
  summary: z.pipe(
    z.optional(z.nullable(z.string({ error: 'Title must be text.' }))),
    z.transform((v) => (v ?? '').trim().slice(0, CALENDAR_IMPORT_SUMMARY_MAX)),
  ),
  starts_at: utcTimestamp('Start'),
  duration_minutes: z.number({ error: 'Duration must be a number of minutes.' }).check(
    z.refine((n) => Number.isInteger(n) && n >= 1 && n <= DURATION_MAX_MINUTES, `Duration must be from 1 to ${DURATION_MAX_MINUTES} minutes.`),
  ),
};

const importEvent = z.discriminatedUnion('as', [
  z.object({
    ...eventBase,
    as: z.literal('interaction'),
    interaction_type_id: z.number({ error: 'Choose an interaction type.' }).check(
      z.refine((n) => Number.isInteger(n) && n > 0, 'Choose an interaction type.'),
    ),
  }),
  z.object({
    ...eventBase,
    as: z.literal('activity'),
    category: z.string({ error: 'Choose a category.' }).check(
      z.refine((v) => (ACTIVITY_CATEGORY_KEYS as string[]).includes(v), 'Choose a category from the list.'),
    ),
  }),
], { error: 'Import each event as an interaction or an activity.' });

/** POST /api/calendar-import: the chosen events of a preview, each as an interaction (with its type) or an activity (with its category). */
export const calendarImportSchema = z.object({
  events: z.array(importEvent, { error: 'Events must be a list.' }).check(
    z.minLength(1, 'Choose at least one event to import.'),
    z.maxLength(CALENDAR_IMPORT_EVENTS_MAX, `Import at most ${CALENDAR_IMPORT_EVENTS_MAX} events at a time.`),
  ),
});
export type CalendarImportPayload = z.input<typeof calendarImportSchema>;
export type CalendarImportInput = z.output<typeof calendarImportSchema>;
export type CalendarImportEvent = CalendarImportInput['events'][number];
export type { ActivityCategory };

export interface CalendarImportResult {
  created: number;
  updated: number;
  /** Already imported as the other kind: that record was removed and this one made instead. */
  moved: number;
  interactions: number[];
  activities: number[];
}
