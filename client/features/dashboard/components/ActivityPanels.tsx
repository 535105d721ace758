// The dashboard's coaching panels. Someone who logs coaching (`see activity`) sees today's
// interactions, this week's, the ones that need completing (one-click complete) and "Log
// interaction"; an educator's recent coaching with its shared notes is EducatorPanel, on their home.
import type { Locale } from 'date-fns';
import { Link } from 'react-router-dom';
import type { AuthUser } from '../../../../common/authUser';
import { hasPermission, PERMISSIONS, permissionScope } from '../../../../common/permissions';
import type { Interaction } from '../../../../common/schemas/interactions';
import { Alert } from '../../../components/Alert';
import { ButtonLink } from '../../../components/Button';
import { PlusIcon } from '../../../components/Icons';
import { InteractionItem, useCompleteInteraction } from '../../../components/InteractionItem';
import { LoadingBlock } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api';
import { browserTimeZone, todayIn } from '../../../lib/dates';
import { formatInteger } from '../../../lib/format';
import { type InteractionList, type InteractionListQuery, interactionsKey, logInteractionHref, useInteractions } from '../../../lib/interactions';
import { useReadAhead } from '../../../lib/readAhead';
import { newObservationHref } from '../../../lib/observations';
import { addDays, formatMinutes, startOfWeek } from '../../../lib/zonedTime';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  loadFailed: { id: 'dashboard.activity.loadFailed', defaultMessage: 'We could not load these interactions.' },
  loading: { id: 'dashboard.activity.loading', defaultMessage: 'Loading…' },
  coaching: { id: 'dashboard.activity.coaching', defaultMessage: 'Coaching' },
  openActivity: { id: 'dashboard.activity.openActivity', defaultMessage: 'Open Activity' },
  newObservation: { id: 'dashboard.activity.newObservation', defaultMessage: 'New observation' },
  logInteraction: { id: 'dashboard.activity.logInteraction', defaultMessage: 'Log interaction' },
  today: { id: 'dashboard.activity.today', defaultMessage: 'Today' },
  nothingToday: { id: 'dashboard.activity.nothingToday', defaultMessage: 'Nothing scheduled or logged today.' },
  thisWeek: { id: 'dashboard.activity.thisWeek', defaultMessage: 'This week' },
  interactions: { id: 'dashboard.activity.interactions', defaultMessage: 'Interactions' },
  coachingTime: { id: 'dashboard.activity.coachingTime', defaultMessage: 'Coaching' },
  otherTime: { id: 'dashboard.activity.otherTime', defaultMessage: 'Other time' },
  addingUp: { id: 'dashboard.activity.addingUp', defaultMessage: 'Adding up the week…' },
  seeWeek: { id: 'dashboard.activity.seeWeek', defaultMessage: 'See the week' },
  needsCompleting: { id: 'dashboard.activity.needsCompleting', defaultMessage: 'Needs completing' },
  nothingToComplete: { id: 'dashboard.activity.nothingToComplete', defaultMessage: 'Nothing to complete. Well done!' },
  seeAll: { id: 'dashboard.activity.seeAll', defaultMessage: 'See all {count}' },
  recent: { id: 'dashboard.activity.recent', defaultMessage: 'Your recent coaching' },
  allYours: { id: 'dashboard.activity.allYours', defaultMessage: 'All your coaching' },
  noneYet: { id: 'dashboard.activity.noneYet', defaultMessage: 'No coaching interactions yet. When a coach logs one with you, it appears here.' },
});

function PanelList({ answer, empty, timeZone, locale, withDay, who, onComplete, completingId, openHref, showNotes }: {
  answer: { data?: InteractionList; error?: ApiError };
  empty: string;
  timeZone: string;
  locale?: Locale;
  withDay: boolean;
  who: 'participants' | 'coach' | 'both';
  onComplete?: (i: Interaction) => void;
  completingId?: number | null;
  openHref?: (i: Interaction) => string;
  showNotes?: boolean;
}) {
  if (answer.error && !answer.data) {
    return <Alert tone="danger" title={t(m.loadFailed)}><p>{answer.error.message}</p></Alert>;
  }
  if (!answer.data) return <LoadingBlock label={t(m.loading)} />;
  if (answer.data.data.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ol className="interaction-list">
      {answer.data.data.map((i) => (
        <InteractionItem key={i.id} interaction={i} timeZone={timeZone} locale={locale} withDay={withDay} who={who}
          href={openHref?.(i)} onComplete={onComplete ? () => onComplete(i) : undefined} completing={completingId === i.id} showNotes={showNotes} />
      ))}
    </ol>
  );
}

// A coach's dashboard reads: today's interactions, the week's totals, those waiting to be completed up to today.
const todayQuery = (day: string): InteractionListQuery => ({ filter: { from: day, to: day }, sort: 'starts_at', per_page: 20 });
const weekQuery = (weekStart: string): InteractionListQuery => ({ filter: { from: weekStart, to: addDays(weekStart, 6) }, sort: 'starts_at', per_page: 1 });
const needsQuery = (day: string): InteractionListQuery => ({ filter: { needs_completing: true, to: day }, sort: '-starts_at', per_page: 5 });

