// /app/observations/:id — one observation as the reader may see it (issue 28): the answers by section (the
// look-fors Seen / Not seen / N/A with their tally), the notes and next steps, the observer's private notes
// (theirs alone), the school and the time. The observer edits, deletes, shares it with the educator and reads
// the acknowledgement and reflection; the educator reads what was shared and acknowledges it. An observation made
// in a calibration session links to it ("Part of calibration session …") when the reader may read the session.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LOOK_FOR_LABELS, type LookForValue } from '../../../common/observationValues';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { ConfirmDialog } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { ApiError } from '../../lib/api';
import { lazyPart } from '../../lib/lazyPart';
import { useAuthUser, useInstantFormat } from '../../lib/session';
import { formatMinutes } from '../../lib/zonedTime';
import { type AnswerValue, type Observation, observationApi, useObservation } from './api';
import { type ObservationItem, sectionsOf, tallyText } from './capture';
import { AcknowledgeForm } from './components/AcknowledgeForm';
import { ObservationStatusBadges as StatusBadges } from '../../components/ObservationItem';
import { StepsFromSource } from '../../components/actionSteps/StepsFromSource';

const ShareDialog = lazyPart('ShareDialog', () => import('./components/ShareDialog').then((m) => m.ShareDialog));

export default function ObservationScreen({ route }: ScreenProps) {
  const { id } = useParams();
  const observationId = Number(id) || null;
  const { data, error } = useObservation(observationId);
  const { user } = useAuthUser();
  const crumbs = [{ label: 'Observations', to: '/app/observations' }, { label: route.title }];
  if (error && !data) {
    return (
      <div className="stack obs-page">
        <PageHeader title={route.title} breadcrumbs={crumbs} />
        <Alert tone="danger" title="We could not open this observation."><p>{error.message}</p></Alert>
      </div>
    );
  }
  if (!data || !user) return <LoadingBlock label="Loading the observation…" />;
  return <Detail o={data} selfId={user.id} observes={hasPermission(user.security.permissions, PERMISSIONS.seeActivity)} />;
}

function answerText(item: ObservationItem, value: AnswerValue): string {
  if (value === null || value === undefined || value === '') return '';
  switch (item.kind) {
    case 'look_for':
      return LOOK_FOR_LABELS[value as LookForValue] ?? String(value);
    case 'rating':
      return `${value} of ${item.scale ?? 4}`;
    case 'choice':
      return Array.isArray(value) ? value.join(', ') : String(value);
    default:
      return String(value);
  }
}

const LOOK_FOR_TONE: Record<string, string> = { yes: 'badge--success', no: 'badge--neutral', na: 'badge--neutral' };

