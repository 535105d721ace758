// The account action dialogs of the District view: extend a trial, change plan or seats, suspend,
// reactivate. Each asks for a reason (kept in the audit log) and is confirmed by its own button.
import type { Locale } from 'date-fns';
import * as z from 'zod/mini';
import {
  type AdminDistrictDetail, ADMIN_DISTRICT_MESSAGES as M, MAX_SEATS, REASON_MAX, TRIAL_EXTENSION_MAX_DAYS,
  changePlanSchema, extendTrialSchema,
} from '../../../../common/schemas/adminDistricts';
import { text } from '../../../../common/schemas/fields';
import { Button } from '../../../components/Button';
import { FormError, SelectField, TextAreaField, TextField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toasts';
import { formatDay } from '../../../lib/dates';
import { formatInteger } from '../../../lib/format';
import { zonedDay } from '../../../lib/zonedTime';
import { type FieldBinding, useFormErrors } from '../../../lib/forms';
import { changePlan, extendTrial, reactivateDistrict, suspendDistrict } from '../api';
import { defineMessages, t, tRich } from '../../../lib/i18n';

const m = defineMessages({
  reason: { id: 'adminDistricts.action.reason', defaultMessage: 'Reason' },
  cancel: { id: 'adminDistricts.action.cancel', defaultMessage: 'Cancel' },
  trialExtended: { id: 'adminDistricts.action.trialExtended', defaultMessage: 'Trial extended to {date}.' },
  extendTrial: { id: 'adminDistricts.action.extendTrial', defaultMessage: 'Extend trial' },
  trialEndsOn: { id: 'adminDistricts.action.trialEndsOn', defaultMessage: 'The trial of {name} ends on <strong>{date}</strong>.' },
  noTrialEnd: { id: 'adminDistricts.action.noTrialEnd', defaultMessage: '{name} has no trial end yet.' },
  extend: { id: 'adminDistricts.action.extend', defaultMessage: 'Extend' },
  byDays: { id: 'adminDistricts.action.byDays', defaultMessage: 'By a number of days' },
  untilDate: { id: 'adminDistricts.action.untilDate', defaultMessage: 'Until a date' },
  days: { id: 'adminDistricts.action.days', defaultMessage: 'Days' },
  daysHint: { id: 'adminDistricts.action.daysHint', defaultMessage: 'From 1 to {max}, added to the current end (or to today when the trial has ended).' },
  endDate: { id: 'adminDistricts.action.endDate', defaultMessage: 'End date' },
  endDateHint: { id: 'adminDistricts.action.endDateHint', defaultMessage: "The trial runs to the end of this day in the district's timezone." },
  extendReasonHint: { id: 'adminDistricts.action.extendReasonHint', defaultMessage: 'Why the trial is extended (kept in the audit log).' },
  planChanged: { id: 'adminDistricts.action.planChanged', defaultMessage: '{count, plural, one {{name} is on {plan} with # seat.} other {{name} is on {plan} with # seats.}}' },
  changePlan: { id: 'adminDistricts.action.changePlan', defaultMessage: 'Change plan or seats' },
  savePlan: { id: 'adminDistricts.action.savePlan', defaultMessage: 'Save plan' },
  plan: { id: 'adminDistricts.action.plan', defaultMessage: 'Plan' },
  coachSeats: { id: 'adminDistricts.action.coachSeats', defaultMessage: 'Coach seats' },
  seatsHint: { id: 'adminDistricts.action.seatsHint', defaultMessage: '{used} in use (active coaches).' },
  seatsHintBelow: { id: 'adminDistricts.action.seatsHintBelow', defaultMessage: '{used} in use (active coaches). Fewer seats than coaches in use: the district will be over its seats.' },
  planReasonHint: { id: 'adminDistricts.action.planReasonHint', defaultMessage: 'For example the signed quote or the support ticket (kept in the audit log).' },
  suspended: { id: 'adminDistricts.action.suspended', defaultMessage: '{name} is suspended.' },
  suspendTitle: { id: 'adminDistricts.action.suspendTitle', defaultMessage: 'Suspend {name}?' },
  suspendDistrict: { id: 'adminDistricts.action.suspendDistrict', defaultMessage: 'Suspend district' },
  suspendLogins: { id: 'adminDistricts.action.suspendLogins', defaultMessage: '{count, plural, one {Its # login cannot sign in; anyone signed in is signed out on their next click and told to contact their district administrator or support.} other {Its # logins cannot sign in; anyone signed in is signed out on their next click and told to contact their district administrator or support.}}' },
  suspendData: { id: 'adminDistricts.action.suspendData', defaultMessage: 'Its data stays: nothing is deleted, and reactivating restores sign-in.' },
  suspendImpersonate: { id: 'adminDistricts.action.suspendImpersonate', defaultMessage: 'Coachwell staff can still impersonate its users to look.' },
  suspendReasonHint: { id: 'adminDistricts.action.suspendReasonHint', defaultMessage: 'Shown on this page while the district is suspended and kept in the audit log.' },
  reactivated: { id: 'adminDistricts.action.reactivated', defaultMessage: '{name} is reactivated.' },
  reactivateTitle: { id: 'adminDistricts.action.reactivateTitle', defaultMessage: 'Reactivate {name}?' },
  reactivateDistrict: { id: 'adminDistricts.action.reactivateDistrict', defaultMessage: 'Reactivate district' },
  suspendedBecause: { id: 'adminDistricts.action.suspendedBecause', defaultMessage: 'Suspended because: <q>{reason}</q>' },
  reactivateText: { id: 'adminDistricts.action.reactivateText', defaultMessage: 'Its people can sign in again and the district returns to its status before the suspension.' },
  reactivateReasonHint: { id: 'adminDistricts.action.reactivateReasonHint', defaultMessage: 'Why access is restored (kept in the audit log).' },
});

export type DistrictAction = 'extend-trial' | 'plan' | 'suspend' | 'reactivate';

const reasonSchema = z.object({ reason: text('Reason', REASON_MAX) });

type Props = { district: AdminDistrictDetail; action: DistrictAction | null; onClose: () => void; locale?: Locale };

export function DistrictActionDialog({ district, action, onClose, locale }: Props) {
  return (
    <>
      {/* Mounted while open, so each opening starts from the district as it is now. */}
      {action === 'extend-trial' && <ExtendTrialDialog open district={district} onClose={onClose} locale={locale} />}
      {action === 'plan' && <PlanDialog open district={district} onClose={onClose} />}
      {action === 'suspend' && <SuspendDialog open district={district} onClose={onClose} />}
      {action === 'reactivate' && <ReactivateDialog open district={district} onClose={onClose} />}
    </>
  );
}

type DialogProps = { open: boolean; district: AdminDistrictDetail; onClose: () => void };

function ReasonField({ binding, hint }: { binding: FieldBinding; hint: string }) {
  return <TextAreaField label={t(m.reason)} required rows={3} maxLength={REASON_MAX} hint={hint} {...binding} />;
}

function DialogFooter({ busy, label, danger, formId, onClose }: { busy: boolean; label: string; danger?: boolean; formId: string; onClose: () => void }) {
  return (
    <>
      <Button variant="secondary" onClick={onClose} disabled={busy}>{t(m.cancel)}</Button>
      <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} busy={busy}>{label}</Button>
    </>
  );
}

