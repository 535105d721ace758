// /app/observations/calibration/:id — one calibration session (issue 28, item 5): the lesson, who has observed
// it, the caller's own observation (start, resume or read it), the agreement item by item and the pair matrix.
// Its creator or a district administrator archives and restores it.
import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ScreenProps } from '../../app/routeTable';
import { routeTitle } from '../../app/routeTitles';
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
import { defineMessages, t, tRich } from '../../lib/i18n';

const m = defineMessages({
  observations: { id: 'observations.observations', defaultMessage: 'Observations' },
  calibration: { id: 'observations.calibration', defaultMessage: 'Calibration' },
  notFoundTitle: { id: 'observations.notFoundTitle', defaultMessage: 'Calibration session not found' },
  notFoundAlert: { id: 'observations.notFoundAlert', defaultMessage: 'This calibration session does not exist.' },
  notFoundText: { id: 'observations.notFoundText', defaultMessage: 'It may be another district’s, or of an educator you cannot see. <link>All calibration sessions</link>' },
  loadSessionError: { id: 'observations.loadSessionError', defaultMessage: 'An error occurred while fetching the calibration session. Please try again later.' },
  loadingSession: { id: 'observations.loadingSession', defaultMessage: 'Loading the session…' },
  resumeYours: { id: 'observations.resumeYours', defaultMessage: 'Resume your observation' },
  yours: { id: 'observations.yours', defaultMessage: 'Your observation' },
  observeLesson: { id: 'observations.observeLesson', defaultMessage: 'Observe this lesson' },
  archivedToast: { id: 'observations.archivedToast', defaultMessage: '{title} is archived.' },
  restoredToast: { id: 'observations.restoredToast', defaultMessage: '{title} is restored.' },
  failed: { id: 'observations.failed', defaultMessage: 'Something went wrong. Please try again.' },
  archivedTitle: { id: 'observations.archivedTitle', defaultMessage: 'This session is archived.' },
  archivedText: { id: 'observations.sessionArchivedText', defaultMessage: 'It takes no new observations; its agreement still counts over time.' },
  whoObserved: { id: 'observations.whoObserved', defaultMessage: 'Who has observed' },
  noOneCompleted: { id: 'observations.noOneCompleted', defaultMessage: 'No one has completed an observation of this lesson yet.' },
  completedCount: { id: 'observations.completedCount', defaultMessage: '{count, plural, one {# completed observation} other {# completed observations}}; drafts do not count until they are completed.' },
  setUpBy: { id: 'observations.setUpBy', defaultMessage: ' Set up by {name}.' },
  restoreSession: { id: 'observations.restoreSession', defaultMessage: 'Restore session' },
  archiveSession: { id: 'observations.archiveSession', defaultMessage: 'Archive session' },
  byItem: { id: 'observations.byItem', defaultMessage: 'Agreement by item' },
  showsOnce: { id: 'observations.showsOnce', defaultMessage: 'The agreement shows once two observers have completed their observation of this lesson.' },
  overall: { id: 'observations.sessionOverall', defaultMessage: 'Same answer {exact}. Ratings within one level {within}.' },
  byItemCaption: { id: 'observations.byItemCaption', defaultMessage: 'Agreement by item, {title}' },
  howCounted: { id: 'observations.howCounted', defaultMessage: '<b>How this is counted:</b> each pair of observers is compared on every item both answered. A rating agrees when both gave the same level, and is within one level when the levels differ by at most one. A look-for or choice agrees only when the answers are the same; “not applicable” counts as an answer. Text and number items are not compared.' },
  pairs: { id: 'observations.pairs', defaultMessage: 'Pairs of observers' },
  pairsCaption: { id: 'observations.pairsCaption', defaultMessage: 'Same answer by pair of observers, {title}' },
  overTimeOn: { id: 'observations.overTimeOn', defaultMessage: 'Agreement over time on {form}' },
});

