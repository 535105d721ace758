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
import { routeTitle } from '../../app/routeTitles';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { ConfirmDialog } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { ApiError } from '../../lib/api';
import { lazyPart } from '../../lib/lazyPart';
import { useOutbox } from '../../lib/outbox';
import { asQueued } from '../../lib/outboxView';
import { openOutboxPanel } from '../../components/outbox/OutboxButton';
import { StateBadge } from '../../components/outbox/StateBadge';
import { useAuthUser, useInstantFormat } from '../../lib/session';
import { formatMinutes } from '../../lib/zonedTime';
import type { OutboxRecord } from '../../lib/outboxRules';
import { type AnswerValue, type Observation, observationApi, useObservation } from './api';
import { type ObservationItem, sectionsOf, tallyText } from './capture';
import { AcknowledgeForm } from './components/AcknowledgeForm';
import { HeldChanges } from './components/HeldChanges';
import { ObservationStatusBadges as StatusBadges } from '../../components/ObservationItem';
import { StepsFromSource } from '../../components/actionSteps/StepsFromSource';
import { defineMessages, t, tRich, tText } from '../../lib/i18n';

const m = defineMessages({
  observations: { id: 'observations.observations', defaultMessage: 'Observations' },
  couldNotOpen: { id: 'observations.couldNotOpen', defaultMessage: 'We could not open this observation.' },
  loadingObservation: { id: 'observations.loadingObservation', defaultMessage: 'Loading the observation…' },
  ratingOf: { id: 'observations.ratingOf', defaultMessage: '{value} of {scale}' },
  deleted: { id: 'observations.deleted', defaultMessage: 'Observation deleted.' },
  failed: { id: 'observations.failed', defaultMessage: 'Something went wrong. Please try again.' },
  resume: { id: 'observations.resume', defaultMessage: 'Resume' },
  edit: { id: 'observations.edit', defaultMessage: 'Edit' },
  delete: { id: 'observations.delete', defaultMessage: 'Delete' },
  changeSharing: { id: 'observations.changeSharing', defaultMessage: 'Change sharing' },
  shareWith: { id: 'observations.shareWith', defaultMessage: 'Share with {name}' },
  about: { id: 'observations.about', defaultMessage: 'About this observation' },
  educator: { id: 'observations.educator', defaultMessage: 'Educator' },
  observed: { id: 'observations.observed', defaultMessage: 'Observed' },
  observer: { id: 'observations.observer', defaultMessage: 'Observer' },
  youName: { id: 'observations.youName', defaultMessage: '{name} (you)' },
  school: { id: 'observations.school', defaultMessage: 'School' },
  none: { id: 'observations.none', defaultMessage: 'None' },
  form: { id: 'observations.form', defaultMessage: 'Form' },
  formVersion: { id: 'observations.formVersion', defaultMessage: '{name} (version {version})' },
  status: { id: 'observations.status', defaultMessage: 'Status' },
  sharedLabel: { id: 'observations.sharedLabel', defaultMessage: 'Shared' },
  sharedOn: { id: 'observations.sharedOn', defaultMessage: 'Shared {date}' },
  sharedOnWhat: { id: 'observations.sharedOnWhat', defaultMessage: 'Shared {date}: {what}' },
  acknowledgedLabel: { id: 'observations.acknowledgedLabel', defaultMessage: 'Acknowledged' },
  acknowledgedOn: { id: 'observations.acknowledgedOn', defaultMessage: 'Acknowledged {date}' },
  partOfCalibration: { id: 'observations.partOfCalibration', defaultMessage: 'Part of calibration session <link>{title}</link>' },
  draftTitle: { id: 'observations.draftTitle', defaultMessage: 'This is a draft.' },
  draftText: { id: 'observations.draftText', defaultMessage: 'Only you see it; it is not counted until you complete it.' },
  answers: { id: 'observations.answers', defaultMessage: 'Answers' },
  tallyNote: { id: 'observations.tallyNote', defaultMessage: '(look-fors, not applicable left out)' },
  items: { id: 'observations.items', defaultMessage: 'Items' },
  notAnswered: { id: 'observations.notAnswered', defaultMessage: 'Not answered' },
  answersNotShared: { id: 'observations.answersNotShared', defaultMessage: 'The answers were not shared with you.' },
  answersNotYours: { id: 'observations.answersNotYours', defaultMessage: 'The answers are not yours to see.' },
  notesAndNextSteps: { id: 'observations.notesAndNextSteps', defaultMessage: 'Notes and next steps' },
  notes: { id: 'observations.notes', defaultMessage: 'Notes' },
  noNotes: { id: 'observations.noNotes', defaultMessage: 'No notes.' },
  nextSteps: { id: 'observations.nextSteps', defaultMessage: 'Next steps' },
  noNextSteps: { id: 'observations.noNextSteps', defaultMessage: 'No next steps.' },
  privateNotes: { id: 'observations.privateNotes', defaultMessage: 'Private notes' },
  privateHint: { id: 'observations.privateHint', defaultMessage: 'Only you see these.' },
  noneDot: { id: 'observations.noneDot', defaultMessage: 'None.' },
  yourReflection: { id: 'observations.yourReflection', defaultMessage: 'Your reflection' },
  theirReflection: { id: 'observations.theirReflection', defaultMessage: '{name}\'s reflection' },
  noReflection: { id: 'observations.noReflection', defaultMessage: 'No reflection written.' },
  notAcknowledgedYet: { id: 'observations.notAcknowledgedYet', defaultMessage: 'Not acknowledged yet.' },
  deleteTitle: { id: 'observations.deleteTitle', defaultMessage: 'Delete this observation?' },
  deleteLabel: { id: 'observations.deleteLabel', defaultMessage: 'Delete observation' },
  deleteDraft: { id: 'observations.deleteDraft', defaultMessage: 'The draft is removed.' },
  deleteCompleted: { id: 'observations.deleteCompleted', defaultMessage: 'The observation of {name} is removed, with its interaction in Activity and the skill ratings it gave.' },
  cannotUndo: { id: 'observations.cannotUndo', defaultMessage: 'This cannot be undone.' },
  sharedAll: { id: 'observations.sharedAll', defaultMessage: 'the answers, notes and next steps' },
  sharedAnswers: { id: 'observations.sharedAnswers', defaultMessage: 'the answers' },
  sharedNotes: { id: 'observations.sharedNotes', defaultMessage: 'the notes and next steps' },
  sharedNothing: { id: 'observations.sharedNothing', defaultMessage: 'nothing yet' },
  seeWhy: { id: 'observations.seeWhy', defaultMessage: 'See why' },
});

