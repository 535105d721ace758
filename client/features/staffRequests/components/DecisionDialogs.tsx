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
    r && run(() => approveStaffRequest(r.id), [`${r.staff.name} joins ${r.building.name} on ${formatDay(r.start_date, locale)}.`, 'Request approved']);
  return (
    <ConfirmDialog
      open={r !== null}
      title="Approve this request?"
      confirmLabel="Approve request"
      busy={busy}
      onConfirm={confirm}
      onCancel={onClose}
      message={
        r && (
          <div className="stack stack--sm">
            <p>
              <strong>{r.staff.name}</strong> will work at <strong>{r.building.name}</strong> from {formatDay(r.start_date, locale)}.
            </p>
            <p>
              {r.from_building
                ? `Their building history at ${r.from_building.name} ends on ${formatDay(dayBefore(r.start_date), locale)}, and a new entry at ${r.building.name} starts on ${formatDay(r.start_date, locale)}.`
                : `A new building history entry at ${r.building.name} starts on ${formatDay(r.start_date, locale)}.`}
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
      toast.success(`The request for ${request.staff.name} was denied.`, 'Request denied');
      close();
    } else {
      await refreshStaffRequests();
    }
  });
  return (
    <Modal
      open={request !== null}
      title="Deny this request?"
      onClose={close}
      dismissible={!form.busy}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={form.busy}>Cancel</Button>
          <Button variant="danger" type="submit" form="staffRequests-deny-form" busy={form.busy}>Deny request</Button>
        </>
      }
    >
      {request && (
        <form id="staffRequests-deny-form" ref={form.formRef} className="form" noValidate onSubmit={submit}>
          <p>
            <strong>{request.staff.name}</strong> stays where they are; nothing changes in their building history.
          </p>
          <FormError error={form.formError} />
          <TextAreaField
            label="Reason"
            hint={`${request.requested_by ? request.requested_by.name : 'The requester'} sees this reason. Up to ${STAFF_REQUEST_REASON_MAX} characters.`}
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
    request && run(() => withdrawStaffRequest(request.id), [`Your request for ${request.staff.name} was withdrawn.`, 'Request withdrawn']);
  return (
    <ConfirmDialog
      open={request !== null}
      title="Withdraw this request?"
      confirmLabel="Withdraw request"
      cancelLabel="Keep request"
      danger
      busy={busy}
      onConfirm={confirm}
      onCancel={onClose}
      message={request && <p>The request to add <strong>{request.staff.name}</strong> to {request.building.name} is removed, and the district office will no longer see it.</p>}
    />
  );
}
