import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { CaseloadEntry } from '../../../common/schemas/coaches';
import { hasPermission, PERMISSIONS, permissionScope, type Scope } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { LoadError } from '../../components/LoadError';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { useAuthUser, useDateLocale, useInstantFormat } from '../../lib/session';
import { useCoach } from './api';
import { AssignEducatorsModal } from './components/AssignEducatorsModal';
import { CaseloadTable, HistoryTable } from './components/CaseloadTables';
import { CoachStatus, schoolList } from './components/CoachStatus';
import { todayIn } from '../../lib/dates';
import { EndAssignmentModal } from './components/EndAssignmentModal';
import { CoachActivity } from './components/CoachActivity';
import { CoachCycles } from './components/CoachCycles';
import { defineMessages, t } from '../../lib/i18n';
import { routeTitle } from '../../app/routeTitles';

const m = defineMessages({
  hiddenAllBuilding: { id: 'coaches.hiddenAllBuilding', defaultMessage: '{count, plural, one {The educator on this caseload is} other {The # educators on this caseload are}} at schools outside yours, so they are not listed here.' },
  hiddenMoreBuilding: { id: 'coaches.hiddenMoreBuilding', defaultMessage: '{count, plural, one {# more educator on this caseload is} other {# more educators on this caseload are}} at schools outside yours, so they are not listed here.' },
  hiddenAllAssigned: { id: 'coaches.hiddenAllAssigned', defaultMessage: '{count, plural, one {The educator on this caseload is} other {The # educators on this caseload are}} not on your own caseload, so they are not listed here.' },
  hiddenMoreAssigned: { id: 'coaches.hiddenMoreAssigned', defaultMessage: '{count, plural, one {# more educator on this caseload is} other {# more educators on this caseload are}} not on your own caseload, so they are not listed here.' },
  hiddenAllSelf: { id: 'coaches.hiddenAllSelf', defaultMessage: '{count, plural, one {The educator on this caseload is} other {The # educators on this caseload are}} not listed here: you can see only your own coaching.' },
  hiddenMoreSelf: { id: 'coaches.hiddenMoreSelf', defaultMessage: '{count, plural, one {# more educator on this caseload is} other {# more educators on this caseload are}} not listed here: you can see only your own coaching.' },
  hiddenAllOther: { id: 'coaches.hiddenAllOther', defaultMessage: '{count, plural, one {The educator on this caseload is} other {The # educators on this caseload are}} not listed here: your role does not include access to educator records.' },
  hiddenMoreOther: { id: 'coaches.hiddenMoreOther', defaultMessage: '{count, plural, one {# more educator on this caseload is} other {# more educators on this caseload are}} not listed here: your role does not include access to educator records.' },
  educators: { id: 'coaches.educators', defaultMessage: '{count, plural, one {# educator} other {# educators}}' },
  coachesCrumb: { id: 'coaches.coachesCrumb', defaultMessage: 'Coaches' },
  notFoundCrumb: { id: 'coaches.notFoundCrumb', defaultMessage: 'Not found' },
  notFoundTitle: { id: 'coaches.notFoundTitle', defaultMessage: 'We could not find that coach' },
  notFoundBody: { id: 'coaches.notFoundBody', defaultMessage: 'The link may be out of date, or this person is not a coach in your district.' },
  seeAll: { id: 'coaches.seeAll', defaultMessage: 'See all coaches' },
  goDashboard: { id: 'coaches.goDashboard', defaultMessage: 'Go to your dashboard' },
  coachLoadError: { id: 'coaches.coachLoadError', defaultMessage: 'An error occurred while fetching this coach. Please try again later.' },
  loadingOne: { id: 'coaches.loadingOne', defaultMessage: 'Loading the coach…' },
  assign: { id: 'coaches.assign', defaultMessage: 'Assign educators' },
  about: { id: 'coaches.about', defaultMessage: 'About this coach' },
  schools: { id: 'coaches.schools', defaultMessage: 'Schools' },
  noSchools: { id: 'coaches.noSchools', defaultMessage: 'No schools assigned' },
  caseload: { id: 'coaches.caseload', defaultMessage: 'Caseload' },
  lastSignIn: { id: 'coaches.lastSignIn', defaultMessage: 'Last sign-in' },
  never: { id: 'coaches.never', defaultMessage: 'Never' },
  caseloadCaption: { id: 'coaches.caseloadCaption', defaultMessage: 'Educators {name} supports now' },
  pastCaseload: { id: 'coaches.pastCaseload', defaultMessage: 'Past caseload' },
  pastIntro: { id: 'coaches.pastIntro', defaultMessage: 'Educators this coach supported before, with the first and last day of each assignment.' },
  pastCaption: { id: 'coaches.pastCaption', defaultMessage: 'Educators {name} supported before' },
});

const educators = (n: number) => t(m.educators, { count: n });

/** Why part of the caseload is not listed: the caller sees only educators within their scope. */
function hiddenNote(hidden: number, shown: number, scope: Scope | null): string {
  const all = shown === 0;
  const values = { count: hidden };
  if (scope === 'building') return t(all ? m.hiddenAllBuilding : m.hiddenMoreBuilding, values);
  if (scope === 'assigned') return t(all ? m.hiddenAllAssigned : m.hiddenMoreAssigned, values);
  if (scope === 'self') return t(all ? m.hiddenAllSelf : m.hiddenMoreSelf, values);
  return t(all ? m.hiddenAllOther : m.hiddenMoreOther, values);
}

