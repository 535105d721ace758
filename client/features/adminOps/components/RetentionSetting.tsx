// How long client errors, server errors and security events are kept; a provider-admin changes it.
import { useState } from 'react';
import { ADMIN_OPS_MESSAGES, LOG_RETENTION } from '../../../../common/schemas/adminOps';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { updateLogSettings, useLogSettings } from '../api';
import { plural } from '../../../../common/plural';

export function RetentionSetting() {
  const { data } = useLogSettings();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!data) return null;

  const save = async () => {
    const days = Number(value);
    if (!/^\d+$/.test(value.trim()) || days < LOG_RETENTION.min || days > LOG_RETENTION.max) {
      setError(ADMIN_OPS_MESSAGES.retentionRange);
      return;
    }
    setSaving(true);
    try {
      await updateLogSettings(days);
      toast.success(`Logs are now kept for ${plural(days, 'day', 'days')}.`);
      setEditing(false);
    } catch (err) {
      setError(err instanceof ApiError ? err.field('retention_days') ?? err.message : 'The setting could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="retention" aria-labelledby="retention-title">
      <h2 id="retention-title" className="retention__title">Retention</h2>
      {editing ? (
        <form className="retention__form" onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <TextField
            label="Keep logs for (days)"
            name="retention_days"
            type="number"
            inputMode="numeric"
            min={LOG_RETENTION.min}
            max={LOG_RETENTION.max}
            value={value}
            onChange={(v) => { setValue(v); setError(null); }}
            error={error}
            hint={`From ${LOG_RETENTION.min} to ${LOG_RETENTION.max} days. Older entries are deleted every hour.`}
          />
          <div className="retention__buttons">
            <Button type="submit" disabled={saving}>Save</Button>
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={saving}>Cancel</Button>
          </div>
        </form>
      ) : (
        <p className="retention__text">
          Client errors, server errors and security events are kept for <strong>{plural(data.retention_days, 'day', 'days')}</strong>, then deleted.
          The audit log is kept for good.
          {data.can_change && (
            <>
              {' '}
              <Button variant="secondary" size="sm" onClick={() => { setValue(String(data.retention_days)); setError(null); setEditing(true); }}>
                Change
              </Button>
            </>
          )}
        </p>
      )}
    </section>
  );
}
