// A coach's recent interactions and their minutes this month (View Coach), for callers who see
// activity: district-wide, at their schools, or a coach on their own page.
import { Link } from 'react-router-dom';
import { hasPermission, PERMISSIONS, permissionScope } from '../../../../common/permissions';
import type { AuthUser } from '../../../../common/authUser';
import type { Locale } from 'date-fns';
import { Alert } from '../../../components/Alert';
import { InteractionItem } from '../../../components/InteractionItem';
import { LoadingBlock } from '../../../components/Spinner';
import { browserTimeZone, todayIn } from '../../../lib/dates';
import { formatDate, formatInteger } from '../../../lib/format';
import { useInteractions } from '../../../lib/interactions';
import { addDays, dayAsDate, formatMinutes } from '../../../lib/zonedTime';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  recent: { id: 'coaches.recent', defaultMessage: 'Recent interactions' },
  seeAllActivity: { id: 'coaches.seeAllActivity', defaultMessage: 'See all in Activity' },
  monthLabel: { id: 'coaches.monthLabel', defaultMessage: '{name}’s minutes in {month}' },
  coachingMonth: { id: 'coaches.coachingMonth', defaultMessage: 'Coaching this month' },
  allInteractions: { id: 'coaches.allInteractions', defaultMessage: 'All interactions' },
  otherTime: { id: 'coaches.otherTime', defaultMessage: 'Other logged time' },
  minutesNote: { id: 'coaches.minutesNote', defaultMessage: 'Minutes from {from} to {to}; cancelled and no-show interactions do not count.' },
  loadFailed: { id: 'coaches.loadFailed', defaultMessage: 'We could not load the interactions.' },
  loadingInteractions: { id: 'coaches.loadingInteractions', defaultMessage: 'Loading interactions…' },
  noInteractions: { id: 'coaches.noInteractions', defaultMessage: 'No interactions logged yet.' },
});

/** The first and last day of the month holding `day`. */
export function monthOf(day: string): { from: string; to: string } {
  const from = `${day.slice(0, 8)}01`;
  const next = addDays(from, 32);
  return { from, to: addDays(`${next.slice(0, 8)}01`, -1) };
}

export function CoachActivity({ coachId, coachName, user, locale }: { coachId: number; coachName: string; user: AuthUser; locale?: Locale }) {
  const scope = permissionScope(user.security.permissions, PERMISSIONS.seeActivity);
  const visible = hasPermission(user.security.permissions, PERMISSIONS.seeActivity) && (scope !== 'self' || coachId === user.id);
  const timeZone = user.timezone || browserTimeZone();
  const today = todayIn(timeZone);
  const month = monthOf(today);
  const monthAnswer = useInteractions(visible ? { filter: { coach_id: [coachId], from: month.from, to: month.to }, per_page: 1 } : null);
  const recent = useInteractions(visible ? { filter: { coach_id: [coachId], to: today }, sort: '-starts_at', per_page: 5 } : null);
  if (!visible) return null;

  const totals = monthAnswer.data?.meta.totals;
  const monthName = formatDate(dayAsDate(today), locale, 'MMMM yyyy');
  const activityLink = `/app/activity?coach=${coachId}&from=${month.from}&to=${month.to}`;

  return (
    <section className="stack stack--sm coaches-section" aria-labelledby="coaches-activity-title">
      <div className="cluster cluster--between">
        <h2 id="coaches-activity-title" className="coaches-section__title">{t(m.recent)}</h2>
        <Link to={coachId === user.id ? `/app/activity?from=${month.from}&to=${month.to}` : activityLink} className="text-sm">{t(m.seeAllActivity)}</Link>
      </div>
      <dl className="card coaches-month" aria-label={t(m.monthLabel, { name: coachName, month: monthName })}>
        <div>
          <dt>{t(m.coachingMonth)}</dt>
          <dd>{totals ? formatMinutes(totals.coaching_minutes) : '…'}</dd>
        </div>
        <div>
          <dt>{t(m.allInteractions)}</dt>
          <dd>{totals ? `${formatMinutes(totals.interaction_minutes)} (${formatInteger(totals.interactions)})` : '…'}</dd>
        </div>
        <div>
          <dt>{t(m.otherTime)}</dt>
          <dd>{totals ? formatMinutes(totals.activity_minutes) : '…'}</dd>
        </div>
      </dl>
      <p className="muted text-sm coaches-section__intro">{t(m.minutesNote, { from: formatDate(dayAsDate(month.from), locale, 'MMM d'), to: formatDate(dayAsDate(month.to), locale, 'PP') })}</p>
      {recent.error && !recent.data ? (
        <Alert tone="danger" title={t(m.loadFailed)}>
          <p>{recent.error.message}</p>
        </Alert>
      ) : !recent.data ? (
        <LoadingBlock label={t(m.loadingInteractions)} />
      ) : recent.data.data.length === 0 ? (
        <p className="muted">{t(m.noInteractions)}</p>
      ) : (
        <ol className="interaction-list">
          {recent.data.data.map((i) => (
            <InteractionItem key={i.id} interaction={i} timeZone={timeZone} locale={locale} withDay
              href={`/app/activity?open=${i.id}${coachId === user.id ? '' : `&coach=${coachId}`}&from=${addDays(today, -30)}&to=${today}`} />
          ))}
        </ol>
      )}
    </section>
  );
}
