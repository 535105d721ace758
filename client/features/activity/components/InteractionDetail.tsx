// One interaction in a dialog: when, who, where, notes, custom field answers, who logged it; and
// what the caller may do with it (edit, duplicate, mark completed, cancel, delete with a confirmation).
import type { Locale } from 'date-fns';
import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import { type Interaction } from '../../../../common/schemas/interactions';
import { Alert } from '../../../components/Alert';
import { StepsFromSourceSection } from '../../../components/actionSteps/StepsFromSource';
import { Button } from '../../../components/Button';
import { InteractionStatusBadge, TypeSwatch } from '../../../components/InteractionItem';
import { ConfirmDialog, Modal } from '../../../components/Modal';
import { LoadingBlock } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { cancelInteraction, deleteInteraction, useInteraction } from '../../../lib/interactions';
import { useOutbox } from '../../../lib/outbox';
import { completeOrQueue } from '../../../lib/outboxSync';
import { asQueued } from '../../../lib/outboxView';
import { openOutboxPanel } from '../../../components/outbox/OutboxButton';
import { StateBadge } from '../../../components/outbox/StateBadge';
import { useAuthUser } from '../../../lib/session';
import { dayAsDate, formatMinutes, wallClock } from '../../../lib/zonedTime';
import { LockIcon } from './LogInteractionDialog';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  yes: { id: 'activity.yes', defaultMessage: 'Yes' },
  no: { id: 'activity.no', defaultMessage: 'No' },
  completedQueuedShort: { id: 'activity.completedQueuedShort', defaultMessage: 'Marked completed on this device: waiting to sync.' },
  markedCompleted: { id: 'activity.markedCompleted', defaultMessage: 'Interaction marked completed.' },
  cancelledToast: { id: 'activity.cancelledToast', defaultMessage: 'Interaction cancelled.' },
  deletedToast: { id: 'activity.deletedToast', defaultMessage: 'Interaction deleted.' },
  failed: { id: 'activity.failed', defaultMessage: 'Something went wrong. Please try again.' },
  interaction: { id: 'activity.interaction', defaultMessage: 'Interaction' },
  delete: { id: 'activity.delete', defaultMessage: 'Delete' },
  cancelInteraction: { id: 'activity.cancelInteraction', defaultMessage: 'Cancel interaction' },
  duplicate: { id: 'activity.duplicate', defaultMessage: 'Duplicate' },
  edit: { id: 'activity.edit', defaultMessage: 'Edit' },
  markCompleted: { id: 'activity.markCompleted', defaultMessage: 'Mark completed' },
  close: { id: 'activity.close', defaultMessage: 'Close' },
  notFound: { id: 'activity.notFound', defaultMessage: 'This interaction does not exist.' },
  loadFailed: { id: 'activity.loadOneFailed', defaultMessage: 'We could not load this interaction.' },
  maybeDeleted: { id: 'activity.maybeDeleted', defaultMessage: 'It may have been deleted.' },
  loadingOne: { id: 'activity.loadingOne', defaultMessage: 'Loading the interaction…' },
  needsCompleting: { id: 'activity.needsCompleting', defaultMessage: 'Needs completing' },
  needsText: { id: 'activity.needsOneText', defaultMessage: 'This interaction was scheduled for a time that has passed. Mark it completed, or edit it if it did not happen as planned.' },
  when: { id: 'activity.when', defaultMessage: 'When' },
  status: { id: 'activity.status', defaultMessage: 'Status' },
  coach: { id: 'activity.coach', defaultMessage: 'Coach' },
  educators: { id: 'activity.educators', defaultMessage: 'Educators' },
  none: { id: 'activity.none', defaultMessage: 'None' },
  group: { id: 'activity.group', defaultMessage: 'group' },
  groups: { id: 'activity.groups', defaultMessage: 'Groups' },
  school: { id: 'activity.school', defaultMessage: 'School' },
  notRecorded: { id: 'activity.notRecorded', defaultMessage: 'Not recorded' },
  coachingCycle: { id: 'activity.coachingCycle', defaultMessage: 'Coaching cycle' },
  focusSkills: { id: 'activity.focusSkills', defaultMessage: 'Focus skills' },
  archivedField: { id: 'activity.archivedField', defaultMessage: '(archived field)' },
  notesHidden: { id: 'activity.notesHidden', defaultMessage: 'Notes are visible only to the coach and the educators who took part (district privacy setting).' },
  notes: { id: 'activity.notes', defaultMessage: 'Notes' },
  noNotes: { id: 'activity.noNotes', defaultMessage: 'No notes.' },
  nextSteps: { id: 'activity.nextSteps', defaultMessage: 'Next steps' },
  privateNotes: { id: 'activity.privateNotes', defaultMessage: 'Private notes' },
  onlyYou: { id: 'activity.onlyYou', defaultMessage: 'Only you can see this.' },
  loggedByOn: { id: 'activity.loggedByOn', defaultMessage: 'Logged by {name} on {date}' },
  loggedOn: { id: 'activity.loggedOn', defaultMessage: 'Logged on {date}' },
  changedBy: { id: 'activity.changedBy', defaultMessage: ' · last changed by {name} on {date}' },
  deleteTitle: { id: 'activity.deleteTitle', defaultMessage: 'Delete this interaction?' },
  deleteBody: { id: 'activity.deleteBody', defaultMessage: 'It disappears from the activity log, reports and calendars. This cannot be undone here.' },
  deleteLabel: { id: 'activity.deleteLabel', defaultMessage: 'Delete interaction' },
  cancelTitle: { id: 'activity.cancelTitle', defaultMessage: 'Cancel this interaction?' },
  cancelBody: { id: 'activity.cancelBody', defaultMessage: 'It stays in the log marked cancelled, and its time no longer counts.' },
  keepIt: { id: 'activity.keepIt', defaultMessage: 'Keep it' },
  seeWhy: { id: 'activity.seeWhy', defaultMessage: 'See why' },
});

