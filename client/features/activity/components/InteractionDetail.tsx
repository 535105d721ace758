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
import { completeOrQueue } from '../../../lib/outboxSync';
import { useAuthUser } from '../../../lib/session';
import { dayAsDate, formatMinutes, wallClock } from '../../../lib/zonedTime';
import { LockIcon } from './LogInteractionDialog';

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
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (kind === 'date' && typeof value === 'string') return formatDate(dayAsDate(value), undefined);
  return String(value);
}

/** Up to this many educators, a completed interaction offers "+ Action step" for each (a larger group: from each profile). */
const STEPS_PARTICIPANTS_MAX = 6;

export function InteractionDetail({ id, timeZone, locale, onClose, onEdit, onDuplicate, onDone }: Props) {
  const { data: i, error } = useInteraction(id);
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
      onDone(queued ? 'Marked completed on this device: waiting to sync.' : kind === 'complete' ? 'Interaction marked completed.' : kind === 'cancel' ? 'Interaction cancelled.' : 'Interaction deleted.');
    } catch (err) {
      setConfirm(null);
      setActionError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  const title = i ? (
    <span className="detail-title">
      <TypeSwatch colour={i.interaction_type.colour} />
      {i.interaction_type.name}
    </span>
  ) : 'Interaction';

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
            <Button variant="ghost" className="log-dialog__delete" onClick={() => setConfirm('delete')} disabled={busy !== null}>Delete</Button>
            {i.status === 'scheduled' && (
              <Button variant="secondary" onClick={() => setConfirm('cancel')} disabled={busy !== null}>Cancel interaction</Button>
            )}
            <Button variant="secondary" onClick={() => onDuplicate(i)} disabled={busy !== null}>Duplicate</Button>
            <Button variant={i.status === 'scheduled' ? 'secondary' : 'primary'} onClick={() => onEdit(i)} disabled={busy !== null}>Edit</Button>
            {i.status === 'scheduled' && (
              <Button onClick={() => void act('complete')} busy={busy === 'complete'}>Mark completed</Button>
            )}
          </>
        ) : (
          <Button variant="secondary" onClick={onClose}>Close</Button>
        )}
      >
        {error && !i ? (
          <Alert tone="danger" title={error.status === 404 ? 'This interaction does not exist.' : 'We could not load this interaction.'}>
            <p>{error.status === 404 ? 'It may have been deleted.' : error.message}</p>
          </Alert>
        ) : !i || !when || !ends ? (
          <LoadingBlock label="Loading the interaction…" />
        ) : (
          <div className="stack stack--sm detail">
            {actionError && <Alert tone="danger" title={actionError} />}
            {i.needs_completing && (
              <Alert tone="warning" title="Needs completing">
                <p>This interaction was scheduled for a time that has passed. Mark it completed, or edit it if it did not happen as planned.</p>
              </Alert>
            )}
            <dl className="dl detail__facts">
              <dt>When</dt>
              <dd>
                <time dateTime={i.starts_at}>{formatDate(when, locale, 'EEEE PP')}</time>
                <br />
                {formatDate(when, locale, 'p')} – {formatDate(ends, locale, 'p')} ({formatMinutes(i.duration_minutes)})
              </dd>
              <dt>Status</dt>
              <dd><InteractionStatusBadge interaction={i} /></dd>
              <dt>Coach</dt>
              <dd><Link to={`/app/coaches/${i.coach.id}`}>{i.coach.name}</Link></dd>
              <dt>Educators</dt>
              <dd>
                {i.participants.length === 0 ? <span className="muted">None</span> : (
                  <ul className="detail__people">
                    {i.participants.map((p) => (
                      <li key={p.id}>
                        <Link to={`/app/staff/${p.id}`}>{p.name}</Link>
                        {p.group_id !== null && <span className="muted text-sm"> · {i.groups.find((g) => g.id === p.group_id)?.name ?? 'group'}</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              {i.groups.length > 0 && (
                <>
                  <dt>Groups</dt>
                  <dd>{i.groups.map((g) => g.name).join(', ')}</dd>
                </>
              )}
              <dt>School</dt>
              <dd>{i.building?.name ?? <span className="muted">Not recorded</span>}</dd>
              {i.coaching_cycle && (
                <>
                  <dt>Coaching cycle</dt>
                  <dd><Link to={`/app/coaching?tab=cycles&cycle=${i.coaching_cycle.id}`}>{i.coaching_cycle.title}</Link></dd>
                </>
              )}
              {i.focus_skills.length > 0 && (
                <>
                  <dt>Focus skills</dt>
                  <dd>{i.focus_skills.map((k) => k.name).join(', ')}</dd>
                </>
              )}
              {i.field_values.map((fv) => (
                <Fragment key={fv.field_id}>
                  <dt>{fv.label}{fv.archived && <span className="muted text-sm"> (archived field)</span>}</dt>
                  <dd className="detail__text">{fieldAnswer(fv.value, fv.kind)}</dd>
                </Fragment>
              ))}
            </dl>
            {i.notes_hidden ? (
              <p className="muted text-sm detail__hidden">Notes are visible only to the coach and the educators who took part (district privacy setting).</p>
            ) : (
              <>
                <section aria-labelledby="detail-notes">
                  <h3 id="detail-notes" className="detail__heading">Notes</h3>
                  {i.notes ? <p className="detail__text">{i.notes}</p> : <p className="muted">No notes.</p>}
                </section>
                {i.next_steps && (
                  <section aria-labelledby="detail-next">
                    <h3 id="detail-next" className="detail__heading">Next steps</h3>
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
                <h3 id="detail-private" className="detail__heading"><LockIcon /> Private notes</h3>
                <p className="text-sm muted">Only you can see this.</p>
                <p className="detail__text">{i.private_notes}</p>
              </section>
            )}
            <p className="text-sm muted">
              {i.created_by ? `Logged by ${i.created_by.name}` : 'Logged'} on {formatDate(wallClock(i.created_at, timeZone), locale, 'PPp')}
              {i.updated_by && i.updated_at !== i.created_at ? ` · last changed by ${i.updated_by.name} on ${formatDate(wallClock(i.updated_at, timeZone), locale, 'PPp')}` : ''}
            </p>
          </div>
        )}
      </Modal>
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete this interaction?"
        message={<p>It disappears from the activity log, reports and calendars. This cannot be undone here.</p>}
        confirmLabel="Delete interaction"
        danger
        busy={busy === 'delete'}
        onConfirm={() => void act('delete')}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'cancel'}
        title="Cancel this interaction?"
        message={<p>It stays in the log marked cancelled, and its time no longer counts.</p>}
        confirmLabel="Cancel interaction"
        cancelLabel="Keep it"
        busy={busy === 'cancel'}
        onConfirm={() => void act('cancel')}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}
