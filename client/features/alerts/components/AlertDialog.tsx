// New and edit alert: title, level, audience, when it shows (date-times in the staff member's profile
// timezone), the Markdown body with a live preview rendered by common/markdown.ts exactly as district
// users will see it.
import { useDeferredValue, useMemo, useState } from 'react';
import { renderMarkdown } from '../../../../common/markdown';
import {
  ALERT_BODY_MAX, ALERT_LEVELS, ALERT_LEVEL_LABELS, ALERT_TITLE_MAX, type AdminAlert, type AlertLevel,
} from '../../../../common/schemas/alerts';
import { Button } from '../../../components/Button';
import { FormError, SelectField, TextAreaField, TextField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { roundedNow, zonedDay, zonedTime, zonedToUtc } from '../../../lib/zonedTime';
import { createAlert, updateAlert } from '../api';
import { type AudienceValue, AudiencePicker, audienceValues } from './AudiencePicker';

const LEVEL_OPTIONS = ALERT_LEVELS.map((l) => ({ value: l, label: ALERT_LEVEL_LABELS[l] }));

const toLocal = (instant: string | null, timeZone: string) => (instant ? `${zonedDay(instant, timeZone)}T${zonedTime(instant, timeZone)}` : '');
/** A datetime-local value in the zone → the UTC instant, '' when empty or invalid (the server names the field). */
function toUtc(local: string, timeZone: string): string {
  const [day, time] = local.split('T');
  return (day && time && zonedToUtc(day, time.slice(0, 5), timeZone)) || '';
}

function initialAudience(alert: AdminAlert | null): AudienceValue {
  const values = alert?.audience_values ?? [];
  return {
    audience: alert?.audience ?? 'everyone',
    plans: alert?.audience === 'plan' ? values.map((v) => String(v.value)) : [],
    roles: alert?.audience === 'roles' ? values.map((v) => String(v.value)) : [],
    districts: alert?.audience === 'districts' ? values.map((v) => ({ id: Number(v.value), name: v.label })) : [],
  };
}

type Props = {
  /** The alert being edited, or null for a new one. */
  alert: AdminAlert | null;
  timeZone: string;
  onClose: () => void;
};

export function AlertDialog({ alert, timeZone, onClose }: Props) {
  const toast = useToast();
  const now = roundedNow(timeZone, 5);
  const form = useFormErrors({
    title: alert?.title ?? '',
    body: alert?.body ?? '',
    level: alert?.level ?? 'info',
    starts_at: alert ? toLocal(alert.starts_at, timeZone) : `${now.day}T${now.time}`,
    ends_at: toLocal(alert?.ends_at ?? null, timeZone),
  }, ['audience', 'audience_values']);
  const [audience, setAudience] = useState<AudienceValue>(() => initialAudience(alert));
  const body = useDeferredValue(form.values.body);
  const preview = useMemo(() => renderMarkdown(body).html, [body]);
  const level = form.values.level as AlertLevel;

  const submit = form.onSubmit(async () => {
    const input = {
      title: form.values.title,
      body: form.values.body,
      level,
      audience: audience.audience,
      audience_values: audienceValues(audience),
      starts_at: toUtc(form.values.starts_at, timeZone),
      ends_at: form.values.ends_at ? toUtc(form.values.ends_at, timeZone) || form.values.ends_at : null,
    };
    const ok = await form.run(async () => {
      if (alert) await updateAlert(alert.id, input);
      else await createAlert(input);
    });
    if (ok) {
      toast.success(alert ? 'Alert saved.' : 'Alert created.');
      onClose();
    }
  });

  const formId = alert ? `alert-form-${alert.id}` : 'alert-form-new';
  return (
    <Modal
      open
      size="lg"
      title={alert ? 'Edit alert' : 'New alert'}
      onClose={onClose}
      dismissible={!form.busy}
      footer={(
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.busy}>Cancel</Button>
          <Button type="submit" form={formId} busy={form.busy}>{alert ? 'Save alert' : 'Create alert'}</Button>
        </>
      )}
    >
      <form id={formId} ref={form.formRef} className="alert-form" onSubmit={submit} noValidate>
        <FormError error={form.formError} />
        <div className="split alert-form__grid">
          <div className="stack alert-form__fields">
            <TextField label="Title" {...form.field('title')} required maxLength={ALERT_TITLE_MAX} autoComplete="off" />
            <SelectField label="Level" {...form.field('level')} options={LEVEL_OPTIONS} required
              hint={level === 'critical' ? 'Critical alerts cannot be dismissed and are announced at once.' : 'People can dismiss info and warning alerts.'} />
            <AudiencePicker
              value={audience}
              onChange={(v) => setAudience(v)}
              audienceError={form.errors.audience}
              valuesError={form.errors.audience_values}
            />
            <div className="alert-form__when">
              <TextField label="Starts" type="datetime-local" {...form.field('starts_at')} required />
              <TextField label="Ends" type="datetime-local" {...form.field('ends_at')} hint="Leave empty to show it until you end it." />
            </div>
            <p className="muted text-sm alert-form__zone">Times are in your timezone, {timeZone.replace(/_/g, ' ')}.</p>
          </div>
          <div className="stack alert-form__body">
            <TextAreaField label="Message" {...form.field('body')} rows={8} maxLength={ALERT_BODY_MAX}
              hint="Markdown: **bold**, _italic_, [links](https://…), lists." />
            <section className="alert-form__preview" aria-labelledby={`${formId}-preview`}>
              <h3 id={`${formId}-preview`} className="alert-form__preview-title">Preview</h3>
              <div className={`alert-banner alert-banner--${level}`}>
                <div className="alert-banner__content">
                  <p className="alert-banner__title">{form.values.title || 'Title'}</p>
                  {preview && <div className="alert-banner__body" dangerouslySetInnerHTML={{ __html: preview }} />}
                </div>
              </div>
            </section>
          </div>
        </div>
      </form>
    </Modal>
  );
}