function ExtendTrialDialog({ open, district, onClose, locale }: DialogProps & { locale?: Locale }) {
  const toast = useToast();
  const form = useFormErrors({ mode: 'days', days: '14', until: '', reason: '' });
  const submit = form.onSubmit(async () => {
    if (!form.check(reasonSchema, { reason: form.values.reason })) return;
    const input = form.values.mode === 'days'
      ? { days: form.values.days.trim() === '' ? Number.NaN : Number(form.values.days), until: null, reason: form.values.reason }
      : { days: null, until: form.values.until, reason: form.values.reason };
    if (form.values.mode === 'until' && !input.until) {
      form.check(z.object({ until: z.string().check(z.minLength(1, M.untilFormat)) }), { until: '' });
      return;
    }
    const data = form.check(extendTrialSchema, input);
    if (!data) return;
    const ok = await form.run(async () => {
      const updated = await extendTrial(district.id, input);
      toast.success(t(m.trialExtended, { date: formatDay(zonedDay(updated.trial_ends_at!, district.timezone), locale) }));
    });
    if (ok) onClose();
  });
  return (
    <Modal open={open} title={t(m.extendTrial)} onClose={onClose} dismissible={!form.busy}
      footer={<DialogFooter busy={form.busy} label={t(m.extendTrial)} formId="adm-extend-form" onClose={onClose} />}>
      <form id="adm-extend-form" ref={form.formRef} className="form stack" noValidate onSubmit={submit}>
        <p className="muted">
          {district.trial_ends_at
            ? tRich(m.trialEndsOn, { name: district.name, date: formatDay(zonedDay(district.trial_ends_at, district.timezone), locale), strong: (chunks) => <strong>{chunks}</strong> })
            : t(m.noTrialEnd, { name: district.name })}
        </p>
        <FormError error={form.formError} />
        <fieldset className="adm-choice">
          <legend className="field__label">{t(m.extend)}</legend>
          <label className="adm-choice__option">
            <input type="radio" name="mode" value="days" checked={form.values.mode === 'days'} onChange={() => form.set('mode', 'days')} />
            {t(m.byDays)}
          </label>
          <label className="adm-choice__option">
            <input type="radio" name="mode" value="until" checked={form.values.mode === 'until'} onChange={() => form.set('mode', 'until')} />
            {t(m.untilDate)}
          </label>
        </fieldset>
        {form.values.mode === 'days' ? (
          <TextField label={t(m.days)} type="number" inputMode="numeric" min={1} max={TRIAL_EXTENSION_MAX_DAYS} required
            hint={t(m.daysHint, { max: TRIAL_EXTENSION_MAX_DAYS })} {...form.field('days')} />
        ) : (
          <TextField label={t(m.endDate)} type="date" required hint={t(m.endDateHint)} {...form.field('until')} />
        )}
        <ReasonField binding={form.field('reason')} hint={t(m.extendReasonHint)} />
      </form>
    </Modal>
  );
}

