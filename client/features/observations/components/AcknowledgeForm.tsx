// The educator's answer to a shared observation: an optional reflection, then "Acknowledge" (once).
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/Button';
import { FormError, TextAreaField } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { observationApi } from '../api';

export function AcknowledgeForm({ id, observer }: { id: number; observer: string }) {
  const toast = useToast();
  const [reflection, setReflection] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await observationApi.acknowledge(id, reflection.trim() || null);
      toast.success('Observation acknowledged.');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  }

  return (
    <form className="stack stack--sm" noValidate onSubmit={(e) => void submit(e)}>
      <FormError error={error} />
      <TextAreaField label="Reflection" name="reflection" rows={4} value={reflection} onChange={setReflection}
        hint={`Optional. What you take from it, or what you would like ${observer} to know.`} />
      <div className="cluster">
        <Button type="submit" busy={busy}>Acknowledge</Button>
      </div>
    </form>
  );
}
