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
import { plural, pluralWord } from '../../../common/plural';

const educators = (n: number) => plural(n, 'educator', 'educators');

/** Why part of the caseload is not listed: the caller sees only educators within their scope. */
function hiddenNote(hidden: number, shown: number, scope: Scope | null): string {
  const count = shown === 0 ? (hidden === 1 ? 'The educator on this caseload is' : `The ${educators(hidden)} on this caseload are`)
    : `${plural(hidden, 'more educator', 'more educators')} on this caseload ${pluralWord(hidden, 'is', 'are')}`;
  if (scope === 'building') return `${count} at schools outside yours, so they are not listed here.`;
  if (scope === 'assigned') return `${count} not on your own caseload, so they are not listed here.`;
  if (scope === 'self') return `${count} not listed here: you can see only your own coaching.`;
  return `${count} not listed here: your role does not include access to educator records.`;
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
  const crumbs = (name: string) => (canSeeCoaches ? [{ label: 'Coaches', to: '/app/coaches' }, { label: name }] : undefined);

  const notFound = (error instanceof ApiError && error.status === 404) || !(Number.isInteger(coachId) && coachId > 0);
  if (notFound) {
    return (
      <div className="stack">
        <PageHeader title={route.title} breadcrumbs={crumbs('Not found')} />
        <EmptyState title="We could not find that coach">
          <p>
            The link may be out of date, or this person is not a coach in your district.{' '}
            {canSeeCoaches ? <Link to="/app/coaches">See all coaches</Link> : <Link to="/app">Go to your dashboard</Link>}.
          </p>
        </EmptyState>
      </div>
    );
  }
  if (error && !coach) {
    return (
      <div className="stack">
        <PageHeader title={route.title} breadcrumbs={crumbs(route.title)} />
        <LoadError what="this coach" onRetry={() => void mutate()} />
      </div>
    );
  }
  if (!coach || !user) return <LoadingBlock label="Loading the coach…" />;

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
        actions={canAssign ? <Button onClick={() => setAssigning(true)}>Assign educators</Button> : undefined}
      />

      <section className="card coaches-summary" aria-label="About this coach">
        <dl className="coaches-summary__facts">
          <div>
            <dt>Schools</dt>
            <dd>{coach.buildings.length ? schoolList(coach.buildings) : <span className="muted">No schools assigned</span>}</dd>
          </div>
          <div>
            <dt>Caseload</dt>
            <dd>{educators(coach.caseload_count)}</dd>
          </div>
          <div>
            <dt>Last sign-in</dt>
            <dd>{coach.last_login_at ? when.dateTime(coach.last_login_at) : <span className="muted">Never</span>}</dd>
          </div>
        </dl>
      </section>

      <CoachActivity coachId={coach.id} coachName={coach.name} user={user} locale={locale} />
      <CoachCycles coachId={coach.id} user={user} />

      <section className="stack stack--sm coaches-section" aria-labelledby="coaches-caseload-title">
        <div className="cluster cluster--between">
          <h2 id="coaches-caseload-title" className="coaches-section__title">Caseload</h2>
          {coach.caseload.length > 0 && <p className="muted text-sm">{educators(coach.caseload.length)}</p>}
        </div>
        {hidden > 0 && (
          <Alert tone="info">
            <p>{hiddenNote(hidden, coach.caseload.length, scope)}</p>
          </Alert>
        )}
        {coach.caseload.length === 0 && hidden > 0 ? null : (
          <CaseloadTable caption={`Educators ${coach.name} supports now`} rows={coach.caseload} today={today} onEnd={canManage ? setEnding : undefined} />
        )}
      </section>

      <section className="stack stack--sm coaches-section" aria-labelledby="coaches-history-title">
        <h2 id="coaches-history-title" className="coaches-section__title">Past caseload</h2>
        <p className="muted text-sm coaches-section__intro">Educators this coach supported before, with the first and last day of each assignment.</p>
        <HistoryTable caption={`Educators ${coach.name} supported before`} rows={coach.history} />
      </section>

      {assigning && <AssignEducatorsModal coach={coach} today={today} onClose={() => setAssigning(false)} />}
      {ending && <EndAssignmentModal coachId={coach.id} assignment={ending} today={today} onClose={() => setEnding(null)} />}
    </div>
  );
}
