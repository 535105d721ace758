// New and edit alert: title, level, audience, when it shows (date-times in the staff member's profile
// timezone), the Markdown body with a live preview rendered by common/markdown.ts exactly as district
// users will see it.
import { useDeferredValue, useMemo, useState } from 'react';
import { renderMarkdown } from '../../../../common/markdown';
import {
  ALERT_BODY_MAX, ALERT_LEVELS, ALERT_TITLE_MAX, type AdminAlert, type AlertLevel,
} from '../../../../common/schemas/alerts';
import { Button } from '../../../components/Button';
import { FormError, SelectField, TextAreaField, TextField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { defineMessages, t } from '../../../lib/i18n';
import { roundedNow, zonedDay, zonedTime, zonedToUtc } from '../../../lib/zonedTime';
import { createAlert, updateAlert } from '../api';
import { levelLabel } from './AlertBadges';
import { type AudienceValue, AudiencePicker, audienceValues } from './AudiencePicker';

const m = defineMessages({
  saved: { id: 'alerts.dialog.saved', defaultMessage: 'Alert saved.' },
  created: { id: 'alerts.dialog.created', defaultMessage: 'Alert created.' },
  editTitle: { id: 'alerts.dialog.editTitle', defaultMessage: 'Edit alert' },
  newAlert: { id: 'alerts.newAlert', defaultMessage: 'New alert' },
  cancel: { id: 'alerts.dialog.cancel', defaultMessage: 'Cancel' },
  save: { id: 'alerts.dialog.save', defaultMessage: 'Save alert' },
  create: { id: 'alerts.dialog.create', defaultMessage: 'Create alert' },
  title: { id: 'alerts.dialog.title', defaultMessage: 'Title' },
  level: { id: 'alerts.level', defaultMessage: 'Level' },
  criticalHint: { id: 'alerts.dialog.criticalHint', defaultMessage: 'Critical alerts cannot be dismissed and are announced at once.' },
  levelHint: { id: 'alerts.dialog.levelHint', defaultMessage: 'People can dismiss info and warning alerts.' },
  starts: { id: 'alerts.dialog.starts', defaultMessage: 'Starts' },
  ends: { id: 'alerts.dialog.ends', defaultMessage: 'Ends' },
  endsHint: { id: 'alerts.dialog.endsHint', defaultMessage: 'Leave empty to show it until you end it.' },
  zone: { id: 'alerts.dialog.zone', defaultMessage: 'Times are in your timezone, {zone}.' },
  message: { id: 'alerts.dialog.message', defaultMessage: 'Message' },
  messageHint: { id: 'alerts.dialog.messageHint', defaultMessage: 'Markdown: **bold**, _italic_, [links](https://…), lists.' },
  preview: { id: 'alerts.dialog.preview', defaultMessage: 'Preview' },
});

const levelOptions = () => ALERT_LEVELS.map((l) => ({ value: l, label: levelLabel(l) }));

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
      toast.success(alert ? t(m.saved) : t(m.created));
      onClose();
    }
  });

  const formId = alert ? `alert-form-${alert.id}` : 'alert-form-new';
  return (
    <Modal
      open
      size="lg"
      title={alert ? t(m.editTitle) : t(m.newAlert)}
      onClose={onClose}
      dismissible={!form.busy}
      footer={(
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.busy}>{t(m.cancel)}</Button>
          <Button type="submit" form={formId} busy={form.busy}>{alert ? t(m.save) : t(m.create)}</Button>
        </>
      )}
    >
      <form id={formId} ref={form.formRef} className="alert-form" onSubmit={submit} noValidate>
        <FormError error={form.formError} />
        <div className="split alert-form__grid">
          <div className="stack alert-form__fields">
            <TextField label={t(m.title)} {...form.field('title')} required maxLength={ALERT_TITLE_MAX} autoComplete="off" />
            <SelectField label={t(m.level)} {...form.field('level')} options={levelOptions()} required
              hint={level === 'critical' ? t(m.criticalHint) : t(m.levelHint)} />
            <AudiencePicker
              value={audience}
              onChange={(v) => setAudience(v)}
              audienceError={form.errors.audience}
              valuesError={form.errors.audience_values}
            />
            <div className="alert-form__when">
              <TextField label={t(m.starts)} type="datetime-local" {...form.field('starts_at')} required />
              <TextField label={t(m.ends)} type="datetime-local" {...form.field('ends_at')} hint={t(m.endsHint)} />
            </div>
            <p className="muted text-sm alert-form__zone">{t(m.zone, { zone: timeZone.replace(/_/g, ' ') })}</p>
          </div>
          <div className="stack alert-form__body">
            <TextAreaField label={t(m.message)} {...form.field('body')} rows={8} maxLength={ALERT_BODY_MAX}
              hint={t(m.messageHint)} />
            <section className="alert-form__preview" aria-labelledby={`${formId}-preview`}>
              <h3 id={`${formId}-preview`} className="alert-form__preview-title">{t(m.preview)}</h3>
              <div className={`alert-banner alert-banner--${level}`}>
                <div className="alert-banner__content">
                  <p className="alert-banner__title">{form.values.title || t(m.title)}</p>
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