const QUEUED_KINDS = { update: 'observation.update' } as const;

const ShareDialog = lazyPart('ShareDialog', () => import('./components/ShareDialog').then((m) => m.ShareDialog));

export default function ObservationScreen({ route }: ScreenProps) {
  const { id } = useParams();
  const observationId = Number(id) || null;
  const { data: fetched, error } = useObservation(observationId);
  const { user } = useAuthUser();
  // Edited without a signal (issue 31): the person's version at once, marked until it syncs.
  const outbox = useOutbox();
  const queued = fetched ? asQueued(fetched, outbox, QUEUED_KINDS) : null;
  const data = queued?.record;
  const crumbs = [{ label: t(m.observations), to: '/app/observations' }, { label: routeTitle(route) }];
  if (error && !data) {
    return (
      <div className="stack obs-page">
        <PageHeader title={routeTitle(route)} breadcrumbs={crumbs} />
        <Alert tone="danger" title={t(m.couldNotOpen)}><p>{error.message}</p></Alert>
      </div>
    );
  }
  if (!data || !user) return <LoadingBlock label={t(m.loadingObservation)} />;
  return <Detail o={data} write={queued?.write ?? null} selfId={user.id} observes={hasPermission(user.security.permissions, PERMISSIONS.seeActivity)} />;
}

