// One cycle's page, as a dialog over the board (?cycle={id} in the URL): goal, educators, focus skills,
// the timeline of stages, linked interactions, evidence notes, and the actions (next stage, a chosen
// stage, complete with an outcome, cancel, delete).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  CYCLE_OUTCOME_LABELS, CYCLE_OUTCOMES, CYCLE_STATUS_LABELS, type Cycle, type CycleOutcome, type CycleStage,
} from '../../../../../common/schemas/cycles';
import { Alert } from '../../../../components/Alert';
import { Button } from '../../../../components/Button';
import { SelectField, TextAreaField } from '../../../../components/Field';
import { ConfirmDialog, Modal } from '../../../../components/Modal';
import { LoadingBlock } from '../../../../components/Spinner';
import { useToast } from '../../../../components/Toasts';
import { ApiError } from '../../../../lib/api';
import { cycleApi, useCycle } from '../../../../lib/cycles';
import { useInstantFormat } from '../../../../lib/session';
import { formatDay } from '../../../../lib/dates';
import { DueBadge, StatusBadge } from '../../../../components/CycleBadges';
import { StepsFromSourceSection } from '../../../../components/actionSteps/StepsFromSource';

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

function Timeline({ cycle }: { cycle: Cycle }) {
  return (
    <ol className="cyc-timeline">
      {cycle.history.map((h, i) => (
        <li key={`${h.stage.id}-${i}`} className={['cyc-timeline__item', h.left_on === null && 'cyc-timeline__item--current'].filter(Boolean).join(' ')}>
          <span className="cyc-timeline__dot" aria-hidden="true" />
          <div>
            <p className="cyc-timeline__name">
              {h.stage.name}
              {h.stage.archived && <span className="badge badge--neutral cyc-badge">Archived stage</span>}
              {h.left_on === null && cycle.status !== 'completed' && cycle.status !== 'cancelled' && <span className="badge badge--primary cyc-badge">Current</span>}
            </p>
            <p className="cyc-timeline__dates">
              Entered {formatDay(h.entered_on)}{h.left_on ? ` · left ${formatDay(h.left_on)}` : ''}
            </p>
          </div>
        </li>
      ))}
      {cycle.status === 'completed' && (
        <li className="cyc-timeline__item cyc-timeline__item--end">
          <span className="cyc-timeline__dot" aria-hidden="true" />
          <div>
            <p className="cyc-timeline__name">Completed: {cycle.outcome ? CYCLE_OUTCOME_LABELS[cycle.outcome] : ''}</p>
            <p className="cyc-timeline__dates">{formatDay(cycle.completed_on)}</p>
          </div>
        </li>
      )}
    </ol>
  );
}

