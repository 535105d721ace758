// The two views of the Activity screen. Agenda: the range's days with entries, one list per day.
// Week: seven columns on wide screens; at phone width one day at a time with previous/next day and a
// strip of the week's days. In both, arrow keys move between events (Left/Right between days) and
// Enter opens the focused one.
import type { Locale } from 'date-fns';
import { type KeyboardEvent, useRef } from 'react';
import { ACTIVITY_CATEGORIES } from '../../../../common/interactionValues';
import type { Interaction } from '../../../../common/schemas/interactions';
import { Button } from '../../../components/Button';
import { InteractionItem, NeedsCompletingIcon, TypeSwatch } from '../../../components/InteractionItem';
import { formatDate } from '../../../lib/format';
import { participantsLine } from '../../../lib/interactions';
import { addDays, dayAsDate, formatMinutes, wallClock } from '../../../lib/zonedTime';
import { dayMinutes, type Entry, moveFocus } from '../entries';
import { defineMessages, t, tText } from '../../../lib/i18n';

const m = defineMessages({
  loggedTime: { id: 'activity.loggedTime', defaultMessage: 'Logged time' },
  today: { id: 'activity.today', defaultMessage: 'Today' },
  needsCompleting: { id: 'activity.needsCompleting', defaultMessage: 'Needs completing' },
  cancelled: { id: 'activity.cancelled', defaultMessage: 'Cancelled' },
  noShow: { id: 'activity.noShow', defaultMessage: 'No-show' },
  daysOfWeek: { id: 'activity.daysOfWeek', defaultMessage: 'Days of this week' },
  dayEntries: { id: 'activity.dayEntries', defaultMessage: '{day}, {count, plural, one {# entries} other {# entries}}{today, select, yes {, today} other {}}' },
  previousDay: { id: 'activity.previousDay', defaultMessage: 'Previous day' },
  nextDay: { id: 'activity.nextDay', defaultMessage: 'Next day' },
  nothingOnDay: { id: 'activity.nothingOnDay', defaultMessage: 'Nothing logged on this day.' },
  logOnDay: { id: 'activity.logOnDay', defaultMessage: 'Log interaction on this day' },
  todayHidden: { id: 'activity.todayHidden', defaultMessage: '(today)' },
  nothingLogged: { id: 'activity.nothingLoggedShort', defaultMessage: 'Nothing logged' },
});

type Common = {
  timeZone: string;
  locale?: Locale;
  today: string;
  onOpen: (entry: Entry) => void;
  onComplete: (i: Interaction) => void;
  completingId: number | null;
};

/** Arrow-key movement between elements marked data-nav="day:event" inside the container. */
function useGridKeys(counts: number[]) {
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const nav = target.getAttribute('data-nav');
    if (!nav) return;
    const [day, ev] = nav.split(':').map(Number);
    const next = moveFocus(counts, { day, event: ev }, event.key);
    if (!next) return;
    const el = ref.current?.querySelector<HTMLElement>(`[data-nav="${next.day}:${next.event}"]`);
    if (el) {
      event.preventDefault();
      el.focus();
    }
  };
  return { ref, onKeyDown };
}

