// How long client errors, server errors and security events are kept; a provider-admin changes it.
import { useState } from 'react';
import { ADMIN_OPS_MESSAGES, LOG_RETENTION } from '../../../../common/schemas/adminOps';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { updateLogSettings, useLogSettings } from '../api';
import { defineMessages, t, tRich, tText } from '../../../lib/i18n';

const m = defineMessages({
  saved: { id: 'adminOps.retention.saved', defaultMessage: 'Logs are now kept for {days, plural, one {# day} other {# days}}.' },
  saveError: { id: 'adminOps.retention.saveError', defaultMessage: 'The setting could not be saved.' },
  title: { id: 'adminOps.retention.title', defaultMessage: 'Retention' },
  label: { id: 'adminOps.retention.label', defaultMessage: 'Keep logs for (days)' },
  hint: { id: 'adminOps.retention.hint', defaultMessage: 'From {min} to {max} days. Older entries are deleted every hour.' },
  save: { id: 'adminOps.retention.save', defaultMessage: 'Save' },
  cancel: { id: 'adminOps.retention.cancel', defaultMessage: 'Cancel' },
  text: { id: 'adminOps.retention.text', defaultMessage: 'Client errors, server errors and security events are kept for <b>{days, plural, one {# day} other {# days}}</b>, then deleted. The audit log is kept for good.' },
  change: { id: 'adminOps.retention.change', defaultMessage: 'Change' },
});

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
      setError(tText(ADMIN_OPS_MESSAGES.retentionRange));
      return;
    }
    setSaving(true);
    try {
      await updateLogSettings(days);
      toast.success(t(m.saved, { days }));
      setEditing(false);
    } catch (err) {
      setError(err instanceof ApiError ? err.field('retention_days') ?? err.message : t(m.saveError));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="retention" aria-labelledby="retention-title">
      <h2 id="retention-title" className="retention__title">{t(m.title)}</h2>
      {editing ? (
        <form className="retention__form" onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <TextField
            label={t(m.label)}
            name="retention_days"
            type="number"
            inputMode="numeric"
            min={LOG_RETENTION.min}
            max={LOG_RETENTION.max}
            value={value}
            onChange={(v) => { setValue(v); setError(null); }}
            error={error}
            hint={t(m.hint, { min: LOG_RETENTION.min, max: LOG_RETENTION.max })}
          />
          <div className="retention__buttons">
            <Button type="submit" disabled={saving}>{t(m.save)}</Button>
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={saving}>{t(m.cancel)}</Button>
          </div>
        </form>
      ) : (
        <p className="retention__text">
          {tRich(m.text, { days: data.retention_days, b: (chunks) => <strong>{chunks}</strong> })}
          {data.can_change && (
            <>
              {' '}
              <Button variant="secondary" size="sm" onClick={() => { setValue(String(data.retention_days)); setError(null); setEditing(true); }}>
                {t(m.change)}
              </Button>
            </>
          )}
        </p>
      )}
    </section>
  );
}