function CoachPanels({ user, locale }: { user: AuthUser; locale?: Locale }) {
  const { completingId, complete } = useCompleteInteraction();
  const timeZone = user.timezone || browserTimeZone();
  const today = todayIn(timeZone);
  const weekStartsOn = (locale?.options?.weekStartsOn ?? 0) as number;
  const weekStart = startOfWeek(today, weekStartsOn);
  const scope = permissionScope(user.security.permissions, PERMISSIONS.seeActivity);
  const who = scope === 'self' ? 'participants' : 'both';
  const todays = useInteractions(todayQuery(today));
  const week = useInteractions(weekQuery(weekStart));
  const needs = useInteractions(needsQuery(today));
  // The same reads for the next days, kept by the service worker for a morning without a signal (issue 31).
  useReadAhead('dashboard', today, todays.data !== undefined, (day) => [todayQuery(day), weekQuery(startOfWeek(day, weekStartsOn)), needsQuery(day)].map(interactionsKey));
  const totals = week.data?.meta.totals;
  const needsTotal = needs.data?.meta.total ?? 0;
  const open = (i: Interaction) => `/app/activity?open=${i.id}&from=${today}&to=${today}`;

  return (
    <section className="stack dashboard-activity" aria-labelledby="dashboard-activity-title">
      <div className="cluster cluster--between">
        <h2 id="dashboard-activity-title" className="dashboard-section-title">{t(m.coaching)}</h2>
        <div className="cluster">
          <Link to="/app/activity" className="text-sm">{t(m.openActivity)}</Link>
          <ButtonLink to={newObservationHref()} variant="secondary">{t(m.newObservation)}</ButtonLink>
          <ButtonLink to={logInteractionHref()} className="dashboard-log">
            <PlusIcon />
            {t(m.logInteraction)}
          </ButtonLink>
        </div>
      </div>
      <div className="split dashboard-activity__grid">
        <section className="card stack stack--sm" aria-labelledby="dashboard-today">
          <h3 id="dashboard-today" className="card__title dashboard-card-heading">{t(m.today)}</h3>
          <PanelList answer={todays} empty={t(m.nothingToday)} timeZone={timeZone} locale={locale} withDay={false} who={who}
            onComplete={(i) => void complete(i)} completingId={completingId} openHref={open} />
        </section>
        <div className="stack stack--sm">
          <section className="card stack stack--sm" aria-labelledby="dashboard-week">
            <h3 id="dashboard-week" className="card__title dashboard-card-heading">{t(m.thisWeek)}</h3>
            {totals ? (
              <dl className="dashboard-week">
                <div><dt>{t(m.interactions)}</dt><dd>{formatInteger(totals.interactions)}</dd></div>
                <div><dt>{t(m.coachingTime)}</dt><dd>{formatMinutes(totals.coaching_minutes)}</dd></div>
                <div><dt>{t(m.otherTime)}</dt><dd>{formatMinutes(totals.other_minutes + totals.activity_minutes)}</dd></div>
              </dl>
            ) : week.error ? (
              <p className="muted">{week.error.message}</p>
            ) : (
              <LoadingBlock label={t(m.addingUp)} />
            )}
            <Link to={`/app/activity?view=week&from=${weekStart}`} className="text-sm">{t(m.seeWeek)}</Link>
          </section>
          <section className={['card', 'stack', 'stack--sm', needsTotal > 0 && 'dashboard-needs'].filter(Boolean).join(' ')} aria-labelledby="dashboard-needs">
            <h3 id="dashboard-needs" className="card__title dashboard-card-heading">
              {t(m.needsCompleting)}{needsTotal > 0 && <span className="badge badge--warning">{formatInteger(needsTotal)}</span>}
            </h3>
            <PanelList answer={needs} empty={t(m.nothingToComplete)} timeZone={timeZone} locale={locale} withDay who={who}
              onComplete={(i) => void complete(i)} completingId={completingId} openHref={(i) => `/app/activity?open=${i.id}&status=needs&from=${addDays(today, -89)}&to=${today}`} />
            {needsTotal > 5 && (
              <Link to={`/app/activity?status=needs&from=${addDays(today, -89)}&to=${today}`} className="text-sm">{t(m.seeAll, { count: formatInteger(needsTotal) })}</Link>
            )}
          </section>
        </div>
      </div>
    </section>
  );
}

/**
 * An educator's recent coaching with its shared notes (on the educator's home). `staffId` is the educator's own
 * roster row, from the home's answer: their interactions are read at once, not after a read of the row (issue 35).
 */
export function EducatorPanel({ user, staffId, locale }: { user: AuthUser; staffId: number; locale?: Locale }) {
  const timeZone = user.timezone || browserTimeZone();
  const recent = useInteractions({ filter: { staff_id: [staffId], to: todayIn(timeZone) }, sort: '-starts_at', per_page: 5 });
  return (
    <section className="card stack stack--sm dashboard-activity" aria-labelledby="dashboard-coaching">
      <div className="cluster cluster--between">
        <h2 id="dashboard-coaching" className="card__title dashboard-card-heading">{t(m.recent)}</h2>
        <Link to={`/app/staff/${staffId}`} className="text-sm">{t(m.allYours)}</Link>
      </div>
      <PanelList answer={recent} empty={t(m.noneYet)} timeZone={timeZone} locale={locale} withDay who="coach" showNotes />
    </section>
  );
}

export function ActivityPanels({ user, locale }: { user: AuthUser; locale?: Locale }) {
  if (!user.district) return null;
  // An educator's coaching is on their own home (EducatorHome).
  if (hasPermission(user.security.permissions, PERMISSIONS.seeActivity)) return <CoachPanels user={user} locale={locale} />;
  return null;
}
