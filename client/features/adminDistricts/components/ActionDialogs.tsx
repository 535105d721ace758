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
import { plural } from '../../../../common/plural';

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
  return <TextAreaField label="Reason" required rows={3} maxLength={REASON_MAX} hint={hint} {...binding} />;
}

function DialogFooter({ busy, label, danger, formId, onClose }: { busy: boolean; label: string; danger?: boolean; formId: string; onClose: () => void }) {
  return (
    <>
      <Button variant="secondary" onClick={onClose} disabled={busy}>Cancel</Button>
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
      toast.success(`Trial extended to ${formatDay(zonedDay(updated.trial_ends_at!, district.timezone), locale)}.`);
    });
    if (ok) onClose();
  });
  return (
    <Modal open={open} title="Extend trial" onClose={onClose} dismissible={!form.busy}
      footer={<DialogFooter busy={form.busy} label="Extend trial" formId="adm-extend-form" onClose={onClose} />}>
      <form id="adm-extend-form" ref={form.formRef} className="form stack" noValidate onSubmit={submit}>
        <p className="muted">
          {district.trial_ends_at ? <>The trial of {district.name} ends on <strong>{formatDay(zonedDay(district.trial_ends_at, district.timezone), locale)}</strong>.</> : <>{district.name} has no trial end yet.</>}
        </p>
        <FormError error={form.formError} />
        <fieldset className="adm-choice">
          <legend className="field__label">Extend</legend>
          <label className="adm-choice__option">
            <input type="radio" name="mode" value="days" checked={form.values.mode === 'days'} onChange={() => form.set('mode', 'days')} />
            By a number of days
          </label>
          <label className="adm-choice__option">
            <input type="radio" name="mode" value="until" checked={form.values.mode === 'until'} onChange={() => form.set('mode', 'until')} />
            Until a date
          </label>
        </fieldset>
        {form.values.mode === 'days' ? (
          <TextField label="Days" type="number" inputMode="numeric" min={1} max={TRIAL_EXTENSION_MAX_DAYS} required
            hint={`From 1 to ${TRIAL_EXTENSION_MAX_DAYS}, added to the current end (or to today when the trial has ended).`} {...form.field('days')} />
        ) : (
          <TextField label="End date" type="date" required hint="The trial runs to the end of this day in the district's timezone." {...form.field('until')} />
        )}
        <ReasonField binding={form.field('reason')} hint="Why the trial is extended (kept in the audit log)." />
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
      toast.success(`${updated.name} is on ${updated.plan.name} with ${plural(updated.seats, 'seat', 'seats')}.`);
    });
    if (ok) onClose();
  });
  const belowUsed = Number(form.values.seats) < district.seats_used;
  return (
    <Modal open={open} title="Change plan or seats" onClose={onClose} dismissible={!form.busy}
      footer={<DialogFooter busy={form.busy} label="Save plan" formId="adm-plan-form" onClose={onClose} />}>
      <form id="adm-plan-form" ref={form.formRef} className="form stack" noValidate onSubmit={submit}>
        <FormError error={form.formError} />
        <SelectField label="Plan" required options={district.plans.map((p) => ({ value: String(p.id), label: p.name }))} {...form.field('plan_id')} />
        <TextField label="Coach seats" type="number" inputMode="numeric" min={1} max={MAX_SEATS} required
          hint={`${formatInteger(district.seats_used)} in use (active coaches).${belowUsed ? ' Fewer seats than coaches in use: the district will be over its seats.' : ''}`}
          {...form.field('seats')} />
        <ReasonField binding={form.field('reason')} hint="For example the signed quote or the support ticket (kept in the audit log)." />
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
      toast.success(`${district.name} is suspended.`);
    });
    if (ok) onClose();
  });
  return (
    <Modal open={open} title={`Suspend ${district.name}?`} onClose={onClose} dismissible={!form.busy}
      footer={<DialogFooter busy={form.busy} label="Suspend district" danger formId="adm-suspend-form" onClose={onClose} />}>
      <form id="adm-suspend-form" ref={form.formRef} className="form stack" noValidate onSubmit={submit}>
        <FormError error={form.formError} />
        <ul className="adm-consequences">
          <li>Its {plural(district.users.total, 'login', 'logins')} cannot sign in; anyone signed in is signed out on their next click and told to contact their district administrator or support.</li>
          <li>Its data stays: nothing is deleted, and reactivating restores sign-in.</li>
          <li>Coachwell staff can still impersonate its users to look.</li>
        </ul>
        <ReasonField binding={form.field('reason')} hint="Shown on this page while the district is suspended and kept in the audit log." />
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
      toast.success(`${district.name} is reactivated.`);
    });
    if (ok) onClose();
  });
  return (
    <Modal open={open} title={`Reactivate ${district.name}?`} onClose={onClose} dismissible={!form.busy}
      footer={<DialogFooter busy={form.busy} label="Reactivate district" formId="adm-reactivate-form" onClose={onClose} />}>
      <form id="adm-reactivate-form" ref={form.formRef} className="form stack" noValidate onSubmit={submit}>
        <FormError error={form.formError} />
        {district.suspension_reason && <p>Suspended because: <q>{district.suspension_reason}</q></p>}
        <p className="muted">Its people can sign in again and the district returns to its status before the suspension.</p>
        <ReasonField binding={form.field('reason')} hint="Why access is restored (kept in the audit log)." />
      </form>
    </Modal>
  );
}