function answerText(item: ObservationItem, value: AnswerValue): string {
  if (value === null || value === undefined || value === '') return '';
  switch (item.kind) {
    case 'look_for':
      return LOOK_FOR_LABELS[value as LookForValue] ? tText(LOOK_FOR_LABELS[value as LookForValue]) : String(value);
    case 'rating':
      return t(m.ratingOf, { value: String(value), scale: item.scale ?? 4 });
    case 'choice':
      return Array.isArray(value) ? value.join(', ') : String(value);
    default:
      return String(value);
  }
}

const LOOK_FOR_TONE: Record<string, string> = { yes: 'badge--success', no: 'badge--neutral', na: 'badge--neutral' };

function Detail({ o, write, selfId, observes }: { o: Observation; write: OutboxRecord | null; selfId: number; observes: boolean }) {
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
      toast.success(t(m.deleted));
      navigate('/app/observations', { replace: true });
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : t(m.failed));
      setBusy(false);
      setDeleting(false);
    }
  }

  const actions = observer ? (
    <>
      <ButtonLink variant="secondary" to={`/app/observations/${o.id}/edit`}>{draft ? t(m.resume) : t(m.edit)}</ButtonLink>
      <Button variant="secondary" onClick={() => setDeleting(true)}>{t(m.delete)}</Button>
      {!draft && <Button onClick={() => setSharing(true)}>{o.shared ? t(m.changeSharing) : t(m.shareWith, { name: o.educator.name })}</Button>}
    </>
  ) : undefined;

  return (
    <div className="stack stack--lg obs-page obs-detail">
      <PageHeader title={title} breadcrumbs={[{ label: t(m.observations), to: '/app/observations' }, { label: title }]} actions={actions} />

      {/* A completed observation's changes its closed tab kept, not saved (issue 31): first, where a phone shows it. */}
      {!draft && observer && <HeldChanges observationId={o.id} userId={selfId} />}

      <section className="card obs-facts" aria-label={t(m.about)}>
        <dl className="obs-facts__list">
          <div><dt>{t(m.educator)}</dt><dd>{o.educator.name}</dd></div>
          <div><dt>{t(m.observed)}</dt><dd>{when.dateTime(o.observed_at)} · {formatMinutes(o.duration_minutes)}</dd></div>
          <div><dt>{t(m.observer)}</dt><dd>{observer ? t(m.youName, { name: o.observer.name }) : o.observer.name}</dd></div>
          <div><dt>{t(m.school)}</dt><dd>{o.school?.name ?? t(m.none)}</dd></div>
          <div><dt>{t(m.form)}</dt><dd>{o.form.version > 1 ? t(m.formVersion, { name: o.form.name, version: o.form.version }) : o.form.name}</dd></div>
          <div>
            <dt>{t(m.status)}</dt>
            <dd className="obs-facts__status">
              <StatusBadges observation={o} />
              {write && <StateBadge record={write} />}
              {write && (write.state === 'refused' || write.state === 'conflict') && (
                <Button size="sm" variant="secondary" onClick={() => openOutboxPanel(write.id)}>{t(m.seeWhy)}</Button>
              )}
            </dd>
          </div>
          {o.shared && <div><dt>{t(m.sharedLabel)}</dt><dd>{observer ? t(m.sharedOnWhat, { date: when.date(o.shared.at), what: sharedWhat(o.shared) }) : t(m.sharedOn, { date: when.date(o.shared.at) })}</dd></div>}
          {o.acknowledged_at && <div><dt>{t(m.acknowledgedLabel)}</dt><dd>{t(m.acknowledgedOn, { date: when.date(o.acknowledged_at) })}</dd></div>}
        </dl>
        {o.calibration && (
          <p className="obs-facts__calibration">
            {tRich(m.partOfCalibration, { title: o.calibration.title, link: (chunks) => <Link to={`/app/observations/calibration/${o.calibration!.id}`}>{chunks}</Link> })}
          </p>
        )}
      </section>

      {draft && observer && (
        <Alert tone="warning" title={t(m.draftTitle)}>
          <p>{t(m.draftText)}</p>
        </Alert>
      )}

      {o.answers ? (
        <section className="card stack obs-answers" aria-labelledby="obs-answers-title">
          <header className="cluster cluster--between">
            <h2 id="obs-answers-title" className="card__title">{t(m.answers)}</h2>
            {tally && <p className="obs-tally"><strong>{tally}</strong> <span className="muted text-sm">{t(m.tallyNote)}</span></p>}
          </header>
          {sectionsOf(o.items).map((group, g) => (
            <section key={g} className="stack stack--sm" aria-label={group.section ?? t(m.items)}>
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
                          : <span className="muted">{t(m.notAnswered)}</span>}
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
        <p className="muted">{isEducator ? t(m.answersNotShared) : t(m.answersNotYours)}</p>
      )}

      {(o.notes !== null || o.next_steps !== null) && (o.notes || o.next_steps || observer) ? (
        <section className="card stack stack--sm" aria-labelledby="obs-notes-title">
          <h2 id="obs-notes-title" className="card__title">{t(m.notesAndNextSteps)}</h2>
          <h3 className="obs-section__title">{t(m.notes)}</h3>
          <p className="obs-prose">{o.notes || <span className="muted">{t(m.noNotes)}</span>}</p>
          <h3 className="obs-section__title">{t(m.nextSteps)}</h3>
          <p className="obs-prose">{o.next_steps || <span className="muted">{t(m.noNextSteps)}</span>}</p>
          {/* The observer turns the next steps into action steps the educator follows through (issue 29, item 2). */}
          {observer && !draft && <StepsFromSource staff={o.educator} source={{ type: 'observation', id: o.id }} detail={o.next_steps} />}
        </section>
      ) : null}

      {o.private_notes !== undefined && (
        <section className="card stack stack--sm obs-private" aria-labelledby="obs-private-title">
          <h2 id="obs-private-title" className="card__title">{t(m.privateNotes)}</h2>
          <p className="muted text-sm">{t(m.privateHint)}</p>
          <p className="obs-prose">{o.private_notes || <span className="muted">{t(m.noneDot)}</span>}</p>
        </section>
      )}

      {!draft && (isEducator || o.shared) && (
        <section className="card stack stack--sm" aria-labelledby="obs-reflection-title">
          <h2 id="obs-reflection-title" className="card__title">{isEducator ? t(m.yourReflection) : t(m.theirReflection, { name: o.educator.name })}</h2>
          {o.acknowledged_at ? (
            <>
              <p><span className="badge badge--success">{t(m.acknowledgedOn, { date: when.date(o.acknowledged_at) })}</span></p>
              <p className="obs-prose">{o.reflection || <span className="muted">{t(m.noReflection)}</span>}</p>
            </>
          ) : isEducator ? (
            <AcknowledgeForm id={o.id} observer={o.observer.name} />
          ) : (
            <p className="muted">{t(m.notAcknowledgedYet)}</p>
          )}
        </section>
      )}

      {sharing && <ShareDialog observation={o} onClose={() => setSharing(false)} />}
      <ConfirmDialog open={deleting} danger busy={busy} title={t(m.deleteTitle)} confirmLabel={t(m.deleteLabel)}
        message={<p>{draft ? t(m.deleteDraft) : t(m.deleteCompleted, { name: o.educator.name })} {t(m.cannotUndo)}</p>}
        onConfirm={() => void remove()} onCancel={() => setDeleting(false)} />
    </div>
  );
}

function sharedWhat(s: { answers: boolean; notes: boolean }): string {
  if (s.answers && s.notes) return t(m.sharedAll);
  if (s.answers) return t(m.sharedAnswers);
  if (s.notes) return t(m.sharedNotes);
  return t(m.sharedNothing);
}

/**
 * The reader is the observed educator: without `see activity`, a login reads only the observations of
 * themselves shared with them (the server's rule), so anyone else who is not the observer reads as a leader.
 */
function educatorView(o: Observation, selfId: number, observes: boolean): boolean {
  return !observes && o.observer.id !== selfId && o.shared !== null;
}