function ActivityIcon() {
  return (
    <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M10 6v4h3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function dayHeading(day: string, locale: Locale | undefined, pattern = 'EEEE, MMMM d') {
  return formatDate(dayAsDate(day), locale, pattern);
}

// ---- Agenda -------------------------------------------------------------------------------------

/** Whose logged time it is, for a viewer who sees other people's time (district, principal). */
const timeOwner = (a: Extract<Entry, { kind: 'activity' }>['item'], showCoach: boolean) => (showCoach ? `${a.user.name} · ` : '');

function ActivityRow({ entry, timeZone, locale, onOpen, nav, showCoach }: { entry: Extract<Entry, { kind: 'activity' }>; timeZone: string; locale?: Locale; onOpen: () => void; nav: string; showCoach: boolean }) {
  const a = entry.item;
  return (
    <li className="interaction-item interaction-item--time">
      <div className="interaction-item__when">
        <time dateTime={a.starts_at}>{formatDate(wallClock(a.starts_at, timeZone), locale, 'p')}</time>
        <span className="interaction-item__duration">{formatMinutes(a.minutes)}</span>
      </div>
      <div className="interaction-item__body">
        <p className="interaction-item__title">
          <button type="button" className="interaction-item__link interaction-item__button" onClick={onOpen} data-nav={nav}>
            <ActivityIcon />
            <span className="interaction-item__type">{ACTIVITY_CATEGORIES[a.category] ? tText(ACTIVITY_CATEGORIES[a.category]!) : a.category}</span>
          </button>
        </p>
        <p className="interaction-item__people">
          {timeOwner(a, showCoach)}{t(m.loggedTime)}{a.notes ? <span className="muted"> · {a.notes.length > 80 ? `${a.notes.slice(0, 80)}…` : a.notes}</span> : null}
        </p>
      </div>
    </li>
  );
}

export function AgendaView({ days, entries, timeZone, locale, today, onOpen, onComplete, completingId, showCoach }: Common & {
  days: string[];
  entries: Map<string, Entry[]>;
  showCoach: boolean;
}) {
  const withEntries = days.filter((d) => (entries.get(d) ?? []).length > 0);
  const counts = withEntries.map((d) => entries.get(d)!.length);
  const keys = useGridKeys(counts);
  return (
    <div className="agenda" ref={keys.ref} onKeyDown={keys.onKeyDown}>
      {withEntries.map((day, dayIndex) => {
        const list = entries.get(day)!;
        const headingId = `agenda-${day}`;
        return (
          <section key={day} className={['agenda__day', day === today && 'agenda__day--today'].filter(Boolean).join(' ')} aria-labelledby={headingId}>
            <h2 id={headingId} className="agenda__heading">
              <span>{dayHeading(day, locale)}</span>
              {day === today && <span className="badge badge--primary">{t(m.today)}</span>}
              <span className="agenda__total">{formatMinutes(dayMinutes(list))}</span>
            </h2>
            <ol className="interaction-list">
              {list.map((e, i) => e.kind === 'interaction' ? (
                <InteractionItem
                  key={e.key}
                  interaction={e.item}
                  timeZone={timeZone}
                  locale={locale}
                  who={showCoach ? 'both' : 'participants'}
                  onOpen={() => onOpen(e)}
                  onComplete={() => onComplete(e.item)}
                  completing={completingId === e.item.id}
                  navId={`${dayIndex}:${i}`}
                />
              ) : (
                <ActivityRow key={e.key} entry={e} timeZone={timeZone} locale={locale} onOpen={() => onOpen(e)} nav={`${dayIndex}:${i}`} showCoach={showCoach} />
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}

// ---- Week ---------------------------------------------------------------------------------------

function EventButton({ entry, timeZone, locale, onOpen, nav, showCoach }: { entry: Entry; timeZone: string; locale?: Locale; onOpen: () => void; nav: string; showCoach: boolean }) {
  const time = formatDate(wallClock(entry.startsAt, timeZone), locale, 'p');
  if (entry.kind === 'activity') {
    return (
      <button type="button" className="week-event week-event--time" onClick={onOpen} data-nav={nav}>
        <span className="week-event__time">{time} · {formatMinutes(entry.minutes)}</span>
        <span className="week-event__title"><ActivityIcon /> {ACTIVITY_CATEGORIES[entry.item.category] ? tText(ACTIVITY_CATEGORIES[entry.item.category]!) : entry.item.category}</span>
        <span className="week-event__who">{timeOwner(entry.item, showCoach)}{t(m.loggedTime)}</span>
      </button>
    );
  }
  const i = entry.item;
  return (
    <button
      type="button"
      className={['week-event', i.needs_completing && 'week-event--needs', i.status === 'cancelled' && 'week-event--cancelled'].filter(Boolean).join(' ')}
      onClick={onOpen}
      data-nav={nav}
    >
      <span className="week-event__time">{time} · {formatMinutes(i.duration_minutes)}</span>
      <span className="week-event__title"><TypeSwatch colour={i.interaction_type.colour} /> {i.interaction_type.name}</span>
      <span className="week-event__who">{showCoach ? `${i.coach.name} · ` : ''}{participantsLine(i, 1)}</span>
      {i.needs_completing && <span className="week-event__flag"><NeedsCompletingIcon /> {t(m.needsCompleting)}</span>}
      {i.status === 'cancelled' && <span className="week-event__flag">{t(m.cancelled)}</span>}
      {i.status === 'no-show' && <span className="week-event__flag">{t(m.noShow)}</span>}
    </button>
  );
}

export function WeekView({ days, entries, timeZone, locale, today, onOpen, showCoach, phone, focusDay, onFocusDay, onShiftWeek, onLogOn }: Common & {
  days: string[];
  entries: Map<string, Entry[]>;
  showCoach: boolean;
  phone: boolean;
  /** The day shown at phone width. */
  focusDay: string;
  onFocusDay: (day: string) => void;
  onShiftWeek: (direction: -1 | 1, day: string) => void;
  onLogOn: (day: string) => void;
}) {
  const counts = days.map((d) => entries.get(d)?.length ?? 0);
  const keys = useGridKeys(counts);

  if (phone) {
    const index = Math.max(0, days.indexOf(focusDay));
    const day = days[index];
    const list = entries.get(day) ?? [];
    const go = (step: -1 | 1) => {
      const next = addDays(day, step);
      if (days.includes(next)) onFocusDay(next);
      else onShiftWeek(step, next);
    };
    return (
      <div className="week-phone">
        <div className="week-phone__strip" role="group" aria-label={t(m.daysOfWeek)}>
          {days.map((d) => (
            <button key={d} type="button" className="week-phone__day" aria-pressed={d === day} onClick={() => onFocusDay(d)}>
              <span className="week-phone__dow">{dayHeading(d, locale, 'EEEEEE')}</span>
              <span className="week-phone__date">{dayHeading(d, locale, 'd')}</span>
              {(entries.get(d)?.length ?? 0) > 0 && <span className="week-phone__dot" aria-hidden="true" />}
              <span className="sr-only">{t(m.dayEntries, { day: dayHeading(d, locale), count: entries.get(d)?.length ?? 0, today: d === today ? 'yes' : 'no' })}</span>
            </button>
          ))}
        </div>
        <section className="week-phone__list" aria-labelledby="week-phone-heading">
          <div className="week-phone__head">
            <Button variant="secondary" size="sm" onClick={() => go(-1)} aria-label={t(m.previousDay)}><span aria-hidden="true">‹</span></Button>
            <h2 id="week-phone-heading" className="week-phone__title" aria-live="polite">
              {dayHeading(day, locale)}
              {day === today && <span className="badge badge--primary">{t(m.today)}</span>}
            </h2>
            <Button variant="secondary" size="sm" onClick={() => go(1)} aria-label={t(m.nextDay)}><span aria-hidden="true">›</span></Button>
          </div>
          {list.length === 0 ? (
            <div className="week-phone__empty">
              <p className="muted">{t(m.nothingOnDay)}</p>
              <Button variant="secondary" size="sm" onClick={() => onLogOn(day)}>{t(m.logOnDay)}</Button>
            </div>
          ) : (
            <div ref={keys.ref} onKeyDown={keys.onKeyDown}>
              <ol className="item-list stack stack--sm">
                {list.map((e, i) => (
                  <li key={e.key}><EventButton entry={e} timeZone={timeZone} locale={locale} onOpen={() => onOpen(e)} nav={`${index}:${i}`} showCoach={showCoach} /></li>
                ))}
              </ol>
            </div>
          )}
        </section>
      </div>
    );
  }

  return (
    <div className="week" ref={keys.ref} onKeyDown={keys.onKeyDown}>
      {days.map((d, dayIndex) => {
        const list = entries.get(d) ?? [];
        const headingId = `week-${d}`;
        return (
          <section key={d} className={['week__day', d === today && 'week__day--today'].filter(Boolean).join(' ')} aria-labelledby={headingId}>
            <h2 id={headingId} className="week__heading">
              <span className="week__dow">{dayHeading(d, locale, 'EEE')}</span>
              <span className="week__date">{dayHeading(d, locale, 'MMM d')}</span>
              {d === today && <span className="sr-only"> {t(m.todayHidden)}</span>}
            </h2>
            {list.length > 0 ? (
              <>
                <p className="week__total">{formatMinutes(dayMinutes(list))}</p>
                <ol className="item-list stack stack--sm">
                  {list.map((e, i) => (
                    <li key={e.key}><EventButton entry={e} timeZone={timeZone} locale={locale} onOpen={() => onOpen(e)} nav={`${dayIndex}:${i}`} showCoach={showCoach} /></li>
                  ))}
                </ol>
              </>
            ) : (
              <p className="week__empty muted">{t(m.nothingLogged)}</p>
            )}
          </section>
        );
      })}
    </div>
  );
}
