// The Coaching section of View Educator: the interactions with this educator the caller may see
// (the API applies the scope), newest first, with "Log interaction" and "New observation" prefilled with them
// for anyone who logs coaching. An educator on their own profile sees their coaching with its shared notes.
import type { Locale } from 'date-fns';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { hasPermission, PERMISSIONS } from '../../../../common/permissions';
import type { StaffDetail } from '../../../../common/schemas/staff';
import type { AuthUser } from '../../../../common/authUser';
import { Alert } from '../../../components/Alert';
import { Button, ButtonLink } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { InteractionItem } from '../../../components/InteractionItem';
import { QueuedInteractions } from '../../../components/outbox/QueuedRows';
import { LoadingBlock } from '../../../components/Spinner';
import { browserTimeZone, todayIn } from '../../../lib/dates';
import { logInteractionHref, useInteractions } from '../../../lib/interactions';
import { newObservationHref } from '../../../lib/observations';
import { addDays } from '../../../lib/zonedTime';
import { Card } from './StaffParts';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  newObservation: { id: 'staff.newObservation', defaultMessage: 'New observation' },
  ofName: { id: 'staff.ofName', defaultMessage: ' of {name}' },
  logInteraction: { id: 'staff.logInteraction', defaultMessage: 'Log interaction' },
  withName: { id: 'staff.withName', defaultMessage: ' with {name}' },
  yourCoaching: { id: 'staff.yourCoaching', defaultMessage: 'Your coaching' },
  coaching: { id: 'staff.coaching', defaultMessage: 'Coaching' },
  coachingHidden: { id: 'staff.coachingHidden', defaultMessage: 'Coaching interactions are visible to coaches and school leaders.' },
  coachingFailed: { id: 'staff.coachingFailed', defaultMessage: 'We could not load the coaching interactions.' },
  loadingCoaching: { id: 'staff.loadingCoaching', defaultMessage: 'Loading coaching…' },
  noCoaching: { id: 'staff.noCoaching', defaultMessage: 'No coaching yet' },
  noCoachingOwn: { id: 'staff.noCoachingOwn', defaultMessage: 'Coaching conversations, observations and other interactions you take part in will appear here.' },
  noCoachingOther: { id: 'staff.noCoachingOther', defaultMessage: 'Interactions with this educator will appear here.' },
  interactionCount: { id: 'staff.interactionCount', defaultMessage: '{total, plural, one {# interaction} other {# interactions}}' },
  interactionCountLatest: { id: 'staff.interactionCountLatest', defaultMessage: '{total, plural, one {# interaction} other {# interactions}}, the latest {shown} shown' },
  showMore: { id: 'staff.showMore', defaultMessage: 'Show more' },
  seeAll: { id: 'staff.seeAll', defaultMessage: 'See all in Activity' },
});

const PAGE = 10;

export function CoachingSection({ staff, user, locale }: { staff: StaffDetail; user: AuthUser; locale?: Locale }) {
  const [shown, setShown] = useState(PAGE);
  const logsCoaching = hasPermission(user.security.permissions, PERMISSIONS.seeActivity);
  const own = staff.user_id !== null && staff.user_id === user.id;
  const timeZone = user.timezone || browserTimeZone();
  const { data, error, isLoading } = useInteractions({ filter: { staff_id: [staff.id] }, sort: '-starts_at', per_page: Math.min(100, shown) }, { keepPreviousData: true });
  const rows = data?.data ?? [];
  const total = data?.meta.total ?? 0;
  const today = todayIn(timeZone);

  const action = logsCoaching && staff.status === 'active' ? (
    <div className="cluster">
      <ButtonLink to={newObservationHref({ staffId: staff.id })} size="sm" variant="secondary">
        {t(m.newObservation)}<span className="sr-only">{t(m.ofName, { name: staff.name })}</span>
      </ButtonLink>
      <ButtonLink to={logInteractionHref({ staffId: staff.id })} size="sm">
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M10 4v12M4 10h12" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        {t(m.logInteraction)}<span className="sr-only">{t(m.withName, { name: staff.name })}</span>
      </ButtonLink>
    </div>
  ) : undefined;

  return (
    <Card id="staff-coaching" title={own ? t(m.yourCoaching) : t(m.coaching)} className="staff-coaching" action={action}>
      {/* Interactions with this educator logged without a signal, shown at once until they sync (issue 31). */}
      {logsCoaching && <QueuedInteractions staffId={staff.id} headingLevel={3} />}
      {error && !data ? (
        error.status === 403 ? (
          <p className="muted">{t(m.coachingHidden)}</p>
        ) : (
          <Alert tone="danger" title={t(m.coachingFailed)}>
            <p>{error.message}</p>
          </Alert>
        )
      ) : isLoading && !data ? (
        <LoadingBlock label={t(m.loadingCoaching)} />
      ) : rows.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title={t(m.noCoaching)}
          icon={
            <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
              <path d="M8 36l10-10 7 6 15-16" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
              <path d="M32 16h8v8" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          }
        >
          <p>{own ? t(m.noCoachingOwn) : t(m.noCoachingOther)}</p>
        </EmptyState>
      ) : (
        <div className="stack stack--sm">
          <p className="muted text-sm staff-coaching__summary">
            {rows.length < total ? t(m.interactionCountLatest, { total, shown: rows.length }) : t(m.interactionCount, { total })}
          </p>
          <ol className="interaction-list">
            {rows.map((i) => (
              <InteractionItem
                key={i.id}
                interaction={i}
                timeZone={timeZone}
                locale={locale}
                withDay
                who={own ? 'coach' : 'both'}
                href={logsCoaching ? `/app/activity?open=${i.id}&educator=${staff.id}&from=${addDays(today, -364)}&to=${addDays(today, 30)}` : undefined}
                showNotes={own}
              />
            ))}
          </ol>
          <div className="cluster">
            {rows.length < total && shown < 100 && (
              <Button variant="secondary" size="sm" onClick={() => setShown((n) => Math.min(100, n + PAGE * 2))} busy={isLoading}>{t(m.showMore)}</Button>
            )}
            {logsCoaching && (
              <Link to={`/app/activity?educator=${staff.id}&from=${addDays(today, -364)}&to=${today}`} className="text-sm">
                {t(m.seeAll)}
              </Link>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
