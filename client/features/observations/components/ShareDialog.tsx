// "Share with <educator>": what the educator will see — the answers, and the notes with the next steps
// (private notes never) — then POST /api/observation/{id}/share. The educator gets an email with a link.
import { useId, useState } from 'react';
import { CheckboxField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { useToast } from '../../../components/Toasts';
import { useSubmitState } from '../../../lib/forms';
import { type Observation, observationApi } from '../api';

export function ShareDialog({ observation, onClose }: { observation: Observation; onClose: () => void }) {
  const toast = useToast();
  const formId = useId();
  const [answers, setAnswers] = useState(observation.shared?.answers ?? true);
  const [notes, setNotes] = useState(observation.shared?.notes ?? true);
  const { formError, busy, formRef, run, onSubmit } = useSubmitState(() => []);
  const name = observation.educator.name;
  const submit = () => run(async () => {
    await observationApi.share(observation.id, { answers, notes });
    toast.success(observation.shared ? `What ${name} sees is updated.` : `Shared with ${name}.`);
    onClose();
  });

  return (
    <FormModal title={`Share with ${name}`} onClose={onClose} size="sm" formId={formId} form={{ busy, formError, formRef }} onSubmit={onSubmit(submit)}
      submitLabel={observation.shared ? 'Update sharing' : 'Share'} submitDisabled={!answers && !notes}>
      <p className="muted text-sm">{name} {observation.shared ? 'sees' : 'will see'} what you tick here{observation.shared ? '' : ', and gets an email with a link (the email holds none of the observation)'}. Private notes are never shared.</p>
      <CheckboxField label="The answers" name="share_answers" checked={answers} onChange={setAnswers}
        hint="Every item as you answered it, with its evidence." />
      <CheckboxField label="The notes and next steps" name="share_notes" checked={notes} onChange={setNotes} />
    </FormModal>
  );
}
