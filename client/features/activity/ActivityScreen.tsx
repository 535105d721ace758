// /app/activity — Activity: the coaching log of a range (agenda by day, or a week), its totals,
// filters kept in the URL, "Log interaction" and "Log time", and one interaction's detail
// (?open=ID). Links elsewhere open the log form prefilled: ?log=1&staff_id=N&day=YYYY-MM-DD.
// Times are shown and entered in the signed-in user's timezone.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { hasPermission, PERMISSIONS, permissionScope } from '../../../common/permissions';
import type { Activity } from '../../../common/schemas/interactions';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PlusIcon } from '../../components/Icons';
import { useCompleteInteraction } from '../../components/InteractionItem';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { browserTimeZone, todayIn } from '../../lib/dates';
import { formatDate, formatInteger } from '../../lib/format';
import { activitiesKey, fetchInteraction, interactionsKey, useActivities, useInteractions } from '../../lib/interactions';
import { useReadAhead } from '../../lib/readAhead';
import { useBuildings, useCoaches, useInteractionTypes } from '../../lib/lookups';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { addDays, dayAsDate, daysOf, roundedNow, zonedDay, zonedTime } from '../../lib/zonedTime';
import {
  activityListFilter, type ActivityState, hasFilters, interactionListQuery, PAGE_ROWS, pageCount, pageFromSearch, pageRange, pagesByDays, periodOfToday,
  rangeLength, shiftPeriod, stateFromSearch, stateToSearch, withView,
} from './activityQuery';
import { useStaffName } from './api';
import { byDay, toEntries, type Entry } from './entries';
import { blankValues, type LogValues, valuesFromInteraction } from './logForm';
import { ActivityFilters } from './components/ActivityFilters';
import type { LogMode } from './components/LogInteractionDialog';
import { Totals } from './components/Totals';
import { AgendaView, WeekView } from './components/Views';
import { lazyPart, usePreloadWhenIdle } from '../../lib/lazyPart';
import { useMediaQuery } from '../../lib/media';
import { newObservationHref } from '../../lib/observations';
import { getWrite } from '../../lib/outbox';
import type { OutboxRecord } from '../../lib/outboxRules';
import { QueuedInteractions } from '../../components/outbox/QueuedRows';
import { openOutboxPanel } from '../../components/outbox/OutboxButton';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  nothingOnDays: { id: 'activity.nothingOnDays', defaultMessage: 'Nothing on these days' },
  nothingOnDaysText: { id: 'activity.nothingOnDaysText', defaultMessage: 'Nothing from {range}{filtered, select, yes { matches these filters} other {}}. The range\'s other days are on the other pages.' },
  nothingNeeds: { id: 'activity.nothingNeeds', defaultMessage: 'Nothing needs completing' },
  nothingNeedsText: { id: 'activity.nothingNeedsText', defaultMessage: 'Every scheduled interaction in this range is completed or cancelled.' },
  nothingLogged: { id: 'activity.nothingLogged', defaultMessage: 'Nothing logged in this range' },
  nothingLoggedText: { id: 'activity.nothingLoggedText', defaultMessage: 'No interactions or logged time from {range}{filtered, select, yes { match these filters} other {}}.' },
  title: { id: 'activity.title', defaultMessage: 'Activity' },
  descriptionSelf: { id: 'activity.descriptionSelf', defaultMessage: 'Your coaching interactions and logged time.' },
  descriptionOthers: { id: 'activity.descriptionOthers', defaultMessage: 'Coaching interactions and logged time of the coaches you support.' },
  timesIn: { id: 'activity.timesIn', defaultMessage: 'Times are in {zone}.' },
  calendarSync: { id: 'activity.calendarSync', defaultMessage: 'Calendar sync' },
  logTime: { id: 'activity.logTime', defaultMessage: 'Log time' },
  newObservation: { id: 'activity.newObservation', defaultMessage: 'New observation' },
  logInteraction: { id: 'activity.logInteraction', defaultMessage: 'Log interaction' },
  view: { id: 'activity.view', defaultMessage: 'View' },
  agenda: { id: 'activity.agenda', defaultMessage: 'Agenda' },
  weekView: { id: 'activity.weekView', defaultMessage: 'Week' },
  period: { id: 'activity.period', defaultMessage: 'Period' },
  previous: { id: 'activity.previous', defaultMessage: 'Previous {unit, select, week {week} other {period}}' },
  next: { id: 'activity.next', defaultMessage: 'Next {unit, select, week {week} other {period}}' },
  today: { id: 'activity.today', defaultMessage: 'Today' },
  loadFailed: { id: 'activity.loadFailed', defaultMessage: 'We could not load the activity.' },
  tryAgain: { id: 'activity.tryAgain', defaultMessage: 'Try again' },
  loading: { id: 'activity.loading', defaultMessage: 'Loading activity…' },
  needsTitle: { id: 'activity.needsTitle', defaultMessage: '{count, plural, one {# interaction needs} other {# interactions need}} completing' },
  needsText: { id: 'activity.needsText', defaultMessage: 'Scheduled interactions whose time has passed.' },
  showThem: { id: 'activity.showThem', defaultMessage: 'Show them' },
  needsPaged: { id: 'activity.needsPaged', defaultMessage: '{count, plural, one {# interaction needs} other {# interactions need}} completing in this range; showing {shown} (page {page} of {lastPage}), oldest first.' },
  showingPaged: { id: 'activity.showingPaged', defaultMessage: 'Showing {range} (page {page} of {lastPage}, a week a page)' },
  showingPagedTotal: { id: 'activity.showingPagedTotal', defaultMessage: 'Showing {range} (page {page} of {lastPage}, a week a page); {count, plural, one {# interaction} other {# interactions}} in the whole range' },
  cutShortTitle: { id: 'activity.cutShortTitle', defaultMessage: 'Showing the first {shown} of {count, plural, one {# interaction} other {# interactions}}' },
  cutShortText: { id: 'activity.cutShortText', defaultMessage: 'These days hold more interactions than one screen shows. Filter by coach or school to see them all.' },
  totalsLabel: { id: 'activity.totalsLabel', defaultMessage: 'Totals for this range' },
  queued: { id: 'activity.queued', defaultMessage: 'Saved on this device: waiting to sync.' },
  saved: { id: 'activity.saved', defaultMessage: 'Interaction saved.' },
  scheduled: { id: 'activity.scheduled', defaultMessage: 'Interaction scheduled.' },
  logged: { id: 'activity.logged', defaultMessage: 'Interaction logged.' },
});

