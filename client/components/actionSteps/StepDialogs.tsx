// The dialogs of action steps (issue 29, item 2), shared by the educator's Action steps screen and View
// Educator's section: add or change a step (title, detail, due day), and mark one done with the educator's
// note. Loaded lazily by the screens (lazyPart) when first opened.
import * as z from 'zod/mini';
import { actionStepCompleteSchema, actionStepUpdateSchema, type ActionStep, type ActionStepSource } from '../../../common/schemas/actionSteps';
import { TextAreaField, TextField } from '../Field';
import { FormModal } from '../FormModal';
import { useToast } from '../Toasts';
import { actionStepApi } from '../../lib/actionSteps';
import { useFormErrors } from '../../lib/forms';
import type { OutboxRecord } from '../../lib/outboxRules';
import { requeue, sendOrQueue } from '../../lib/outboxSync';
import { useAuthUser } from '../../lib/session';
import { defineMessages, t } from '../../lib/i18n';
import './actionSteps.css';

const m = defineMessages({
  saved: { id: 'actionSteps.saved', defaultMessage: 'Action step saved.' },
  yourStep: { id: 'actionSteps.yourStep', defaultMessage: 'Your action step' },
  forName: { id: 'actionSteps.forName', defaultMessage: 'For {name}' },
  queued: { id: 'actionSteps.queued', defaultMessage: 'Saved on this device: waiting to sync.' },
  added: { id: 'actionSteps.added', defaultMessage: 'Action step added.' },
  setFor: { id: 'actionSteps.setFor', defaultMessage: 'Action step set for {name}.' },
  changeTitle: { id: 'actionSteps.changeTitle', defaultMessage: 'Change the action step' },
  addTitle: { id: 'actionSteps.addTitle', defaultMessage: 'Add an action step' },
  setTitle: { id: 'actionSteps.setTitle', defaultMessage: 'Set an action step for {name}' },
  save: { id: 'actionSteps.save', defaultMessage: 'Save' },
  addStep: { id: 'actionSteps.addStep', defaultMessage: 'Add step' },
  setStep: { id: 'actionSteps.setStep', defaultMessage: 'Set step' },
  titleLabel: { id: 'actionSteps.titleLabel', defaultMessage: 'Title' },
  titleHint: { id: 'actionSteps.titleHint', defaultMessage: 'One thing to try, in a few words.' },
  detailLabel: { id: 'actionSteps.detailLabel', defaultMessage: 'Detail' },
  detailHint: { id: 'actionSteps.detailHint', defaultMessage: 'Optional: when, with which class, what to look for.' },
  dueLabel: { id: 'actionSteps.dueLabel', defaultMessage: 'Due date' },
  optional: { id: 'actionSteps.optional', defaultMessage: 'Optional.' },
  isDone: { id: 'actionSteps.isDone', defaultMessage: '“{title}” is done.' },
  doneTitle: { id: 'actionSteps.doneTitle', defaultMessage: 'Mark the step done' },
  markDone: { id: 'actionSteps.markDone', defaultMessage: 'Mark done' },
  noteOwn: { id: 'actionSteps.noteOwn', defaultMessage: 'What did you try, and how did it go?' },
  noteTheirs: { id: 'actionSteps.theirNote', defaultMessage: '{name}\'s note' },
  noteOwnHint: { id: 'actionSteps.noteOwnHint', defaultMessage: 'Optional. Your coach reads it.' },
  noteTheirsHint: { id: 'actionSteps.noteTheirsHint', defaultMessage: 'Optional: what they tried and how it went.' },
});

/** Add a step for an educator (`staff`), or change `step`. `source` names the record it comes from (none: the educator's own or set on the profile). */
export function StepFormDialog({ staff, step, source, own, initial, onClose, outboxRecord }: {
  staff: { id: number; name: string };
  step?: ActionStep;
  /** A new step's starting words (the observation's next steps, the cycle's goal). */
  initial?: { title?: string; detail?: string; due_on?: string };
  /** Correcting a step the server refused (issue 31): saving puts it back in the outbox. */
  outboxRecord?: OutboxRecord;
  source?: { type: Exclude<ActionStepSource, 'own'>; id: number } | null;
  /** The educator adding their own. */
  own: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const { user } = useAuthUser();
  const form = useFormErrors({ title: step?.title ?? initial?.title ?? '', detail: step?.detail ?? initial?.detail ?? '', due_on: step?.due_on ?? initial?.due_on ?? '' });
  const submit = form.onSubmit(async () => {
    const data = form.check(actionStepUpdateSchema, { ...form.values, due_on: form.values.due_on || null });
    if (!data) return;
    await form.run(async () => {
      if (step) {
        await actionStepApi.update(step.id, data);
        toast.success(t(m.saved));
      } else {
        // Without a signal (or when no answer comes back) the step waits in the outbox and syncs later (issue 31).
        const body = { ...data, staff_id: staff.id, ...(own ? { source_type: 'own' } : source ? { source_type: source.type, source_id: source.id } : {}) };
        const summary = { title: data.title, detail: own ? t(m.yourStep) : t(m.forName, { name: staff.name }), staffIds: [staff.id], note: data.detail || undefined, extra: { dueOn: data.due_on, staffName: staff.name } };
        if (outboxRecord) await requeue(outboxRecord, { body, summary });
        const sent = outboxRecord ? { queued: true } : user ? await sendOrQueue(user.id, { kind: 'actionStep.create', body, summary }) : { queued: false };
        toast.success(sent.queued ? t(m.queued) : own ? t(m.added) : t(m.setFor, { name: staff.name }));
      }
      onClose();
    });
  });
  const title = step ? t(m.changeTitle) : own ? t(m.addTitle) : t(m.setTitle, { name: staff.name });
  return (
    <FormModal title={title} onClose={onClose} size="sm" formId="action-step-form" form={form} onSubmit={submit}
      submitLabel={step ? t(m.save) : own ? t(m.addStep) : t(m.setStep)}>
      <TextField label={t(m.titleLabel)} required hint={t(m.titleHint)} maxLength={200} {...form.field('title')} />
      <TextAreaField label={t(m.detailLabel)} rows={3} hint={t(m.detailHint)} {...form.field('detail')} />
      <TextField label={t(m.dueLabel)} type="date" hint={t(m.optional)} {...form.field('due_on')} />
    </FormModal>
  );
}

const noteSchema = z.object({ note: actionStepCompleteSchema.shape.note });

/** Mark a step done, with the educator's note: what they tried and how it went. */
export function CompleteStepDialog({ step, own, onClose }: { step: ActionStep; own: boolean; onClose: () => void }) {
  const toast = useToast();
  const form = useFormErrors({ note: step.note ?? '' });
  const submit = form.onSubmit(async () => {
    const data = form.check(noteSchema, form.values);
    if (!data) return;
    await form.run(async () => {
      await actionStepApi.complete(step.id, data);
      toast.success(t(m.isDone, { title: step.title }));
      onClose();
    });
  });
  return (
    <FormModal title={t(m.doneTitle)} onClose={onClose} size="sm" formId="action-step-done" form={form} onSubmit={submit} submitLabel={t(m.markDone)}>
      <p className="step-dialog__title">{step.title}</p>
      <TextAreaField label={own ? t(m.noteOwn) : t(m.noteTheirs, { name: step.educator.name })} rows={4}
        hint={own ? t(m.noteOwnHint) : t(m.noteTheirsHint)} {...form.field('note')} />
    </FormModal>
  );
}