function PlanDialog({ open, district, onClose }: DialogProps) {
  const toast = useToast();
  const form = useFormErrors({ plan_id: String(district.plan.id), seats: String(district.seats), reason: '' });
  const submit = form.onSubmit(async () => {
    const input = { plan_id: Number(form.values.plan_id), seats: form.values.seats.trim() === '' ? Number.NaN : Number(form.values.seats), reason: form.values.reason };
    const data = form.check(changePlanSchema, input);
    if (!data || !form.check(reasonSchema, { reason: form.values.reason })) return;
    const ok = await form.run(async () => {
      const updated = await changePlan(district.id, input);
      toast.success(t(m.planChanged, { name: updated.name, plan: updated.plan.name, count: updated.seats }));
    });
    if (ok) onClose();
  });
  const belowUsed = Number(form.values.seats) < district.seats_used;
  return (
    <Modal open={open} title={t(m.changePlan)} onClose={onClose} dismissible={!form.busy}
      footer={<DialogFooter busy={form.busy} label={t(m.savePlan)} formId="adm-plan-form" onClose={onClose} />}>
      <form id="adm-plan-form" ref={form.formRef} className="form stack" noValidate onSubmit={submit}>
        <FormError error={form.formError} />
        <SelectField label={t(m.plan)} required options={district.plans.map((p) => ({ value: String(p.id), label: p.name }))} {...form.field('plan_id')} />
        <TextField label={t(m.coachSeats)} type="number" inputMode="numeric" min={1} max={MAX_SEATS} required
          hint={t(belowUsed ? m.seatsHintBelow : m.seatsHint, { used: formatInteger(district.seats_used) })}
          {...form.field('seats')} />
        <ReasonField binding={form.field('reason')} hint={t(m.planReasonHint)} />
      </form>
    </Modal>
  );
}

function SuspendDialog({ open, district, onClose }: DialogProps) {
  const toast = useToast();
  const form = useFormErrors({ reason: '' });
  const submit = form.onSubmit(async () => {
    if (!form.check(reasonSchema, form.values)) return;
    const ok = await form.run(async () => {
      await suspendDistrict(district.id, { reason: form.values.reason });
      toast.success(t(m.suspended, { name: district.name }));
    });
    if (ok) onClose();
  });
  return (
    <Modal open={open} title={t(m.suspendTitle, { name: district.name })} onClose={onClose} dismissible={!form.busy}
      footer={<DialogFooter busy={form.busy} label={t(m.suspendDistrict)} danger formId="adm-suspend-form" onClose={onClose} />}>
      <form id="adm-suspend-form" ref={form.formRef} className="form stack" noValidate onSubmit={submit}>
        <FormError error={form.formError} />
        <ul className="adm-consequences">
          <li>{t(m.suspendLogins, { count: district.users.total })}</li>
          <li>{t(m.suspendData)}</li>
          <li>{t(m.suspendImpersonate)}</li>
        </ul>
        <ReasonField binding={form.field('reason')} hint={t(m.suspendReasonHint)} />
      </form>
    </Modal>
  );
}

function ReactivateDialog({ open, district, onClose }: DialogProps) {
  const toast = useToast();
  const form = useFormErrors({ reason: '' });
  const submit = form.onSubmit(async () => {
    if (!form.check(reasonSchema, form.values)) return;
    const ok = await form.run(async () => {
      await reactivateDistrict(district.id, { reason: form.values.reason });
      toast.success(t(m.reactivated, { name: district.name }));
    });
    if (ok) onClose();
  });
  return (
    <Modal open={open} title={t(m.reactivateTitle, { name: district.name })} onClose={onClose} dismissible={!form.busy}
      footer={<DialogFooter busy={form.busy} label={t(m.reactivateDistrict)} formId="adm-reactivate-form" onClose={onClose} />}>
      <form id="adm-reactivate-form" ref={form.formRef} className="form stack" noValidate onSubmit={submit}>
        <FormError error={form.formError} />
        {district.suspension_reason && <p>{tRich(m.suspendedBecause, { reason: district.suspension_reason, q: (chunks) => <q>{chunks}</q> })}</p>}
        <p className="muted">{t(m.reactivateText)}</p>
        <ReasonField binding={form.field('reason')} hint={t(m.reactivateReasonHint)} />
      </form>
    </Modal>
  );
}
