// /app/observations/calibration/:id — one calibration session (issue 28, item 5): the lesson, who has observed
// it, the caller's own observation (start, resume or read it), the agreement item by item and the pair matrix.
// Its creator or a district administrator archives and restores it.
import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import { plural } from '../../../common/plural';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { ApiError } from '../../lib/api';
import { newObservationHref } from '../../lib/observations';
import { useInstantFormat } from '../../lib/session';
import { calibrationApi, type CalibrationSession, useCalibrationSession } from './calibrationApi';
import { AgreementItemsTable, exactText, PairMatrix, withinText } from './components/CalibrationTables';

export default function CalibrationScreen({ route }: ScreenProps) {
  const { id } = useParams();
  const sessionId = Number(id) || null;
  const session = useCalibrationSession(sessionId);
  const breadcrumbs = [{ label: 'Observations', to: '/app/observations' }, { label: 'Calibration', to: '/app/observations/calibration' }];
  if (session.error && !session.data) {
    const missing = session.error.status === 404;
    return (
      <div className="stack stack--lg obs-page">
        <PageHeader title={missing ? 'Calibration session not found' : route.title} breadcrumbs={[...breadcrumbs, { label: route.title }]} />
        {missing ? <Alert tone="warning" title="This calibration session does not exist."><p>It may be another district’s, or of an educator you cannot see. <Link to="/app/observations/calibration">All calibration sessions</Link></p></Alert>
          : <LoadError what="the calibration session" message={session.error.status === 403 ? session.error.message : undefined} onRetry={() => void session.mutate()} />}
      </div>
    );
  }
  if (!session.data) return <LoadingBlock label="Loading the session…" />;
  return <SessionView session={session.data} breadcrumbs={[...breadcrumbs, { label: session.data.title }]} />;
}

function SessionView({ session, breadcrumbs }: { session: CalibrationSession; breadcrumbs: { label: string; to?: string }[] }) {
  const when = useInstantFormat();
  const toast = useToast();
  const itemsId = useId();
  const pairsId = useId();
  const { agreement } = session;
  const mine = session.my_observation;
  const observeHref = `${newObservationHref({ staffId: session.educator.id, formId: session.form.id })}&calibration=${session.id}`;
  const action = session.archived_at ? null : mine ? (
    <ButtonLink to={mine.status === 'draft' ? `/app/observations/${mine.id}/edit` : `/app/observations/${mine.id}`} variant={mine.status === 'draft' ? 'primary' : 'secondary'}>
      {mine.status === 'draft' ? 'Resume your observation' : 'Your observation'}
    </ButtonLink>
  ) : <ButtonLink to={observeHref}>Observe this lesson</ButtonLink>;

  async function archive(archived: boolean) {
    try {
      await calibrationApi.archive(session.id, archived);
      toast.success(archived ? `${session.title} is archived.` : `${session.title} is restored.`);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    }
  }

  return (
    <div className="stack stack--lg obs-page">
      <PageHeader title={session.title} breadcrumbs={breadcrumbs} actions={action}
        description={<p>{session.form.name} · {session.educator.name}{session.school ? `, ${session.school.name}` : ''} · {when.dateTime(session.observed_at)}</p>} />
      {session.archived_at && (
        <Alert tone="info" title="This session is archived.">
          <p>It takes no new observations; its agreement still counts over time.</p>
        </Alert>
      )}
      <section className="card stack stack--sm" aria-labelledby={`${itemsId}-who`}>
        <h2 id={`${itemsId}-who`} className="card__title">Who has observed</h2>
        {session.notes && <p className="cal-notes">{session.notes}</p>}
        {session.observers.length ? (
          <ul className="item-list cluster cal-observers">
            {session.observers.map((o) => <li key={o.id}>{o.name}</li>)}
          </ul>
        ) : <p className="muted">No one has completed an observation of this lesson yet.</p>}
        <p className="text-sm muted">
          {plural(session.observers.length, 'completed observation', 'completed observations')}; drafts do not count until they are completed.
          {session.created_by && ` Set up by ${session.created_by.name}.`}
        </p>
        {session.can_archive && (
          <p>
            <Button variant="secondary" size="sm" onClick={() => void archive(!session.archived_at)}>{session.archived_at ? 'Restore session' : 'Archive session'}</Button>
          </p>
        )}
      </section>
      <section className="card stack" aria-labelledby={itemsId}>
        <h2 id={itemsId} className="card__title">Agreement by item</h2>
        {agreement.overall.compared === 0 ? (
          <p className="muted">The agreement shows once two observers have completed their observation of this lesson.</p>
        ) : (
          <p className="text-sm">Same answer {exactText(agreement.overall)}. Ratings within one level {withinText(agreement.overall)}.</p>
        )}
        <AgreementItemsTable items={agreement.items} caption={`Agreement by item, ${session.title}`} />
        <p className="text-sm muted"><strong>How this is counted:</strong> each pair of observers is compared on every item both answered. A rating agrees when both gave the same level, and is within one level when the levels differ by at most one. A look-for or choice agrees only when the answers are the same; “not applicable” counts as an answer. Text and number items are not compared.</p>
      </section>
      {session.observers.length >= 2 && (
        <section className="card stack" aria-labelledby={pairsId}>
          <h2 id={pairsId} className="card__title">Pairs of observers</h2>
          <PairMatrix pairs={agreement.pairs} observers={session.observers} caption={`Same answer by pair of observers, ${session.title}`} />
        </section>
      )}
      <p><Link to={`/app/observations/calibration?form_id=${session.form.id}`}>Agreement over time on {session.form.name}</Link></p>
    </div>
  );
}
