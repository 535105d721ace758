// The educator's answer to a shared observation: an optional reflection, then "Acknowledge" (once).
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { FormError, TextAreaField } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { useSubmitState } from '../../../lib/forms';
import { observationApi } from '../api';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  acknowledgedToast: { id: 'observations.acknowledgedToast', defaultMessage: 'Observation acknowledged.' },
  reflection: { id: 'observations.reflection', defaultMessage: 'Reflection' },
  reflectionHint: { id: 'observations.reflectionHint', defaultMessage: 'Optional. What you take from it, or what you would like {observer} to know.' },
  acknowledge: { id: 'observations.acknowledge', defaultMessage: 'Acknowledge' },
});

export function AcknowledgeForm({ id, observer }: { id: number; observer: string }) {
  const toast = useToast();
  const [reflection, setReflection] = useState('');
  const { errors, formError, busy, formRef, run, onSubmit } = useSubmitState(() => ['reflection']);
  const submit = () => run(async () => {
    await observationApi.acknowledge(id, reflection.trim() || null);
    toast.success(t(m.acknowledgedToast));
  });

  return (
    <form ref={formRef} className="stack stack--sm" noValidate onSubmit={onSubmit(submit)}>
      <FormError error={formError} />
      <TextAreaField label={t(m.reflection)} name="reflection" rows={4} value={reflection} onChange={setReflection} error={errors.reflection}
        hint={t(m.reflectionHint, { observer })} />
      <div className="cluster">
        <Button type="submit" busy={busy}>{t(m.acknowledge)}</Button>
      </div>
    </form>
  );
}