export default function CoachViewScreen({ route }: ScreenProps) {
  const { id } = useParams();
  const coachId = Number(id);
  const { user } = useAuthUser();
  const locale = useDateLocale();
  const when = useInstantFormat();
  const { data: coach, error, mutate } = useCoach(coachId);
  const [assigning, setAssigning] = useState(false);
  const [ending, setEnding] = useState<CaseloadEntry | null>(null);

  const permissions = user?.security.permissions ?? [];
  const canManage = hasPermission(permissions, PERMISSIONS.manageCoaches);
  const canSeeCoaches = hasPermission(permissions, PERMISSIONS.seeCoaches);
  const scope = permissionScope(permissions, PERMISSIONS.seeEducators);
  const today = todayIn(user?.timezone);
  const crumbs = (name: string) => (canSeeCoaches ? [{ label: t(m.coachesCrumb), to: '/app/coaches' }, { label: name }] : undefined);

  const notFound = (error instanceof ApiError && error.status === 404) || !(Number.isInteger(coachId) && coachId > 0);
  if (notFound) {
    return (
      <div className="stack">
        <PageHeader title={routeTitle(route)} breadcrumbs={crumbs(t(m.notFoundCrumb))} />
        <EmptyState title={t(m.notFoundTitle)}>
          <p>
            {t(m.notFoundBody)}{' '}
            {canSeeCoaches ? <Link to="/app/coaches">{t(m.seeAll)}</Link> : <Link to="/app">{t(m.goDashboard)}</Link>}.
          </p>
        </EmptyState>
      </div>
    );
  }
  if (error && !coach) {
    return (
      <div className="stack">
        <PageHeader title={routeTitle(route)} breadcrumbs={crumbs(routeTitle(route))} />
        <LoadError message={t(m.coachLoadError)} onRetry={() => void mutate()} />
      </div>
    );
  }
  if (!coach || !user) return <LoadingBlock label={t(m.loadingOne)} />;

  const hidden = coach.caseload_count - coach.caseload.length;
  const canAssign = canManage && coach.status !== 'disabled';

  return (
    <div className="stack stack--lg coaches-page">
      <PageHeader
        title={coach.name}
        breadcrumbs={crumbs(coach.name)}
        description={
          <p className="coaches-view__meta">
            <a href={`mailto:${coach.email}`}>{coach.email}</a>
            <CoachStatus status={coach.status} />
          </p>
        }
        actions={canAssign ? <Button onClick={() => setAssigning(true)}>{t(m.assign)}</Button> : undefined}
      />

      <section className="card coaches-summary" aria-label={t(m.about)}>
        <dl className="coaches-summary__facts">
          <div>
            <dt>{t(m.schools)}</dt>
            <dd>{coach.buildings.length ? schoolList(coach.buildings) : <span className="muted">{t(m.noSchools)}</span>}</dd>
          </div>
          <div>
            <dt>{t(m.caseload)}</dt>
            <dd>{educators(coach.caseload_count)}</dd>
          </div>
          <div>
            <dt>{t(m.lastSignIn)}</dt>
            <dd>{coach.last_login_at ? when.dateTime(coach.last_login_at) : <span className="muted">{t(m.never)}</span>}</dd>
          </div>
        </dl>
      </section>

      <CoachActivity coachId={coach.id} coachName={coach.name} user={user} locale={locale} />
      <CoachCycles coachId={coach.id} user={user} />

      <section className="stack stack--sm coaches-section" aria-labelledby="coaches-caseload-title">
        <div className="cluster cluster--between">
          <h2 id="coaches-caseload-title" className="coaches-section__title">{t(m.caseload)}</h2>
          {coach.caseload.length > 0 && <p className="muted text-sm">{educators(coach.caseload.length)}</p>}
        </div>
        {hidden > 0 && (
          <Alert tone="info">
            <p>{hiddenNote(hidden, coach.caseload.length, scope)}</p>
          </Alert>
        )}
        {coach.caseload.length === 0 && hidden > 0 ? null : (
          <CaseloadTable caption={t(m.caseloadCaption, { name: coach.name })} rows={coach.caseload} today={today} onEnd={canManage ? setEnding : undefined} />
        )}
      </section>

      <section className="stack stack--sm coaches-section" aria-labelledby="coaches-history-title">
        <h2 id="coaches-history-title" className="coaches-section__title">{t(m.pastCaseload)}</h2>
        <p className="muted text-sm coaches-section__intro">{t(m.pastIntro)}</p>
        <HistoryTable caption={t(m.pastCaption, { name: coach.name })} rows={coach.history} />
      </section>

      {assigning && <AssignEducatorsModal coach={coach} today={today} onClose={() => setAssigning(false)} />}
      {ending && <EndAssignmentModal coachId={coach.id} assignment={ending} today={today} onClose={() => setEnding(null)} />}
    </div>
  );
}
