// A vertical timeline of dated history rows (schools, coaches, groups), newest first, with the
// current row marked in text — not by colour alone.
import type { Locale } from 'date-fns';
import type { ReactNode } from 'react';
import { formatDay } from '../../../lib/dates';
import { useToday } from '../../../lib/session';
import { defineMessages, type MessageDescriptor, t } from '../../../lib/i18n';

const m = defineMessages({
  stateCurrent: { id: 'staff.stateCurrent', defaultMessage: 'Current' },
  stateUpcoming: { id: 'staff.stateUpcoming', defaultMessage: 'Upcoming' },
  statePast: { id: 'staff.statePast', defaultMessage: 'Past' },
  range: { id: 'staff.range', defaultMessage: '{start} – {end}' },
  starts: { id: 'staff.starts', defaultMessage: 'Starts {date}' },
  rangeOpen: { id: 'staff.rangeOpen', defaultMessage: '{start} – present' },
});

export interface TimelineItem {
  id: number | string;
  title: ReactNode;
  start_date: string;
  end_date: string | null;
  /** Extra line under the dates. */
  detail?: ReactNode;
}

export type TimelineState = 'current' | 'upcoming' | 'past';

const day = (value: string) => value.slice(0, 10);

/** Where a row stands today (the person's day, useToday): inclusive ranges, open rows have no end date. */
export function timelineState(start: string, end: string | null, today: string): TimelineState {
  if (day(start) > today) return 'upcoming';
  if (end === null || day(end) >= today) return 'current';
  return 'past';
}

/** Newest first: by start date, open rows before closed ones on the same day. */
export function sortHistory<T extends { start_date: string; end_date: string | null }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => b.start_date.localeCompare(a.start_date) || Number(a.end_date !== null) - Number(b.end_date !== null));
}

const STATE_LABEL: Record<TimelineState, MessageDescriptor> = { current: m.stateCurrent, upcoming: m.stateUpcoming, past: m.statePast };

export function rangeText(start: string, end: string | null, locale: Locale | undefined, state: TimelineState): string {
  if (end) return t(m.range, { start: formatDay(start, locale), end: formatDay(end, locale) });
  return t(state === 'upcoming' ? m.starts : m.rangeOpen, state === 'upcoming' ? { date: formatDay(start, locale) } : { start: formatDay(start, locale) });
}

export function HistoryTimeline({ items, locale, label }: { items: TimelineItem[]; locale?: Locale; label: string }) {
  const today = useToday();
  return (
    <ol className="staff-timeline" aria-label={label}>
      {sortHistory(items).map((item) => {
        const state = timelineState(item.start_date, item.end_date, today);
        return (
          <li key={item.id} className={`staff-timeline__item staff-timeline__item--${state}`}>
            <span className="staff-timeline__marker" aria-hidden="true" />
            <div className="staff-timeline__body">
              <p className="staff-timeline__title">
                {item.title}{' '}
                {state !== 'past' && <span className={`badge ${state === 'current' ? 'badge--success' : 'badge--info'}`}>{t(STATE_LABEL[state])}</span>}
              </p>
              <p className="staff-timeline__dates">
                {rangeText(item.start_date, item.end_date, locale, state)}
              </p>
              {item.detail && <p className="staff-timeline__detail">{item.detail}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
