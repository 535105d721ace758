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
import './actionSteps.css';

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
        toast.success('Action step saved.');
      } else {
        // Without a signal (or when no answer comes back) the step waits in the outbox and syncs later (issue 31).
        const body = { ...data, staff_id: staff.id, ...(own ? { source_type: 'own' } : source ? { source_type: source.type, source_id: source.id } : {}) };
        const summary = { title: data.title, detail: own ? 'Your action step' : `For ${staff.name}`, staffIds: [staff.id], note: data.detail || undefined, extra: { dueOn: data.due_on, staffName: staff.name } };
        if (outboxRecord) await requeue(outboxRecord, { body, summary });
        const sent = outboxRecord ? { queued: true } : user ? await sendOrQueue(user.id, { kind: 'actionStep.create', body, summary }) : { queued: false };
        toast.success(sent.queued ? 'Saved on this device: waiting to sync.' : own ? 'Action step added.' : `Action step set for ${staff.name}.`);
      }
      onClose();
    });
  });
  const title = step ? 'Change the action step' : own ? 'Add an action step' : `Set an action step for ${staff.name}`;
  return (
    <FormModal title={title} onClose={onClose} size="sm" formId="action-step-form" form={form} onSubmit={submit}
      submitLabel={step ? 'Save' : own ? 'Add step' : 'Set step'}>
      <TextField label="Title" required hint="One thing to try, in a few words." maxLength={200} {...form.field('title')} />
      <TextAreaField label="Detail" rows={3} hint="Optional: when, with which class, what to look for." {...form.field('detail')} />
      <TextField label="Due date" type="date" hint="Optional." {...form.field('due_on')} />
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
      toast.success(`“${step.title}” is done.`);
      onClose();
    });
  });
  return (
    <FormModal title="Mark the step done" onClose={onClose} size="sm" formId="action-step-done" form={form} onSubmit={submit} submitLabel="Mark done">
      <p className="step-dialog__title">{step.title}</p>
      <TextAreaField label={own ? 'What did you try, and how did it go?' : `${step.educator.name}'s note`} rows={4}
        hint={own ? 'Optional. Your coach reads it.' : 'Optional: what they tried and how it went.'} {...form.field('note')} />
    </FormModal>
  );
}