export default function CalibrationScreen({ route }: ScreenProps) {
  const { id } = useParams();
  const sessionId = Number(id) || null;
  const session = useCalibrationSession(sessionId);
  const breadcrumbs = [{ label: t(m.observations), to: '/app/observations' }, { label: t(m.calibration), to: '/app/observations/calibration' }];
  if (session.error && !session.data) {
    const missing = session.error.status === 404;
    return (
      <div className="stack stack--lg obs-page">
        <PageHeader title={missing ? t(m.notFoundTitle) : routeTitle(route)} breadcrumbs={[...breadcrumbs, { label: routeTitle(route) }]} />
        {missing ? <Alert tone="warning" title={t(m.notFoundAlert)}><p>{tRich(m.notFoundText, { link: (chunks) => <Link to="/app/observations/calibration">{chunks}</Link> })}</p></Alert>
          : <LoadError message={session.error.status === 403 ? session.error.message : t(m.loadSessionError)} onRetry={() => void session.mutate()} />}
      </div>
    );
  }
  if (!session.data) return <LoadingBlock label={t(m.loadingSession)} />;
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
      {mine.status === 'draft' ? t(m.resumeYours) : t(m.yours)}
    </ButtonLink>
  ) : <ButtonLink to={observeHref}>{t(m.observeLesson)}</ButtonLink>;

  async function archive(archived: boolean) {
    try {
      await calibrationApi.archive(session.id, archived);
      toast.success(archived ? t(m.archivedToast, { title: session.title }) : t(m.restoredToast, { title: session.title }));
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : t(m.failed));
    }
  }

  return (
    <div className="stack stack--lg obs-page">
      <PageHeader title={session.title} breadcrumbs={breadcrumbs} actions={action}
        description={<p>{session.form.name} · {session.educator.name}{session.school ? `, ${session.school.name}` : ''} · {when.dateTime(session.observed_at)}</p>} />
      {session.archived_at && (
        <Alert tone="info" title={t(m.archivedTitle)}>
          <p>{t(m.archivedText)}</p>
        </Alert>
      )}
      <section className="card stack stack--sm" aria-labelledby={`${itemsId}-who`}>
        <h2 id={`${itemsId}-who`} className="card__title">{t(m.whoObserved)}</h2>
        {session.notes && <p className="cal-notes">{session.notes}</p>}
        {session.observers.length ? (
          <ul className="item-list cluster cal-observers">
            {session.observers.map((o) => <li key={o.id}>{o.name}</li>)}
          </ul>
        ) : <p className="muted">{t(m.noOneCompleted)}</p>}
        <p className="text-sm muted">
          {t(m.completedCount, { count: session.observers.length })}
          {session.created_by && t(m.setUpBy, { name: session.created_by.name })}
        </p>
        {session.can_archive && (
          <p>
            <Button variant="secondary" size="sm" onClick={() => void archive(!session.archived_at)}>{session.archived_at ? t(m.restoreSession) : t(m.archiveSession)}</Button>
          </p>
        )}
      </section>
      <section className="card stack" aria-labelledby={itemsId}>
        <h2 id={itemsId} className="card__title">{t(m.byItem)}</h2>
        {agreement.overall.compared === 0 ? (
          <p className="muted">{t(m.showsOnce)}</p>
        ) : (
          <p className="text-sm">{t(m.overall, { exact: exactText(agreement.overall), within: withinText(agreement.overall) })}</p>
        )}
        <AgreementItemsTable items={agreement.items} caption={t(m.byItemCaption, { title: session.title })} />
        <p className="text-sm muted">{tRich(m.howCounted, { b: (chunks) => <strong>{chunks}</strong> })}</p>
      </section>
      {session.observers.length >= 2 && (
        <section className="card stack" aria-labelledby={pairsId}>
          <h2 id={pairsId} className="card__title">{t(m.pairs)}</h2>
          <PairMatrix pairs={agreement.pairs} observers={session.observers} caption={t(m.pairsCaption, { title: session.title })} />
        </section>
      )}
      <p><Link to={`/app/observations/calibration?form_id=${session.form.id}`}>{t(m.overTimeOn, { form: session.form.name })}</Link></p>
    </div>
  );
}