function Notes({ cycle }: { cycle: Cycle }) {
  const toast = useToast();
  const when = useInstantFormat();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string[] | undefined>();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<{ id: number; body: string } | null>(null);
  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await cycleApi.addNote(cycle.id, body);
      setBody('');
      setError(undefined);
      toast.success('Your note has been added.');
    } catch (err) {
      setError(err instanceof ApiError ? err.errors?.body ?? [err.message] : ['We could not add the note. Please try again.']);
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    if (!editing) return;
    try {
      await cycleApi.updateNote(cycle.id, editing.id, editing.body);
      setEditing(null);
      toast.success('Your note has been saved.');
    } catch (err) {
      toast.error(errorText(err, 'We could not save the note.'));
    }
  };
  const remove = async (noteId: number) => {
    try {
      await cycleApi.deleteNote(cycle.id, noteId);
      toast.success('Your note has been deleted.');
    } catch (err) {
      toast.error(errorText(err, 'We could not delete the note.'));
    }
  };
  return (
    <section className="stack stack--sm" aria-labelledby="cyc-notes-title">
      <h3 id="cyc-notes-title" className="cyc-panel__heading">Evidence notes</h3>
      {cycle.notes.length === 0 && <p className="muted">No notes yet.</p>}
      <ul className="cyc-notes">
        {cycle.notes.map((n) => (
          <li key={n.id} className="cyc-note">
            <p className="cyc-note__meta">{n.author?.name ?? 'Someone'} · {when.dateTime(n.created_at)}</p>
            {editing?.id === n.id ? (
              <div className="stack stack--sm">
                <TextAreaField label="Edit note" name={`note-${n.id}`} value={editing.body} onChange={(v) => setEditing({ id: n.id, body: v })} rows={3} />
                <div className="cluster">
                  <Button size="sm" onClick={save}>Save note</Button>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(null)}>Cancel</Button>
                </div>
              </div>
            ) : n.hidden ? (
              <p className="muted cyc-note__hidden">Only the coach, the author and the educators in this cycle can read this note.</p>
            ) : (
              <p className="cyc-note__body">{n.body}</p>
            )}
            {n.can_edit && editing?.id !== n.id && (
              <div className="cluster">
                <Button size="sm" variant="ghost" onClick={() => setEditing({ id: n.id, body: n.body ?? '' })}>Edit<span className="sr-only"> note</span></Button>
                <Button size="sm" variant="ghost" className="cys-danger" onClick={() => remove(n.id)}>Delete<span className="sr-only"> note</span></Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {cycle.can_edit && (
        <form className="stack stack--sm" onSubmit={add} noValidate>
          <TextAreaField label="Add a note" name="note" value={body} onChange={setBody} rows={3} error={error}
            hint="What you saw, what the educator tried, what changed for students." />
          <div><Button type="submit" size="sm" busy={busy}>Add note</Button></div>
        </form>
      )}
    </section>
  );
}

function CompleteForm({ cycle, onDone }: { cycle: Cycle; onDone: () => void }) {
  const toast = useToast();
  const [outcome, setOutcome] = useState<CycleOutcome | ''>('');
  const [reflection, setReflection] = useState('');
  const [error, setError] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await cycleApi.complete(cycle.id, { outcome: outcome as CycleOutcome, reflection });
      toast.success(`${cycle.title} is complete.`);
      onDone();
    } catch (err) {
      setError(err instanceof ApiError ? err.errors ?? { outcome: [err.message] } : {});
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card card--flat stack stack--sm" onSubmit={submit} noValidate aria-labelledby="cyc-complete-title">
      <h3 id="cyc-complete-title" className="cyc-panel__heading">Complete the cycle</h3>
      <fieldset className="cyc-outcomes" aria-describedby={error.outcome ? 'cyc-outcome-error' : undefined}>
        <legend className="field__label">Outcome</legend>
        {CYCLE_OUTCOMES.map((o) => (
          <label key={o} className="cyc-outcome">
            <input type="radio" name="outcome" value={o} checked={outcome === o} onChange={() => setOutcome(o)} />
            {CYCLE_OUTCOME_LABELS[o]}
          </label>
        ))}
        {error.outcome && <p id="cyc-outcome-error" className="field__error">{error.outcome[0]}</p>}
      </fieldset>
      <TextAreaField label="Reflection" name="reflection" value={reflection} onChange={setReflection} rows={3}
        hint="What worked, what you would change, what comes next." error={error.reflection} />
      <div className="cluster">
        <Button type="submit" busy={busy}>Complete cycle</Button>
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

export function CyclePanel({ id, stages, onClose }: { id: number; stages: CycleStage[]; onClose: () => void }) {
  const toast = useToast();
  const when = useInstantFormat();
  const { data: cycle, error, isLoading } = useCycle(id);
  const [completing, setCompleting] = useState(false);
  const [confirm, setConfirm] = useState<'cancel' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const [target, setTarget] = useState('');
  useEffect(() => { setCompleting(false); setTarget(''); }, [id]);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      return true;
    } catch (err) {
      toast.error(errorText(err, 'We could not change this cycle. Please try again.'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const open = cycle && (cycle.status === 'planned' || cycle.status === 'active');
  const stageOptions = stages.filter((s) => !s.archived && s.id !== cycle?.stage?.id).map((s) => ({ value: String(s.id), label: s.name }));

  return (
    <Modal open onClose={onClose} size="lg" title={cycle?.title ?? 'Coaching cycle'} className="cyc-panel">
      {isLoading && <LoadingBlock label="Loading the cycle…" />}
      {error && <Alert tone="danger" title="We could not load this cycle">{error.message}</Alert>}
      {cycle && (
        <div className="stack">
          <div className="cyc-panel__badges">
            <StatusBadge cycle={cycle} />
            {cycle.stage && <span className="badge badge--neutral">Stage: {cycle.stage.name}</span>}
            <DueBadge cycle={cycle} />
          </div>
          <dl className="dl cyc-panel__facts">
            <dt>Educators</dt>
            <dd>
              {cycle.educators.length === 0 ? '—' : cycle.educators.map((e, i) => (
                <span key={e.id}>{i > 0 && ', '}<Link to={`/app/staff/${e.id}`}>{e.name}</Link></span>
              ))}
            </dd>
            <dt>Coach</dt><dd>{cycle.coach.name}</dd>
            <dt>Dates</dt><dd>Started {formatDay(cycle.start_date)}{cycle.target_end_date ? ` · target end ${formatDay(cycle.target_end_date)}` : ''}</dd>
            {cycle.focus_skills.length > 0 && <><dt>Focus skills</dt><dd>{cycle.focus_skills.map((s) => s.name).join(', ')}</dd></>}
            <dt>Status</dt><dd>{CYCLE_STATUS_LABELS[cycle.status]}</dd>
          </dl>
          {cycle.goal && (
            <section aria-labelledby="cyc-goal-title">
              <h3 id="cyc-goal-title" className="cyc-panel__heading">Goal</h3>
              <p className="cyc-panel__goal">{cycle.goal}</p>
            </section>
          )}
          {/* The coach sets action steps from the cycle's goal, per educator (issue 29, item 2). */}
          {cycle.can_edit && open && cycle.educators.length > 0 && (
            <StepsFromSourceSection headingId="cyc-steps-title" headingClassName="cyc-panel__heading" people={cycle.educators} source={{ type: 'cycle', id: cycle.id }} />
          )}
          {cycle.status === 'completed' && cycle.reflection && (
            <section aria-labelledby="cyc-reflection-title">
              <h3 id="cyc-reflection-title" className="cyc-panel__heading">Reflection</h3>
              <p className="cyc-panel__goal">{cycle.reflection}</p>
            </section>
          )}

          {cycle.can_edit && open && !completing && (
            <div className="cyc-panel__actions">
              {cycle.next_stage ? (
                <Button busy={busy} onClick={() => run(() => cycleApi.advance(cycle.id), `${cycle.title} moved to ${cycle.next_stage!.name}.`)}>
                  Move to next stage: {cycle.next_stage.name}
                </Button>
              ) : (
                <Button onClick={() => setCompleting(true)}>Complete cycle</Button>
              )}
              {stageOptions.length > 0 && (
                <div className="cyc-panel__moveto">
                  <SelectField label="Move to stage" name="move_to" value={target} onChange={setTarget} options={stageOptions} placeholder="Choose a stage…" />
                  <Button variant="secondary" disabled={!target || busy}
                    onClick={async () => { if (await run(() => cycleApi.moveTo(cycle.id, Number(target)), 'The cycle has been moved.')) setTarget(''); }}>
                    Move
                  </Button>
                </div>
              )}
              {cycle.next_stage && <Button variant="secondary" onClick={() => setCompleting(true)}>Complete cycle</Button>}
              <Button variant="ghost" onClick={() => setConfirm('cancel')}>Cancel cycle</Button>
            </div>
          )}
          {completing && <CompleteForm cycle={cycle} onDone={() => setCompleting(false)} />}

          <section aria-labelledby="cyc-timeline-title">
            <h3 id="cyc-timeline-title" className="cyc-panel__heading">Timeline</h3>
            <Timeline cycle={cycle} />
          </section>

          <section aria-labelledby="cyc-interactions-title">
            <h3 id="cyc-interactions-title" className="cyc-panel__heading">Linked interactions</h3>
            {cycle.interactions.length === 0 ? (
              <p className="muted">No interactions are linked yet. Choose this cycle when you log an interaction.</p>
            ) : (
              <ul className="cyc-links">
                {cycle.interactions.map((i) => (
                  <li key={i.id}>
                    <span className="cyc-links__type">{i.interaction_type.name}</span> · {when.dateTime(i.starts_at)} · {i.duration_minutes} min · {i.coach.name}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <Notes cycle={cycle} />

          {cycle.can_edit && (
            <div>
              <Button variant="ghost" className="cys-danger" onClick={() => setConfirm('delete')}>Delete cycle</Button>
            </div>
          )}
          <ConfirmDialog
            open={confirm !== null}
            title={confirm === 'delete' ? `Delete ${cycle.title}?` : `Cancel ${cycle.title}?`}
            message={confirm === 'delete'
              ? 'The cycle disappears from every list. Interactions linked to it are kept.'
              : 'The cycle stops where it is and keeps its history. It cannot be reopened.'}
            confirmLabel={confirm === 'delete' ? 'Delete cycle' : 'Cancel cycle'}
            cancelLabel="Keep it"
            danger
            busy={busy}
            onConfirm={async () => {
              const what = confirm;
              const ok = await run(() => (what === 'delete' ? cycleApi.remove(cycle.id) : cycleApi.cancel(cycle.id)),
                what === 'delete' ? `${cycle.title} has been deleted.` : `${cycle.title} has been cancelled.`);
              setConfirm(null);
              if (ok && what === 'delete') onClose();
            }}
            onCancel={() => setConfirm(null)}
          />
        </div>
      )}
    </Modal>
  );
}
