// "Share with <educator>": what the educator will see — the answers, and the notes with the next steps
// (private notes never) — then POST /api/observation/{id}/share. The educator gets an email with a link.
import { useId, useState } from 'react';
import { CheckboxField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { useToast } from '../../../components/Toasts';
import { useSubmitState } from '../../../lib/forms';
import { type Observation, observationApi } from '../api';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  updatedToast: { id: 'observations.updatedToast', defaultMessage: 'What {name} sees is updated.' },
  sharedToast: { id: 'observations.sharedToast', defaultMessage: 'Shared with {name}.' },
  shareWith: { id: 'observations.shareWith', defaultMessage: 'Share with {name}' },
  updateSharing: { id: 'observations.updateSharing', defaultMessage: 'Update sharing' },
  share: { id: 'observations.share', defaultMessage: 'Share' },
  seesNow: { id: 'observations.seesNow', defaultMessage: '{name} sees what you tick here. Private notes are never shared.' },
  willSee: { id: 'observations.willSee', defaultMessage: '{name} will see what you tick here, and gets an email with a link (the email holds none of the observation). Private notes are never shared.' },
  theAnswers: { id: 'observations.theAnswers', defaultMessage: 'The answers' },
  answersHint: { id: 'observations.answersHint', defaultMessage: 'Every item as you answered it, with its evidence.' },
  theNotes: { id: 'observations.theNotes', defaultMessage: 'The notes and next steps' },
});

export function ShareDialog({ observation, onClose }: { observation: Observation; onClose: () => void }) {
  const toast = useToast();
  const formId = useId();
  const [answers, setAnswers] = useState(observation.shared?.answers ?? true);
  const [notes, setNotes] = useState(observation.shared?.notes ?? true);
  const { formError, busy, formRef, run, onSubmit } = useSubmitState(() => []);
  const name = observation.educator.name;
  const submit = () => run(async () => {
    await observationApi.share(observation.id, { answers, notes });
    toast.success(observation.shared ? t(m.updatedToast, { name }) : t(m.sharedToast, { name }));
    onClose();
  });

  return (
    <FormModal title={t(m.shareWith, { name })} onClose={onClose} size="sm" formId={formId} form={{ busy, formError, formRef }} onSubmit={onSubmit(submit)}
      submitLabel={observation.shared ? t(m.updateSharing) : t(m.share)} submitDisabled={!answers && !notes}>
      <p className="muted text-sm">{observation.shared ? t(m.seesNow, { name }) : t(m.willSee, { name })}</p>
      <CheckboxField label={t(m.theAnswers)} name="share_answers" checked={answers} onChange={setAnswers}
        hint={t(m.answersHint)} />
      <CheckboxField label={t(m.theNotes)} name="share_notes" checked={notes} onChange={setNotes} />
    </FormModal>
  );
}
