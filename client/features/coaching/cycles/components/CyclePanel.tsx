// One cycle's page, as a dialog over the board (?cycle={id} in the URL): goal, educators, focus skills,
// the timeline of stages, linked interactions, evidence notes, and the actions (next stage, a chosen
// stage, complete with an outcome, cancel, delete).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  CYCLE_OUTCOME_LABELS, CYCLE_OUTCOMES, type Cycle, type CycleOutcome, type CycleStage,
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
import { cycleStatusLabel, DueBadge, StatusBadge } from '../../../../components/CycleBadges';
import { StepsFromSourceSection } from '../../../../components/actionSteps/StepsFromSource';
import { defineMessages, t, tRich, tText } from '../../../../lib/i18n';

const m = defineMessages({
  archivedStage: { id: 'coaching.panel.archivedStage', defaultMessage: 'Archived stage' },
  current: { id: 'coaching.panel.current', defaultMessage: 'Current' },
  entered: { id: 'coaching.panel.entered', defaultMessage: 'Entered {date}' },
  enteredLeft: { id: 'coaching.panel.enteredLeft', defaultMessage: 'Entered {date} · left {left}' },
  completedOutcome: { id: 'coaching.panel.completedOutcome', defaultMessage: 'Completed: {outcome}' },
  noteAdded: { id: 'coaching.panel.noteAdded', defaultMessage: 'Your note has been added.' },
  noteAddFailed: { id: 'coaching.panel.noteAddFailed', defaultMessage: 'We could not add the note. Please try again.' },
  noteSaved: { id: 'coaching.panel.noteSaved', defaultMessage: 'Your note has been saved.' },
  noteSaveFailed: { id: 'coaching.panel.noteSaveFailed', defaultMessage: 'We could not save the note.' },
  noteDeleted: { id: 'coaching.panel.noteDeleted', defaultMessage: 'Your note has been deleted.' },
  noteDeleteFailed: { id: 'coaching.panel.noteDeleteFailed', defaultMessage: 'We could not delete the note.' },
  evidenceNotes: { id: 'coaching.panel.evidenceNotes', defaultMessage: 'Evidence notes' },
  noNotes: { id: 'coaching.panel.noNotes', defaultMessage: 'No notes yet.' },
  someone: { id: 'coaching.panel.someone', defaultMessage: 'Someone' },
  editNote: { id: 'coaching.panel.editNote', defaultMessage: 'Edit note' },
  saveNote: { id: 'coaching.panel.saveNote', defaultMessage: 'Save note' },
  cancel: { id: 'coaching.panel.cancel', defaultMessage: 'Cancel' },
  hiddenNote: { id: 'coaching.panel.hiddenNote', defaultMessage: 'Only the coach, the author and the educators in this cycle can read this note.' },
  editNoteButton: { id: 'coaching.panel.editNoteButton', defaultMessage: 'Edit<sr> note</sr>' },
  deleteNoteButton: { id: 'coaching.panel.deleteNoteButton', defaultMessage: 'Delete<sr> note</sr>' },
  addNoteLabel: { id: 'coaching.panel.addNoteLabel', defaultMessage: 'Add a note' },
  addNoteHint: { id: 'coaching.panel.addNoteHint', defaultMessage: 'What you saw, what the educator tried, what changed for students.' },
  addNote: { id: 'coaching.panel.addNote', defaultMessage: 'Add note' },
  complete: { id: 'coaching.panel.complete', defaultMessage: '{title} is complete.' },
  completeTitle: { id: 'coaching.panel.completeTitle', defaultMessage: 'Complete the cycle' },
  outcome: { id: 'coaching.panel.outcome', defaultMessage: 'Outcome' },
  reflection: { id: 'coaching.panel.reflection', defaultMessage: 'Reflection' },
  reflectionHint: { id: 'coaching.panel.reflectionHint', defaultMessage: 'What worked, what you would change, what comes next.' },
  completeCycle: { id: 'coaching.panel.completeCycle', defaultMessage: 'Complete cycle' },
  changeFailed: { id: 'coaching.panel.changeFailed', defaultMessage: 'We could not change this cycle. Please try again.' },
  cycle: { id: 'coaching.panel.cycle', defaultMessage: 'Coaching cycle' },
  loading: { id: 'coaching.panel.loading', defaultMessage: 'Loading the cycle…' },
  loadFailed: { id: 'coaching.panel.loadFailed', defaultMessage: 'We could not load this cycle' },
  stage: { id: 'coaching.panel.stage', defaultMessage: 'Stage: {name}' },
  educators: { id: 'coaching.panel.educators', defaultMessage: 'Educators' },
  coach: { id: 'coaching.panel.coach', defaultMessage: 'Coach' },
  dates: { id: 'coaching.panel.dates', defaultMessage: 'Dates' },
  started: { id: 'coaching.panel.started', defaultMessage: 'Started {date}' },
  startedTarget: { id: 'coaching.panel.startedTarget', defaultMessage: 'Started {date} · target end {end}' },
  focusSkills: { id: 'coaching.panel.focusSkills', defaultMessage: 'Focus skills' },
  status: { id: 'coaching.panel.status', defaultMessage: 'Status' },
  goal: { id: 'coaching.panel.goal', defaultMessage: 'Goal' },
  movedTo: { id: 'coaching.panel.movedTo', defaultMessage: '{title} moved to {stage}.' },
  moveNext: { id: 'coaching.panel.moveNext', defaultMessage: 'Move to next stage: {stage}' },
  moveToStage: { id: 'coaching.panel.moveToStage', defaultMessage: 'Move to stage' },
  chooseStage: { id: 'coaching.panel.chooseStage', defaultMessage: 'Choose a stage…' },
  moved: { id: 'coaching.panel.moved', defaultMessage: 'The cycle has been moved.' },
  move: { id: 'coaching.panel.move', defaultMessage: 'Move' },
  cancelCycle: { id: 'coaching.panel.cancelCycle', defaultMessage: 'Cancel cycle' },
  timeline: { id: 'coaching.panel.timeline', defaultMessage: 'Timeline' },
  linked: { id: 'coaching.panel.linked', defaultMessage: 'Linked interactions' },
  noLinked: { id: 'coaching.panel.noLinked', defaultMessage: 'No interactions are linked yet. Choose this cycle when you log an interaction.' },
  minutes: { id: 'coaching.panel.minutes', defaultMessage: '{minutes} min' },
  deleteCycle: { id: 'coaching.panel.deleteCycle', defaultMessage: 'Delete cycle' },
  deleteTitle: { id: 'coaching.panel.deleteTitle', defaultMessage: 'Delete {title}?' },
  cancelTitle: { id: 'coaching.panel.cancelTitle', defaultMessage: 'Cancel {title}?' },
  deleteMessage: { id: 'coaching.panel.deleteMessage', defaultMessage: 'The cycle disappears from every list. Interactions linked to it are kept.' },
  cancelMessage: { id: 'coaching.panel.cancelMessage', defaultMessage: 'The cycle stops where it is and keeps its history. It cannot be reopened.' },
  keep: { id: 'coaching.panel.keep', defaultMessage: 'Keep it' },
  deleted: { id: 'coaching.panel.deleted', defaultMessage: '{title} has been deleted.' },
  cancelled: { id: 'coaching.panel.cancelled', defaultMessage: '{title} has been cancelled.' },
});
const srOnly = (chunks: React.ReactNode[]) => <span className="sr-only">{chunks}</span>;

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
              {h.stage.archived && <span className="badge badge--neutral cyc-badge">{t(m.archivedStage)}</span>}
              {h.left_on === null && cycle.status !== 'completed' && cycle.status !== 'cancelled' && <span className="badge badge--primary cyc-badge">{t(m.current)}</span>}
            </p>
            <p className="cyc-timeline__dates">
              {h.left_on ? t(m.enteredLeft, { date: formatDay(h.entered_on), left: formatDay(h.left_on) }) : t(m.entered, { date: formatDay(h.entered_on) })}
            </p>
          </div>
        </li>
      ))}
      {cycle.status === 'completed' && (
        <li className="cyc-timeline__item cyc-timeline__item--end">
          <span className="cyc-timeline__dot" aria-hidden="true" />
          <div>
            <p className="cyc-timeline__name">{t(m.completedOutcome, { outcome: cycle.outcome ? tText(CYCLE_OUTCOME_LABELS[cycle.outcome]) : '' })}</p>
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
      toast.success(t(m.noteAdded));
    } catch (err) {
      setError(err instanceof ApiError ? err.errors?.body ?? [err.message] : [t(m.noteAddFailed)]);
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    if (!editing) return;
    try {
      await cycleApi.updateNote(cycle.id, editing.id, editing.body);
      setEditing(null);
      toast.success(t(m.noteSaved));
    } catch (err) {
      toast.error(errorText(err, t(m.noteSaveFailed)));
    }
  };
  const remove = async (noteId: number) => {
    try {
      await cycleApi.deleteNote(cycle.id, noteId);
      toast.success(t(m.noteDeleted));
    } catch (err) {
      toast.error(errorText(err, t(m.noteDeleteFailed)));
    }
  };
  return (
    <section className="stack stack--sm" aria-labelledby="cyc-notes-title">
      <h3 id="cyc-notes-title" className="cyc-panel__heading">{t(m.evidenceNotes)}</h3>
      {cycle.notes.length === 0 && <p className="muted">{t(m.noNotes)}</p>}
      <ul className="cyc-notes">
        {cycle.notes.map((n) => (
          <li key={n.id} className="cyc-note">
            <p className="cyc-note__meta">{n.author?.name ?? t(m.someone)} · {when.dateTime(n.created_at)}</p>
            {editing?.id === n.id ? (
              <div className="stack stack--sm">
                <TextAreaField label={t(m.editNote)} name={`note-${n.id}`} value={editing.body} onChange={(v) => setEditing({ id: n.id, body: v })} rows={3} />
                <div className="cluster">
                  <Button size="sm" onClick={save}>{t(m.saveNote)}</Button>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(null)}>{t(m.cancel)}</Button>
                </div>
              </div>
            ) : n.hidden ? (
              <p className="muted cyc-note__hidden">{t(m.hiddenNote)}</p>
            ) : (
              <p className="cyc-note__body">{n.body}</p>
            )}
            {n.can_edit && editing?.id !== n.id && (
              <div className="cluster">
                <Button size="sm" variant="ghost" onClick={() => setEditing({ id: n.id, body: n.body ?? '' })}>{tRich(m.editNoteButton, { sr: srOnly })}</Button>
                <Button size="sm" variant="ghost" className="cys-danger" onClick={() => remove(n.id)}>{tRich(m.deleteNoteButton, { sr: srOnly })}</Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {cycle.can_edit && (
        <form className="stack stack--sm" onSubmit={add} noValidate>
          <TextAreaField label={t(m.addNoteLabel)} name="note" value={body} onChange={setBody} rows={3} error={error}
            hint={t(m.addNoteHint)} />
          <div><Button type="submit" size="sm" busy={busy}>{t(m.addNote)}</Button></div>
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
      toast.success(t(m.complete, { title: cycle.title }));
      onDone();
    } catch (err) {
      setError(err instanceof ApiError ? err.errors ?? { outcome: [err.message] } : {});
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card card--flat stack stack--sm" onSubmit={submit} noValidate aria-labelledby="cyc-complete-title">
      <h3 id="cyc-complete-title" className="cyc-panel__heading">{t(m.completeTitle)}</h3>
      <fieldset className="cyc-outcomes" aria-describedby={error.outcome ? 'cyc-outcome-error' : undefined}>
        <legend className="field__label">{t(m.outcome)}</legend>
        {CYCLE_OUTCOMES.map((o) => (
          <label key={o} className="cyc-outcome">
            <input type="radio" name="outcome" value={o} checked={outcome === o} onChange={() => setOutcome(o)} />
            {tText(CYCLE_OUTCOME_LABELS[o])}
          </label>
        ))}
        {error.outcome && <p id="cyc-outcome-error" className="field__error">{error.outcome[0]}</p>}
      </fieldset>
      <TextAreaField label={t(m.reflection)} name="reflection" value={reflection} onChange={setReflection} rows={3}
        hint={t(m.reflectionHint)} error={error.reflection} />
      <div className="cluster">
        <Button type="submit" busy={busy}>{t(m.completeCycle)}</Button>
        <Button variant="secondary" onClick={onDone}>{t(m.cancel)}</Button>
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
      toast.error(errorText(err, t(m.changeFailed)));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const open = cycle && (cycle.status === 'planned' || cycle.status === 'active');
  const stageOptions = stages.filter((s) => !s.archived && s.id !== cycle?.stage?.id).map((s) => ({ value: String(s.id), label: s.name }));

  return (
    <Modal open onClose={onClose} size="lg" title={cycle?.title ?? t(m.cycle)} className="cyc-panel">
      {isLoading && <LoadingBlock label={t(m.loading)} />}
      {error && <Alert tone="danger" title={t(m.loadFailed)}>{error.message}</Alert>}
      {cycle && (
        <div className="stack">
          <div className="cyc-panel__badges">
            <StatusBadge cycle={cycle} />
            {cycle.stage && <span className="badge badge--neutral">{t(m.stage, { name: cycle.stage.name })}</span>}
            <DueBadge cycle={cycle} />
          </div>
          <dl className="dl cyc-panel__facts">
            <dt>{t(m.educators)}</dt>
            <dd>
              {cycle.educators.length === 0 ? '—' : cycle.educators.map((e, i) => (
                <span key={e.id}>{i > 0 && ', '}<Link to={`/app/staff/${e.id}`}>{e.name}</Link></span>
              ))}
            </dd>
            <dt>{t(m.coach)}</dt><dd>{cycle.coach.name}</dd>
            <dt>{t(m.dates)}</dt><dd>{cycle.target_end_date ? t(m.startedTarget, { date: formatDay(cycle.start_date), end: formatDay(cycle.target_end_date) }) : t(m.started, { date: formatDay(cycle.start_date) })}</dd>
            {cycle.focus_skills.length > 0 && <><dt>{t(m.focusSkills)}</dt><dd>{cycle.focus_skills.map((s) => s.name).join(', ')}</dd></>}
            <dt>{t(m.status)}</dt><dd>{cycleStatusLabel(cycle.status)}</dd>
          </dl>
          {cycle.goal && (
            <section aria-labelledby="cyc-goal-title">
              <h3 id="cyc-goal-title" className="cyc-panel__heading">{t(m.goal)}</h3>
              <p className="cyc-panel__goal">{cycle.goal}</p>
            </section>
          )}
          {/* The coach sets action steps from the cycle's goal, per educator (issue 29, item 2). */}
          {cycle.can_edit && open && cycle.educators.length > 0 && (
            <StepsFromSourceSection headingId="cyc-steps-title" headingClassName="cyc-panel__heading" people={cycle.educators} source={{ type: 'cycle', id: cycle.id }} />
          )}
          {cycle.status === 'completed' && cycle.reflection && (
            <section aria-labelledby="cyc-reflection-title">
              <h3 id="cyc-reflection-title" className="cyc-panel__heading">{t(m.reflection)}</h3>
              <p className="cyc-panel__goal">{cycle.reflection}</p>
            </section>
          )}

          {cycle.can_edit && open && !completing && (
            <div className="cyc-panel__actions">
              {cycle.next_stage ? (
                <Button busy={busy} onClick={() => run(() => cycleApi.advance(cycle.id), t(m.movedTo, { title: cycle.title, stage: cycle.next_stage!.name }))}>
                  {t(m.moveNext, { stage: cycle.next_stage.name })}
                </Button>
              ) : (
                <Button onClick={() => setCompleting(true)}>{t(m.completeCycle)}</Button>
              )}
              {stageOptions.length > 0 && (
                <div className="cyc-panel__moveto">
                  <SelectField label={t(m.moveToStage)} name="move_to" value={target} onChange={setTarget} options={stageOptions} placeholder={t(m.chooseStage)} />
                  <Button variant="secondary" disabled={!target || busy}
                    onClick={async () => { if (await run(() => cycleApi.moveTo(cycle.id, Number(target)), t(m.moved))) setTarget(''); }}>
                    {t(m.move)}
                  </Button>
                </div>
              )}
              {cycle.next_stage && <Button variant="secondary" onClick={() => setCompleting(true)}>{t(m.completeCycle)}</Button>}
              <Button variant="ghost" onClick={() => setConfirm('cancel')}>{t(m.cancelCycle)}</Button>
            </div>
          )}
          {completing && <CompleteForm cycle={cycle} onDone={() => setCompleting(false)} />}

          <section aria-labelledby="cyc-timeline-title">
            <h3 id="cyc-timeline-title" className="cyc-panel__heading">{t(m.timeline)}</h3>
            <Timeline cycle={cycle} />
          </section>

          <section aria-labelledby="cyc-interactions-title">
            <h3 id="cyc-interactions-title" className="cyc-panel__heading">{t(m.linked)}</h3>
            {cycle.interactions.length === 0 ? (
              <p className="muted">{t(m.noLinked)}</p>
            ) : (
              <ul className="cyc-links">
                {cycle.interactions.map((i) => (
                  <li key={i.id}>
                    <span className="cyc-links__type">{i.interaction_type.name}</span> · {when.dateTime(i.starts_at)} · {t(m.minutes, { minutes: i.duration_minutes })} · {i.coach.name}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <Notes cycle={cycle} />

          {cycle.can_edit && (
            <div>
              <Button variant="ghost" className="cys-danger" onClick={() => setConfirm('delete')}>{t(m.deleteCycle)}</Button>
            </div>
          )}
          <ConfirmDialog
            open={confirm !== null}
            title={t(confirm === 'delete' ? m.deleteTitle : m.cancelTitle, { title: cycle.title })}
            message={confirm === 'delete'
              ? t(m.deleteMessage)
              : t(m.cancelMessage)}
            confirmLabel={t(confirm === 'delete' ? m.deleteCycle : m.cancelCycle)}
            cancelLabel={t(m.keep)}
            danger
            busy={busy}
            onConfirm={async () => {
              const what = confirm;
              const ok = await run(() => (what === 'delete' ? cycleApi.remove(cycle.id) : cycleApi.cancel(cycle.id)),
                t(what === 'delete' ? m.deleted : m.cancelled, { title: cycle.title }));
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