// The dialogs load when first opened (preloaded once the agenda has painted): the first paint needs only the agenda.
const LogInteractionDialog = lazyPart('LogInteractionDialog', () => import('./components/LogInteractionDialog').then((m) => m.LogInteractionDialog));
const InteractionDetail = lazyPart('InteractionDetail', () => import('./components/InteractionDetail').then((m) => m.InteractionDetail));
const LogTimeDialog = lazyPart('LogTimeDialog', () => import('./components/LogTimeDialog').then((m) => m.LogTimeDialog));

const PHONE = '(max-width: 639px)';


export default function ActivityScreen(_props: ScreenProps) {
  const { user } = useAuthUser();
  const locale = useDateLocale();
  const toast = useToast();
  const location = useLocation();
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE);
  usePreloadWhenIdle(LogInteractionDialog);

  const timeZone = user?.timezone || browserTimeZone();
  const today = todayIn(timeZone);
  const weekStartsOn = (locale?.options?.weekStartsOn ?? 0) as number;
  const search = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const state = useMemo(() => stateFromSearch(search, today, weekStartsOn), [search, today, weekStartsOn]);
  const permissions = user?.security.permissions ?? [];
  const scope = permissionScope(permissions, PERMISSIONS.seeActivity);
  const seesOthers = scope === 'district' || scope === 'building';

  // A page is whole days (activityQuery.ts): the week view is one page; a longer agenda range pages by
  // weeks, the page in the URL (?page=N) so reload and Back/Forward keep it.
  // The needs-completing list reads the range whole, 100 a page (pagesByDays).
  const byDays = pagesByDays(state);
  const page = pageFromSearch(search, state);
  const shown = pageRange(state, page);
  const list = useInteractions(user ? interactionListQuery(state, page, timeZone) : null, { keepPreviousData: true });
  const activityFilter = activityListFilter(state, timeZone, page);
  const activities = useActivities(user ? activityFilter : null, 1, PAGE_ROWS);
  // The totals are the whole range's: from the page's own answer when it is the whole range.
  const lastPage = byDays ? pageCount(state) : list.data?.meta.last_page ?? 1;
  const rangeTotals = useInteractions(user && byDays && lastPage > 1 ? interactionListQuery(state, null, timeZone) : null, { keepPreviousData: true });
  const types = useInteractionTypes('all');
  const coaches = useCoaches(seesOthers && hasPermission(permissions, PERMISSIONS.seeCoaches));
  const buildings = useBuildings();
  const educator = useStaffName(state.educator);
  const needs = useInteractions(user ? { filter: { needs_completing: true, to: today, timezone: timeZone }, per_page: 1 } : null);
  // What Activity opens with (no address of its own) on each of the next days, kept by the service worker for a
  // morning without a signal (issue 31).
  useReadAhead('activity', today, list.data !== undefined, (day) => {
    const opening = stateFromSearch(new URLSearchParams(), day, weekStartsOn);
    const logged = activityListFilter(opening, timeZone, 1);
    return [
      interactionsKey(interactionListQuery(opening, 1, timeZone)),
      ...(logged ? [activitiesKey(logged, 1, PAGE_ROWS)] : []),
      interactionsKey({ filter: { needs_completing: true, to: day, timezone: timeZone }, per_page: 1 }),
    ];
  });

  const go = useCallback((next: ActivityState, options: { replace?: boolean } = {}) => {
    navigate({ pathname: location.pathname, search: stateToSearch(next, search) }, { replace: options.replace, flushSync: true });
  }, [navigate, location.pathname, search]);

  const setParams = useCallback((patch: Record<string, string | null>, replace = false) => {
    const params = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) params.delete(k);
      else params.set(k, v);
    }
    const qs = params.toString();
    navigate({ pathname: location.pathname, search: qs ? `?${qs}` : '' }, { replace });
  }, [navigate, location.pathname, location.search]);

  // The log form, opened from a button or from a link (?log=1&staff_id=N&day=D).
  const [log, setLog] = useState<{ mode: LogMode; initial: LogValues; outboxRecord?: OutboxRecord } | null>(null);
  const [timeEntry, setTimeEntry] = useState<{ activity: Activity | null } | null>(null);
  const { completingId, complete } = useCompleteInteraction();
  const prefillStaffId = search.get('log') === '1' ? Number(search.get('staff_id')) || null : null;
  const prefillStaff = useStaffName(prefillStaffId);
  const wantsLog = search.get('log') === '1';

  const startFor = useCallback((day?: string | null) => {
    const now = roundedNow(timeZone);
    return day && day !== now.day ? { day, time: '09:00' } : now;
  }, [timeZone]);

  const openLog = useCallback((prefill: { staff?: { id: number; name: string }[]; buildingId?: number | null; day?: string | null } = {}) => {
    const buildingId = prefill.buildingId ?? (user?.buildings.length === 1 ? user.buildings[0].id : null);
    setLog({ mode: { kind: 'new' }, initial: blankValues(startFor(prefill.day), timeZone, { staff: prefill.staff, buildingId }) });
  }, [startFor, timeZone, user]);

  useEffect(() => {
    if (!wantsLog || log || !user) return;
    if (prefillStaffId && !prefillStaff.name && !prefillStaff.missing) return; // wait for the name
    const day = search.get('day');
    openLog({
      staff: prefillStaffId && prefillStaff.name ? [{ id: prefillStaffId, name: prefillStaff.name }] : [],
      buildingId: prefillStaff.building?.id ?? null,
      day: day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null,
    });
  }, [wantsLog, log, user, prefillStaffId, prefillStaff.name, prefillStaff.missing, prefillStaff.building, search, openLog]);

  // Correcting a write the server refused (issue 31, ?outbox=UUID from the outbox panel): its form, prefilled.
  const outboxId = search.get('outbox');
  useEffect(() => {
    if (!outboxId || log || !user) return;
    let live = true;
    void (async () => {
      const record = await getWrite(outboxId);
      const mine = record && record.userId === user.id && record.state === 'refused' ? record : null;
      if (mine?.kind === 'interaction.create' && mine.draft) {
        if (live) setLog({ mode: { kind: 'new' }, initial: mine.draft as LogValues, outboxRecord: mine });
        return;
      }
      // A refused edit opens the interaction's edit with the queued change; a refused "mark completed", its edit
      // completed. Saving replaces the queued write (same id).
      const target = mine && (mine.kind === 'interaction.update' || mine.kind === 'interaction.complete') && typeof mine.target === 'number' ? mine.target : null;
      const interaction = target ? await fetchInteraction(target).catch(() => null) : null;
      if (!live) return;
      if (mine && interaction) {
        const initial = mine.kind === 'interaction.update' && mine.draft ? mine.draft as LogValues
          : { ...valuesFromInteraction(interaction, timeZone), status: 'completed' as const, statusTouched: true };
        setLog({ mode: { kind: 'edit', interaction }, initial, outboxRecord: mine });
      } else {
        setParams({ outbox: null }, true);
      }
    })();
    return () => {
      live = false;
    };
  }, [outboxId, log, user, setParams, timeZone]);

  const closeLog = () => {
    setLog(null);
    if (wantsLog) setParams({ log: null, staff_id: null, day: null }, true);
    else if (outboxId) setParams({ outbox: null }, true);
  };

  const openId = Number(search.get('open')) || null;
  const openEntry = (entry: Entry) => {
    if (entry.kind === 'interaction') setParams({ open: String(entry.item.id) });
    else setTimeEntry({ activity: entry.item });
  };
  const closeDetail = () => setParams({ open: null }, true);

  const days = useMemo(() => daysOf(shown.from, shown.to), [shown.from, shown.to]);
  const entries = useMemo(() => byDay(toEntries(list.data?.data ?? [], activityFilter ? activities.data?.data ?? [] : [], timeZone), days), [list.data, activities.data, activityFilter, timeZone, days]);
  const [focusDay, setFocusDay] = useState<string>(today);
  const shownOnce = useRef(false);
  useEffect(() => {
    setFocusDay((d) => (days.includes(d) ? d : days.includes(today) ? today : days[0]));
  }, [days, today]);

  if (!user) return <LoadingBlock />;

  const weekLabel = state.view === 'week' ? 'week' : rangeLength(state) === 7 ? 'week' : 'period';
  const rangeText = `${formatDate(dayAsDate(state.from), locale, 'MMM d')} – ${formatDate(dayAsDate(state.to), locale, 'PP')}`;
  const schools = scope === 'building' ? user.buildings : (buildings.data?.data ?? []).map((b) => ({ id: b.id, name: b.name }));
  const coachOptions = seesOthers && coaches.data ? [...coaches.data.data].sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ id: c.id, name: c.name })) : null;
  const pageTotal = list.data?.meta.total ?? 0;
  const cutShort = !!list.data && list.data.data.length < pageTotal;
  const totalsSource = byDays && lastPage > 1 ? rangeTotals : list;
  const shownText = `${formatDate(dayAsDate(shown.from), locale, 'MMM d')} – ${formatDate(dayAsDate(shown.to), locale, 'PP')}`;
  const setPage = (next: number) => setParams({ page: next > 1 ? String(next) : null });
  const anyEntries = [...entries.values()].some((l) => l.length > 0);
  // What an empty page says: one page of a longer range, the needs-completing list, or the range.
  const filtered = list.data?.data.length === 0 && hasFilters(state);
  const empty = byDays && lastPage > 1
    ? { title: t(m.nothingOnDays), text: t(m.nothingOnDaysText, { range: shownText, filtered: filtered ? 'yes' : 'no' }) }
    : state.status === 'needs'
      ? { title: t(m.nothingNeeds), text: t(m.nothingNeedsText) }
      : { title: t(m.nothingLogged), text: t(m.nothingLoggedText, { range: rangeText, filtered: filtered ? 'yes' : 'no' }) };
  const needsCount = needs.data?.meta.total ?? 0;
  // The list shows once the interactions, the logged time and the needs-completing count have all
  // answered, in one go: nothing moves under the reader as the second and third answers arrive (issue 35).
  // Later pages and filters keep the list on screen while they load (keepPreviousData), as before.
  const firstReady = !!list.data && (shownOnce.current || ((!activityFilter || !!activities.data || !!activities.error) && (!!needs.data || !!needs.error)));
  if (firstReady) shownOnce.current = true;

  const header = (
    <PageHeader
      title={t(m.title)}
      description={<p>{scope === 'self' ? t(m.descriptionSelf) : t(m.descriptionOthers)} {t(m.timesIn, { zone: timeZone.replace(/_/g, ' ') })}</p>}
      actions={
        <>
          <ButtonLink variant="ghost" to="/app/activity/calendar-sync">{t(m.calendarSync)}</ButtonLink>
          <Button variant="secondary" onClick={() => setTimeEntry({ activity: null })}>{t(m.logTime)}</Button>
          <ButtonLink variant="secondary" to={newObservationHref()}>{t(m.newObservation)}</ButtonLink>
          <Button className="activity-log-button" onClick={() => openLog()}><PlusIcon /> {t(m.logInteraction)}</Button>
        </>
      }
    />
  );

  return (
    <div className="stack activity-page">
      {header}

      <div className="cluster cluster--between activity-toolbar">
        <div className="segmented segmented--tabs" role="group" aria-label={t(m.view)}>
          <button type="button" className="segmented__button" aria-pressed={state.view === 'agenda'} onClick={() => go(withView(state, 'agenda', weekStartsOn))}>{t(m.agenda)}</button>
          <button type="button" className="segmented__button" aria-pressed={state.view === 'week'} onClick={() => go(withView(state, 'week', weekStartsOn))}>{t(m.weekView)}</button>
        </div>
        <div className="activity-period" role="group" aria-label={t(m.period)}>
          <Button variant="secondary" size="sm" onClick={() => go(shiftPeriod(state, -1))} aria-label={t(m.previous, { unit: weekLabel })}><span aria-hidden="true">‹</span></Button>
          <Button variant="secondary" size="sm" onClick={() => go(periodOfToday(state, today, weekStartsOn))}>{t(m.today)}</Button>
          <Button variant="secondary" size="sm" onClick={() => go(shiftPeriod(state, 1))} aria-label={t(m.next, { unit: weekLabel })}><span aria-hidden="true">›</span></Button>
          <p className="activity-period__label" aria-live="polite">{rangeText}</p>
        </div>
      </div>

      <ActivityFilters state={state} onChange={go} types={types.data?.data ?? []} coaches={coachOptions} schools={schools} educatorName={educator.name} />

      <div className={['activity-layout', state.view === 'week' && !phone && 'activity-layout--wide'].filter(Boolean).join(' ')}>
        <div className="activity-main">
          {list.error && !list.data ? (
            <Alert tone="danger" title={t(m.loadFailed)}>
              <p>{list.error.message}</p>
              <Button size="sm" variant="secondary" onClick={() => void list.mutate()}>{t(m.tryAgain)}</Button>
            </Alert>
          ) : !firstReady || !list.data ? (
            <LoadingBlock label={t(m.loading)} />
          ) : (
            <>
              <QueuedInteractions />
              {needsCount > 0 && state.status !== 'needs' && (
                <Alert tone="warning" title={t(m.needsTitle, { count: needsCount })}>
                  <p>
                    {t(m.needsText)}{' '}
                    <button type="button" className="btn-link" onClick={() => go({ ...state, view: 'agenda', status: 'needs', from: addDays(today, -89), to: today })}>
                      {t(m.showThem)}
                    </button>
                  </p>
                </Alert>
              )}

              {!byDays && lastPage > 1 && (
                <p className="text-sm muted activity-more">
                  {t(m.needsPaged, { count: pageTotal, shown: formatInteger(list.data.data.length), page, lastPage })}
                </p>
              )}
              {byDays && lastPage > 1 && (
                <p className="text-sm muted activity-more">
                  {rangeTotals.data
                    ? t(m.showingPagedTotal, { range: shownText, page, lastPage, count: rangeTotals.data.meta.total })
                    : t(m.showingPaged, { range: shownText, page, lastPage })}.
                </p>
              )}
              {byDays && cutShort && (
                <Alert tone="warning" title={t(m.cutShortTitle, { shown: formatInteger(list.data.data.length), count: pageTotal })}>
                  <p>{t(m.cutShortText)}</p>
                </Alert>
              )}
              {state.view === 'week' ? (
                <WeekView
                  days={days} entries={entries} timeZone={timeZone} locale={locale} today={today} showCoach={seesOthers}
                  onOpen={openEntry} onComplete={(i) => void complete(i)} completingId={completingId}
                  phone={phone} focusDay={focusDay} onFocusDay={setFocusDay}
                  onShiftWeek={(direction, day) => { setFocusDay(day); go(shiftPeriod(state, direction)); }}
                  onLogOn={(day) => openLog({ day })}
                />
              ) : anyEntries ? (
                <AgendaView
                  days={days} entries={entries} timeZone={timeZone} locale={locale} today={today} showCoach={seesOthers}
                  onOpen={openEntry} onComplete={(i) => void complete(i)} completingId={completingId}
                />
              ) : (
                <EmptyState title={empty.title} action={state.status === 'needs' ? undefined : <Button onClick={() => openLog()}><PlusIcon /> {t(m.logInteraction)}</Button>}>
                  <p>{empty.text}</p>
                </EmptyState>
              )}
              {lastPage > 1 && <Pager page={page} lastPage={lastPage} onChange={setPage} />}
            </>
          )}
        </div>
        <aside className="activity-side" aria-label={t(m.totalsLabel)}>
          <Totals totals={totalsSource.data?.meta.totals} loading={totalsSource.isLoading} />
        </aside>
      </div>

      {log && (
        <LogInteractionDialog
          mode={log.mode}
          initial={log.initial}
          timeZone={timeZone}
          userId={user.id}
          canChooseCoach={scope === 'district'}
          outboxRecord={log.outboxRecord}
          onClose={closeLog}
          // Changed elsewhere since the edit opened (issue 31): the conflict panel, over Activity (the detail, behind it,
          // would be a second dialog).
          onConflict={(writeId) => {
            closeLog();
            closeDetail();
            openOutboxPanel(writeId);
          }}
          onSaved={(saved, mode, queued) => {
            closeLog();
            if (queued || !saved) {
              toast.success(t(m.queued));
              return;
            }
            if (mode.kind === 'duplicate') setParams({ open: String(saved.id) }, true);
            toast.success(mode.kind === 'edit' ? t(m.saved) : saved.status === 'scheduled' ? t(m.scheduled) : t(m.logged));
          }}
        />
      )}
      {openId && !log && (
        <InteractionDetail
          id={openId}
          timeZone={timeZone}
          locale={locale}
          onClose={closeDetail}
          onEdit={(i) => setLog({ mode: { kind: 'edit', interaction: i }, initial: valuesFromInteraction(i, timeZone) })}
          onDuplicate={(i) => setLog({ mode: { kind: 'duplicate', interaction: i }, initial: valuesFromInteraction(i, timeZone, { day: addDays(zonedDay(i.starts_at, timeZone), 7), time: zonedTime(i.starts_at, timeZone) }) })}
          onDone={(message) => { closeDetail(); toast.success(message); }}
        />
      )}
      {timeEntry && (
        <LogTimeDialog
          activity={timeEntry.activity}
          locale={locale}
          start={roundedNow(timeZone)}
          timeZone={timeZone}
          onClose={() => setTimeEntry(null)}
          onSaved={(message) => { setTimeEntry(null); toast.success(message); }}
        />
      )}
    </div>
  );
}
