// The calendar sync answers, field by field.
import type { InteractionColour } from '../../../common/schemas/interactionTypes';
import type { CalendarFeedAnswer, CalendarPreviewAnswer } from '../../../common/schemas/answers/calendar';
import type { CalendarPreviewEvent, CalendarTitleMode } from '../../../common/schemas/calendar';
import { type ParsedEvent, notImportableReason } from './importParser';

export function presentFeedStatus(feed: { title_mode: string; created_at: string } | undefined, url: string | null = null): CalendarFeedAnswer {
  return {
    enabled: Boolean(feed),
    title_mode: (feed?.title_mode ?? 'names') as CalendarTitleMode,
    url: feed ? url : null,
    created_at: feed?.created_at ?? null,
  };
}

export function presentPreview(
  range: { from: string; to: string },
  calendarName: string | null,
  events: ParsedEvent[],
  imported: (key: string) => CalendarPreviewEvent['imported'],
  types: { id: number; name: string; colour: string }[],
): CalendarPreviewAnswer {
  return {
    from: range.from,
    to: range.to,
    calendar_name: calendarName,
    interaction_types: types.map((t) => ({ id: t.id, name: t.name, colour: t.colour as InteractionColour })),
    events: events.map((e) => {
      const reason = notImportableReason(e);
      return {
        key: e.key,
        uid: e.uid,
        summary: e.summary,
        starts_at: new Date(e.startsAt).toISOString(),
        ends_at: new Date(e.endsAt).toISOString(),
        duration_minutes: Math.round((e.endsAt - e.startsAt) / 60_000),
        all_day: e.allDay,
        recurring: e.recurring,
        importable: reason === null,
        reason,
        imported: imported(e.key),
      };
    }),
  };
}
