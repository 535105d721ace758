// Calendar sync calls (contract: common/schemas/calendar.ts): the feed's status and its changes, the
// .ics preview (the file is sent as it is, text/calendar) and the import.
import useSWR, { mutate } from 'swr';
import type {
  CalendarFeedStatus, CalendarImportPayload, CalendarImportResult, CalendarPreview, CalendarTitleMode,
} from '../../../common/schemas/calendar';
import { api, type ApiError, apiRequest, refreshedAfter } from '../../lib/api';

export const calendarFeedKey = () => 'calendar-feed';

export function useCalendarFeed(enabled = true) {
  return useSWR<CalendarFeedStatus, ApiError>(enabled ? calendarFeedKey() : null, (path: string) => api.get<CalendarFeedStatus>(path));
}

/** POST /api/calendar-feed: turns the feed on or makes a new address; the answer is the only one carrying the URL. */
export function createFeedAddress(): Promise<CalendarFeedStatus> {
  return refreshedAfter(api.post<CalendarFeedStatus>('calendar-feed'), (status) => mutate(calendarFeedKey(), { ...status, url: null }, { revalidate: false }));
}

export function setTitleMode(title_mode: CalendarTitleMode): Promise<CalendarFeedStatus> {
  return refreshedAfter(api.put<CalendarFeedStatus>('calendar-feed', { title_mode }), (status) => mutate(calendarFeedKey(), status, { revalidate: false }));
}

export async function turnOffFeed(): Promise<void> {
  await api.delete('calendar-feed');
  await mutate(calendarFeedKey());
}

/** POST /api/calendar-import/preview?from=&to= with the file as the body. */
export function previewCalendarFile(file: Blob, from: string, to: string): Promise<CalendarPreview> {
  return apiRequest<CalendarPreview>('POST', 'calendar-import/preview', { query: { from, to }, raw: { contentType: 'text/calendar', data: file } });
}

export function importCalendarEvents(payload: CalendarImportPayload): Promise<CalendarImportResult> {
  return api.post<CalendarImportResult>('calendar-import', payload);
}
