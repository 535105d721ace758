// Invite a Coachwell staff member: name, email and a provider role. The email links to
// /admin/auth/invite/{token}, where they choose a password.
import { inviteStaffSchema, PROVIDER_ROLE_DESCRIPTIONS, PROVIDER_ROLES, ROLE_NAMES } from '../../../../common/schemas/adminUsers';
import { Button } from '../../../components/Button';
import { FormError, TextField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { defineMessages, t, tText } from '../../../lib/i18n';
import { inviteStaff } from '../api';

const m = defineMessages({
  sent: { id: 'adminUsers.invite.sent', defaultMessage: 'An invitation is on its way to {email}. The link works for 7 days.' },
  sentTitle: { id: 'adminUsers.invite.sentTitle', defaultMessage: 'Invitation sent' },
  title: { id: 'adminUsers.invite.title', defaultMessage: 'Invite a staff member' },
  cancel: { id: 'adminUsers.invite.cancel', defaultMessage: 'Cancel' },
  send: { id: 'adminUsers.invite.send', defaultMessage: 'Send invitation' },
  name: { id: 'adminUsers.name', defaultMessage: 'Name' },
  email: { id: 'adminUsers.invite.email', defaultMessage: 'Email' },
  role: { id: 'adminUsers.role', defaultMessage: 'Role' },
});

export function InviteStaffDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const form = useFormErrors({ name: '', email: '', role: 'provider-support' });

  const submit = form.onSubmit(async () => {
    const data = form.check(inviteStaffSchema, form.values);
    if (!data) return;
    const ok = await form.run(async () => {
      const user = await inviteStaff(data);
      toast.success(t(m.sent, { email: user.email }), t(m.sentTitle));
    });
    if (ok) onClose();
  });

  const role = form.field('role');
  return (
    <Modal
      open
      title={t(m.title)}
      onClose={onClose}
      dismissible={!form.busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.busy}>{t(m.cancel)}</Button>
          <Button type="submit" form="invite-staff-form" busy={form.busy}>{t(m.send)}</Button>
        </>
      }
    >
      <form id="invite-staff-form" ref={form.formRef} className="form" noValidate onSubmit={submit}>
        <FormError error={form.formError} />
        <TextField label={t(m.name)} autoComplete="off" required {...form.field('name')} />
        <TextField label={t(m.email)} type="email" inputMode="email" autoComplete="off" required {...form.field('email')} />
        <fieldset className={['field', 'au-role-choice', role.error && 'field--invalid'].filter(Boolean).join(' ')}>
          <legend className="field__label">{t(m.role)}</legend>
          {PROVIDER_ROLES.map((r) => (
            <label key={r} className="au-role-choice__option">
              <input type="radio" name="role" value={r} checked={role.value === r} onChange={() => role.onChange(r)} />
              <span>
                <strong>{tText(ROLE_NAMES[r]!)}</strong>
                <span className="muted text-sm">{tText(PROVIDER_ROLE_DESCRIPTIONS[r])}</span>
              </span>
            </label>
          ))}
          {role.error && <p className="field__error">{role.error}</p>}
        </fieldset>
      </form>
    </Modal>
  );
}