const QUEUED_KINDS = { update: 'interaction.update', complete: 'interaction.complete' } as const;

type Props = {
  id: number;
  timeZone: string;
  locale?: Locale;
  onClose: () => void;
  onEdit: (i: Interaction) => void;
  onDuplicate: (i: Interaction) => void;
  onDone: (message: string) => void;
};

function fieldAnswer(value: Interaction['field_values'][number]['value'], kind: string): string {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? t(m.yes) : t(m.no);
  if (kind === 'date' && typeof value === 'string') return formatDate(dayAsDate(value), undefined);
  return String(value);
}

/** Up to this many educators, a completed interaction offers "+ Action step" for each (a larger group: from each profile). */
const STEPS_PARTICIPANTS_MAX = 6;

export function InteractionDetail({ id, timeZone, locale, onClose, onEdit, onDuplicate, onDone }: Props) {
  const { data: fetched, error } = useInteraction(id);
  // Changed without a signal (issue 31): the person's version at once, marked until it syncs.
  const outbox = useOutbox();
  const queued = fetched ? asQueued(fetched, outbox, QUEUED_KINDS) : null;
  const i = queued?.record;
  const write = queued?.write ?? null;
  const { user } = useAuthUser();
  const [busy, setBusy] = useState<'complete' | 'cancel' | 'delete' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'delete' | 'cancel' | null>(null);

  async function act(kind: 'complete' | 'cancel' | 'delete') {
    if (!i) return;
    setBusy(kind);
    setActionError(null);
    try {
      // Completing without a signal waits in the outbox and syncs later (issue 31).
      const queued = kind === 'complete' && user ? (await completeOrQueue(user.id, i)).queued : false;
      if (kind === 'cancel') await cancelInteraction(i.id);
      if (kind === 'delete') await deleteInteraction(i.id);
      setConfirm(null);
      onDone(queued ? t(m.completedQueuedShort) : kind === 'complete' ? t(m.markedCompleted) : kind === 'cancel' ? t(m.cancelledToast) : t(m.deletedToast));
    } catch (err) {
      setConfirm(null);
      setActionError(err instanceof ApiError ? err.message : t(m.failed));
    } finally {
      setBusy(null);
    }
  }

  const title = i ? (
    <span className="detail-title">
      <TypeSwatch colour={i.interaction_type.colour} />
      {i.interaction_type.name}
    </span>
  ) : t(m.interaction);

  const when = i ? wallClock(i.starts_at, timeZone) : null;
  const ends = i ? wallClock(i.ends_at, timeZone) : null;

  return (
    <>
      <Modal
        open={confirm === null}
        title={title}
        onClose={onClose}
        dismissible={busy === null}
        className="modal--sheet interaction-detail"
        footer={i?.can_edit ? (
          <>
            <Button variant="ghost" className="log-dialog__delete" onClick={() => setConfirm('delete')} disabled={busy !== null}>{t(m.delete)}</Button>
            {i.status === 'scheduled' && (
              <Button variant="secondary" onClick={() => setConfirm('cancel')} disabled={busy !== null}>{t(m.cancelInteraction)}</Button>
            )}
            <Button variant="secondary" onClick={() => onDuplicate(i)} disabled={busy !== null}>{t(m.duplicate)}</Button>
            <Button variant={i.status === 'scheduled' ? 'secondary' : 'primary'} onClick={() => onEdit(i)} disabled={busy !== null}>{t(m.edit)}</Button>
            {i.status === 'scheduled' && (
              <Button onClick={() => void act('complete')} busy={busy === 'complete'}>{t(m.markCompleted)}</Button>
            )}
          </>
        ) : (
          <Button variant="secondary" onClick={onClose}>{t(m.close)}</Button>
        )}
      >
        {error && !i ? (
          <Alert tone="danger" title={error.status === 404 ? t(m.notFound) : t(m.loadFailed)}>
            <p>{error.status === 404 ? t(m.maybeDeleted) : error.message}</p>
          </Alert>
        ) : !i || !when || !ends ? (
          <LoadingBlock label={t(m.loadingOne)} />
        ) : (
          <div className="stack stack--sm detail">
            {actionError && <Alert tone="danger" title={actionError} />}
            {i.needs_completing && (
              <Alert tone="warning" title={t(m.needsCompleting)}>
                <p>{t(m.needsText)}</p>
              </Alert>
            )}
            <dl className="dl detail__facts">
              <dt>{t(m.when)}</dt>
              <dd>
                <time dateTime={i.starts_at}>{formatDate(when, locale, 'EEEE PP')}</time>
                <br />
                {formatDate(when, locale, 'p')} – {formatDate(ends, locale, 'p')} ({formatMinutes(i.duration_minutes)})
              </dd>
              <dt>{t(m.status)}</dt>
              <dd className="detail__status">
                <InteractionStatusBadge interaction={i} />
                {write && <StateBadge record={write} />}
                {write && (write.state === 'refused' || write.state === 'conflict') && (
                  <Button size="sm" variant="secondary" onClick={() => { onClose(); openOutboxPanel(write.id); }}>{t(m.seeWhy)}</Button>
                )}
              </dd>
              <dt>{t(m.coach)}</dt>
              <dd><Link to={`/app/coaches/${i.coach.id}`}>{i.coach.name}</Link></dd>
              <dt>{t(m.educators)}</dt>
              <dd>
                {i.participants.length === 0 ? <span className="muted">{t(m.none)}</span> : (
                  <ul className="detail__people">
                    {i.participants.map((p) => (
                      <li key={p.id}>
                        <Link to={`/app/staff/${p.id}`}>{p.name}</Link>
                        {p.group_id !== null && <span className="muted text-sm"> · {i.groups.find((g) => g.id === p.group_id)?.name ?? t(m.group)}</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              {i.groups.length > 0 && (
                <>
                  <dt>{t(m.groups)}</dt>
                  <dd>{i.groups.map((g) => g.name).join(', ')}</dd>
                </>
              )}
              <dt>{t(m.school)}</dt>
              <dd>{i.building?.name ?? <span className="muted">{t(m.notRecorded)}</span>}</dd>
              {i.coaching_cycle && (
                <>
                  <dt>{t(m.coachingCycle)}</dt>
                  <dd><Link to={`/app/coaching?tab=cycles&cycle=${i.coaching_cycle.id}`}>{i.coaching_cycle.title}</Link></dd>
                </>
              )}
              {i.focus_skills.length > 0 && (
                <>
                  <dt>{t(m.focusSkills)}</dt>
                  <dd>{i.focus_skills.map((k) => k.name).join(', ')}</dd>
                </>
              )}
              {i.field_values.map((fv) => (
                <Fragment key={fv.field_id}>
                  <dt>{fv.label}{fv.archived && <span className="muted text-sm"> {t(m.archivedField)}</span>}</dt>
                  <dd className="detail__text">{fieldAnswer(fv.value, fv.kind)}</dd>
                </Fragment>
              ))}
            </dl>
            {i.notes_hidden ? (
              <p className="muted text-sm detail__hidden">{t(m.notesHidden)}</p>
            ) : (
              <>
                <section aria-labelledby="detail-notes">
                  <h3 id="detail-notes" className="detail__heading">{t(m.notes)}</h3>
                  {i.notes ? <p className="detail__text">{i.notes}</p> : <p className="muted">{t(m.noNotes)}</p>}
                </section>
                {i.next_steps && (
                  <section aria-labelledby="detail-next">
                    <h3 id="detail-next" className="detail__heading">{t(m.nextSteps)}</h3>
                    <p className="detail__text">{i.next_steps}</p>
                  </section>
                )}
              </>
            )}
            {i.can_edit && i.status === 'completed' && i.participants.length > 0 && i.participants.length <= STEPS_PARTICIPANTS_MAX && (
              // What the coach and the educator agreed becomes a step the educator follows through (issue 29, item 2):
              // one educator's steps at a time (a group's members each have their own).
              <StepsFromSourceSection headingId="detail-steps" headingClassName="detail__heading" people={i.participants} source={{ type: 'interaction', id: i.id }} detail={i.next_steps} />
            )}
            {i.private_notes && (
              <section className="detail__private" aria-labelledby="detail-private">
                <h3 id="detail-private" className="detail__heading"><LockIcon /> {t(m.privateNotes)}</h3>
                <p className="text-sm muted">{t(m.onlyYou)}</p>
                <p className="detail__text">{i.private_notes}</p>
              </section>
            )}
            <p className="text-sm muted">
              {i.created_by
                ? t(m.loggedByOn, { name: i.created_by.name, date: formatDate(wallClock(i.created_at, timeZone), locale, 'PPp') })
                : t(m.loggedOn, { date: formatDate(wallClock(i.created_at, timeZone), locale, 'PPp') })}
              {i.updated_by && i.updated_at !== i.created_at ? t(m.changedBy, { name: i.updated_by.name, date: formatDate(wallClock(i.updated_at, timeZone), locale, 'PPp') }) : ''}
            </p>
          </div>
        )}
      </Modal>
      <ConfirmDialog
        open={confirm === 'delete'}
        title={t(m.deleteTitle)}
        message={<p>{t(m.deleteBody)}</p>}
        confirmLabel={t(m.deleteLabel)}
        danger
        busy={busy === 'delete'}
        onConfirm={() => void act('delete')}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'cancel'}
        title={t(m.cancelTitle)}
        message={<p>{t(m.cancelBody)}</p>}
        confirmLabel={t(m.cancelInteraction)}
        cancelLabel={t(m.keepIt)}
        busy={busy === 'cancel'}
        onConfirm={() => void act('cancel')}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}