function Detail({ o, selfId, observes }: { o: Observation; selfId: number; observes: boolean }) {
  const when = useInstantFormat();
  const navigate = useNavigate();
  const toast = useToast();
  const [sharing, setSharing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const observer = o.observer.id === selfId;
  const isEducator = educatorView(o, selfId, observes);
  const title = isEducator ? o.form.name : `${o.form.name}: ${o.educator.name}`;
  const answers = new Map((o.answers ?? []).map((a) => [a.item_id, a]));
  const tally = tallyText(o.look_fors);
  const draft = o.status === 'draft';

  async function remove() {
    setBusy(true);
    try {
      await observationApi.remove(o.id);
      toast.success('Observation deleted.');
      navigate('/app/observations', { replace: true });
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
      setBusy(false);
      setDeleting(false);
    }
  }

  const actions = observer ? (
    <>
      <ButtonLink variant="secondary" to={`/app/observations/${o.id}/edit`}>{draft ? 'Resume' : 'Edit'}</ButtonLink>
      <Button variant="secondary" onClick={() => setDeleting(true)}>Delete</Button>
      {!draft && <Button onClick={() => setSharing(true)}>{o.shared ? 'Change sharing' : `Share with ${o.educator.name}`}</Button>}
    </>
  ) : undefined;

  return (
    <div className="stack stack--lg obs-page obs-detail">
      <PageHeader title={title} breadcrumbs={[{ label: 'Observations', to: '/app/observations' }, { label: title }]} actions={actions} />

      <section className="card obs-facts" aria-label="About this observation">
        <dl className="obs-facts__list">
          <div><dt>Educator</dt><dd>{o.educator.name}</dd></div>
          <div><dt>Observed</dt><dd>{when.dateTime(o.observed_at)} · {formatMinutes(o.duration_minutes)}</dd></div>
          <div><dt>Observer</dt><dd>{observer ? `${o.observer.name} (you)` : o.observer.name}</dd></div>
          <div><dt>School</dt><dd>{o.school?.name ?? 'None'}</dd></div>
          <div><dt>Form</dt><dd>{o.form.name}{o.form.version > 1 ? ` (version ${o.form.version})` : ''}</dd></div>
          <div><dt>Status</dt><dd><StatusBadges observation={o} /></dd></div>
          {o.shared && <div><dt>Shared</dt><dd>Shared {when.date(o.shared.at)}{observer ? `: ${sharedWhat(o.shared)}` : ''}</dd></div>}
          {o.acknowledged_at && <div><dt>Acknowledged</dt><dd>Acknowledged {when.date(o.acknowledged_at)}</dd></div>}
        </dl>
        {o.calibration && (
          <p className="obs-facts__calibration">
            Part of calibration session <Link to={`/app/observations/calibration/${o.calibration.id}`}>{o.calibration.title}</Link>
          </p>
        )}
      </section>

      {draft && observer && (
        <Alert tone="warning" title="This is a draft.">
          <p>Only you see it; it is not counted until you complete it.</p>
        </Alert>
      )}

      {o.answers ? (
        <section className="card stack obs-answers" aria-labelledby="obs-answers-title">
          <header className="cluster cluster--between">
            <h2 id="obs-answers-title" className="card__title">Answers</h2>
            {tally && <p className="obs-tally"><strong>{tally}</strong> <span className="muted text-sm">(look-fors, not applicable left out)</span></p>}
          </header>
          {sectionsOf(o.items).map((group, g) => (
            <section key={g} className="stack stack--sm" aria-label={group.section ?? 'Items'}>
              {group.section && <h3 className="obs-section__title">{group.section}</h3>}
              <dl className="obs-answer-list">
                {group.items.map((item) => {
                  const a = answers.get(item.id);
                  const text = a ? answerText(item, a.value) : '';
                  return (
                    <div key={item.id} className="obs-answer">
                      <dt>{item.label}</dt>
                      <dd>
                        {text ? (item.kind === 'look_for'
                          ? <span className={`badge ${LOOK_FOR_TONE[String(a!.value)] ?? 'badge--neutral'}`}>{text}</span>
                          : <span className="obs-answer__value">{text}</span>)
                          : <span className="muted">Not answered</span>}
                        {a?.evidence && <p className="obs-answer__evidence">{a.evidence}</p>}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </section>
          ))}
        </section>
      ) : (
        <p className="muted">{isEducator ? 'The answers were not shared with you.' : 'The answers are not yours to see.'}</p>
      )}

      {(o.notes !== null || o.next_steps !== null) && (o.notes || o.next_steps || observer) ? (
        <section className="card stack stack--sm" aria-labelledby="obs-notes-title">
          <h2 id="obs-notes-title" className="card__title">Notes and next steps</h2>
          <h3 className="obs-section__title">Notes</h3>
          <p className="obs-prose">{o.notes || <span className="muted">No notes.</span>}</p>
          <h3 className="obs-section__title">Next steps</h3>
          <p className="obs-prose">{o.next_steps || <span className="muted">No next steps.</span>}</p>
          {/* The observer turns the next steps into action steps the educator follows through (issue 29, item 2). */}
          {observer && !draft && <StepsFromSource staff={o.educator} source={{ type: 'observation', id: o.id }} detail={o.next_steps} />}
        </section>
      ) : null}

      {o.private_notes !== undefined && (
        <section className="card stack stack--sm obs-private" aria-labelledby="obs-private-title">
          <h2 id="obs-private-title" className="card__title">Private notes</h2>
          <p className="muted text-sm">Only you see these.</p>
          <p className="obs-prose">{o.private_notes || <span className="muted">None.</span>}</p>
        </section>
      )}

      {!draft && (isEducator || o.shared) && (
        <section className="card stack stack--sm" aria-labelledby="obs-reflection-title">
          <h2 id="obs-reflection-title" className="card__title">{isEducator ? 'Your reflection' : `${o.educator.name}'s reflection`}</h2>
          {o.acknowledged_at ? (
            <>
              <p><span className="badge badge--success">Acknowledged {when.date(o.acknowledged_at)}</span></p>
              <p className="obs-prose">{o.reflection || <span className="muted">No reflection written.</span>}</p>
            </>
          ) : isEducator ? (
            <AcknowledgeForm id={o.id} observer={o.observer.name} />
          ) : (
            <p className="muted">Not acknowledged yet.</p>
          )}
        </section>
      )}

      {sharing && <ShareDialog observation={o} onClose={() => setSharing(false)} />}
      <ConfirmDialog open={deleting} danger busy={busy} title="Delete this observation?" confirmLabel="Delete observation"
        message={<p>{draft ? 'The draft is removed.' : `The observation of ${o.educator.name} is removed, with its interaction in Activity and the skill ratings it gave.`} This cannot be undone.</p>}
        onConfirm={() => void remove()} onCancel={() => setDeleting(false)} />
    </div>
  );
}

function sharedWhat(s: { answers: boolean; notes: boolean }): string {
  if (s.answers && s.notes) return 'the answers, notes and next steps';
  if (s.answers) return 'the answers';
  if (s.notes) return 'the notes and next steps';
  return 'nothing yet';
}

/**
 * The reader is the observed educator: without `see activity`, a login reads only the observations of
 * themselves shared with them (the server's rule), so anyone else who is not the observer reads as a leader.
 */
function educatorView(o: Observation, selfId: number, observes: boolean): boolean {
  return !observes && o.observer.id !== selfId && o.shared !== null;
}
