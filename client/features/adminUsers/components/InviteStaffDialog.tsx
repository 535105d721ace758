// Invite a Coachwell staff member: name, email and a provider role. The email links to
// /admin/auth/invite/{token}, where they choose a password.
import { inviteStaffSchema, PROVIDER_ROLE_DESCRIPTIONS, PROVIDER_ROLES, ROLE_NAMES } from '../../../../common/schemas/adminUsers';
import { Button } from '../../../components/Button';
import { FormError, TextField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { inviteStaff } from '../api';

export function InviteStaffDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const form = useFormErrors({ name: '', email: '', role: 'provider-support' });

  const submit = form.onSubmit(async () => {
    const data = form.check(inviteStaffSchema, form.values);
    if (!data) return;
    const ok = await form.run(async () => {
      const user = await inviteStaff(data);
      toast.success(`An invitation is on its way to ${user.email}. The link works for 7 days.`, 'Invitation sent');
    });
    if (ok) onClose();
  });

  const role = form.field('role');
  return (
    <Modal
      open
      title="Invite a staff member"
      onClose={onClose}
      dismissible={!form.busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.busy}>Cancel</Button>
          <Button type="submit" form="invite-staff-form" busy={form.busy}>Send invitation</Button>
        </>
      }
    >
      <form id="invite-staff-form" ref={form.formRef} className="form" noValidate onSubmit={submit}>
        <FormError error={form.formError} />
        <TextField label="Name" autoComplete="off" required {...form.field('name')} />
        <TextField label="Email" type="email" inputMode="email" autoComplete="off" required {...form.field('email')} />
        <fieldset className={['field', 'au-role-choice', role.error && 'field--invalid'].filter(Boolean).join(' ')}>
          <legend className="field__label">Role</legend>
          {PROVIDER_ROLES.map((r) => (
            <label key={r} className="au-role-choice__option">
              <input type="radio" name="role" value={r} checked={role.value === r} onChange={() => role.onChange(r)} />
              <span>
                <strong>{ROLE_NAMES[r]}</strong>
                <span className="muted text-sm">{PROVIDER_ROLE_DESCRIPTIONS[r]}</span>
              </span>
            </label>
          ))}
          {role.error && <p className="field__error">{role.error}</p>}
        </fieldset>
      </form>
    </Modal>
  );
}
