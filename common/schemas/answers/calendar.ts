// The calendar sync answers: the personal feed's state, the .ics import's preview and result
// (server/features/calendar/presenter.ts and service.ts).
import * as z from 'zod/mini';
import { INTERACTION_COLOUR_KEYS } from '../../interactionValues';
import { CALENDAR_TITLE_MODES, type CalendarFeedStatus, type CalendarImportResult, type CalendarPreview } from '../calendar';
import { day, id, instant, type SameShape } from './shapes';

export const calendarFeedAnswer = z.strictObject({
  enabled: z.boolean(),
  title_mode: z.enum(CALENDAR_TITLE_MODES),
  /** The feed's address: only in the answer that made it (only its hash is kept). */
  url: z.nullable(z.string()),
  /** When the current address was made. */
  created_at: z.nullable(instant),
});
export type CalendarFeedAnswer = z.infer<typeof calendarFeedAnswer>;
export const calendarFeedAnswerMatches: SameShape<CalendarFeedAnswer, CalendarFeedStatus> = true;

export const calendarPreviewAnswer = z.strictObject({
  from: day,
  to: day,
  /** The file's own calendar name (X-WR-CALNAME). */
  calendar_name: z.nullable(z.string()),
  events: z.array(z.strictObject({
    /** The event UID, plus `#` and the occurrence's original start for a repeating event. */
    key: z.string(),
    uid: z.string(),
    summary: z.string(),
    starts_at: instant,
    ends_at: instant,
    duration_minutes: z.number(),
    all_day: z.boolean(),
    recurring: z.boolean(),
    /** False, with a reason, for an event that cannot become an interaction or activity. */
    importable: z.boolean(),
    reason: z.nullable(z.string()),
    /** Already imported by the caller: importing again updates it. */
    imported: z.nullable(z.strictObject({ kind: z.enum(['interaction', 'activity']), id })),
  })),
  /** The district's active interaction types. */
  interaction_types: z.array(z.strictObject({ id, name: z.string(), colour: z.enum(INTERACTION_COLOUR_KEYS) })),
});
export type CalendarPreviewAnswer = z.infer<typeof calendarPreviewAnswer>;
export const calendarPreviewAnswerMatches: SameShape<CalendarPreviewAnswer, CalendarPreview> = true;

export const calendarImportAnswer = z.strictObject({
  created: z.number(),
  updated: z.number(),
  /** Imported before as the other kind: that record removed and this one made instead. */
  moved: z.number(),
  /** The ids of the interactions and activities made or updated. */
  interactions: z.array(id),
  activities: z.array(id),
});
export type CalendarImportAnswer = z.infer<typeof calendarImportAnswer>;
export const calendarImportAnswerMatches: SameShape<CalendarImportAnswer, CalendarImportResult> = true;
