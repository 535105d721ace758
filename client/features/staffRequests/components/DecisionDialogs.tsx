import type { Locale } from 'date-fns';
import { useState } from 'react';
import { denyStaffRequestSchema, STAFF_REQUEST_REASON_MAX, type StaffRequest } from '../../../../common/schemas/staffRequests';
import { Button } from '../../../components/Button';
import { FormError, TextAreaField } from '../../../components/Field';
import { ConfirmDialog, Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toasts';
import { messageOf } from '../../../lib/formErrors';
import { useFormErrors } from '../../../lib/forms';
import { approveStaffRequest, denyStaffRequest, refreshStaffRequests, withdrawStaffRequest } from '../api';
import { dayBefore, formatDay } from '../../../lib/dates';
import { defineMessages, t, tRich } from '../../../lib/i18n';

const m = defineMessages({
  approvedToast: { id: 'staffRequests.approvedToast', defaultMessage: '{name} joins {school} on {date}.' },
  approvedTitle: { id: 'staffRequests.approvedTitle', defaultMessage: 'Request approved' },
  approveTitle: { id: 'staffRequests.approveTitle', defaultMessage: 'Approve this request?' },
  approveConfirm: { id: 'staffRequests.approveConfirm', defaultMessage: 'Approve request' },
  approveWorks: { id: 'staffRequests.approveWorks', defaultMessage: '<b>{name}</b> will work at <b>{school}</b> from {date}.' },
  approveHistoryMove: { id: 'staffRequests.approveHistoryMove', defaultMessage: 'Their building history at {from} ends on {end}, and a new entry at {school} starts on {start}.' },
  approveHistoryNew: { id: 'staffRequests.approveHistoryNew', defaultMessage: 'A new building history entry at {school} starts on {start}.' },
  deniedToast: { id: 'staffRequests.deniedToast', defaultMessage: 'The request for {name} was denied.' },
  deniedTitle: { id: 'staffRequests.deniedTitle', defaultMessage: 'Request denied' },
  denyTitle: { id: 'staffRequests.denyTitle', defaultMessage: 'Deny this request?' },
  cancel: { id: 'staffRequests.cancel', defaultMessage: 'Cancel' },
  denyConfirm: { id: 'staffRequests.denyConfirm', defaultMessage: 'Deny request' },
  denyStays: { id: 'staffRequests.denyStays', defaultMessage: '<b>{name}</b> stays where they are; nothing changes in their building history.' },
  reason: { id: 'staffRequests.reason', defaultMessage: 'Reason' },
  reasonHint: { id: 'staffRequests.reasonHint', defaultMessage: '{name} sees this reason. Up to {max} characters.' },
  reasonHintNoName: { id: 'staffRequests.reasonHintNoName', defaultMessage: 'The requester sees this reason. Up to {max} characters.' },
  withdrawnToast: { id: 'staffRequests.withdrawnToast', defaultMessage: 'Your request for {name} was withdrawn.' },
  withdrawnTitle: { id: 'staffRequests.withdrawnTitle', defaultMessage: 'Request withdrawn' },
  withdrawTitle: { id: 'staffRequests.withdrawTitle', defaultMessage: 'Withdraw this request?' },
  withdrawConfirm: { id: 'staffRequests.withdrawConfirm', defaultMessage: 'Withdraw request' },
  keep: { id: 'staffRequests.keep', defaultMessage: 'Keep request' },
  withdrawMessage: { id: 'staffRequests.withdrawMessage', defaultMessage: 'The request to add <b>{name}</b> to {school} is removed, and the district office will no longer see it.' },
});

/** Approve: explains the building history change before it happens. */

/**
 * A confirm dialog's action: busy while it runs, a success toast, and on failure an error toast and
 * a refreshed list (the request may have been decided meanwhile). The dialog closes either way.
 */
function useConfirmAction(onClose: () => void) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, success: [message: string, title: string]) => {
    setBusy(true);
    try {
      await action();
      toast.success(...success);
    } catch (err) {
      toast.error(messageOf(err));
      await refreshStaffRequests();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return { busy, run };
}

export function ApproveDialog({ request, locale, onClose }: { request: StaffRequest | null; locale?: Locale; onClose: () => void }) {
  const { busy, run } = useConfirmAction(onClose);
  const r = request;
  const confirm = () =>
    r && run(() => approveStaffRequest(r.id), [t(m.approvedToast, { name: r.staff.name, school: r.building.name, date: formatDay(r.start_date, locale) }), t(m.approvedTitle)]);
  return (
    <ConfirmDialog
      open={r !== null}
      title={t(m.approveTitle)}
      confirmLabel={t(m.approveConfirm)}
      busy={busy}
      onConfirm={confirm}
      onCancel={onClose}
      message={
        r && (
          <div className="stack stack--sm">
            <p>
              {tRich(m.approveWorks, { b: (chunks) => <strong>{chunks}</strong>, name: r.staff.name, school: r.building.name, date: formatDay(r.start_date, locale) })}
            </p>
            <p>
              {r.from_building
                ? t(m.approveHistoryMove, { from: r.from_building.name, end: formatDay(dayBefore(r.start_date), locale), school: r.building.name, start: formatDay(r.start_date, locale) })
                : t(m.approveHistoryNew, { school: r.building.name, start: formatDay(r.start_date, locale) })}
            </p>
          </div>
        )
      }
    />
  );
}

/** Deny: a reason is required; the requester sees it in their history. */
export function DenyDialog({ request, onClose }: { request: StaffRequest | null; onClose: () => void }) {
  const toast = useToast();
  const form = useFormErrors({ reason: '' });
  const close = () => {
    form.setValues({ reason: '' });
    onClose();
  };
  const submit = form.onSubmit(async () => {
    if (!request) return;
    const data = form.check(denyStaffRequestSchema, form.values);
    if (!data) return;
    const ok = await form.run(async () => {
      await denyStaffRequest(request.id, data.reason);
    });
    if (ok) {
      toast.success(t(m.deniedToast, { name: request.staff.name }), t(m.deniedTitle));
      close();
    } else {
      await refreshStaffRequests();
    }
  });
  return (
    <Modal
      open={request !== null}
      title={t(m.denyTitle)}
      onClose={close}
      dismissible={!form.busy}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={form.busy}>{t(m.cancel)}</Button>
          <Button variant="danger" type="submit" form="staffRequests-deny-form" busy={form.busy}>{t(m.denyConfirm)}</Button>
        </>
      }
    >
      {request && (
        <form id="staffRequests-deny-form" ref={form.formRef} className="form" noValidate onSubmit={submit}>
          <p>
            {tRich(m.denyStays, { b: (chunks) => <strong>{chunks}</strong>, name: request.staff.name })}
          </p>
          <FormError error={form.formError} />
          <TextAreaField
            label={t(m.reason)}
            hint={request.requested_by ? t(m.reasonHint, { name: request.requested_by.name, max: STAFF_REQUEST_REASON_MAX }) : t(m.reasonHintNoName, { max: STAFF_REQUEST_REASON_MAX })}
            required
            rows={4}
            maxLength={STAFF_REQUEST_REASON_MAX}
            {...form.field('reason')}
          />
        </form>
      )}
    </Modal>
  );
}

/** Withdraw: the requester takes back a pending request. */
export function WithdrawDialog({ request, onClose }: { request: StaffRequest | null; onClose: () => void }) {
  const { busy, run } = useConfirmAction(onClose);
  const confirm = () =>
    request && run(() => withdrawStaffRequest(request.id), [t(m.withdrawnToast, { name: request.staff.name }), t(m.withdrawnTitle)]);
  return (
    <ConfirmDialog
      open={request !== null}
      title={t(m.withdrawTitle)}
      confirmLabel={t(m.withdrawConfirm)}
      cancelLabel={t(m.keep)}
      danger
      busy={busy}
      onConfirm={confirm}
      onCancel={onClose}
      message={request && <p>{tRich(m.withdrawMessage, { b: (chunks) => <strong>{chunks}</strong>, name: request.staff.name, school: request.building.name })}</p>}
    />
  );
}
