// "Contact support" (issue 26): a button on the Support screens that opens a short form (subject and
// message) emailed to Coachwell's support team. The person, their district and the page they came from
// are attached automatically (the form says so); the answer comes by email. While impersonating, the form
// explains that it cannot send (the server refuses with 403 too).
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, type SupportRequestAnswer, supportRequestSchema } from '../../../../common/schemas/support';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormError, TextAreaField, TextField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { Modal } from '../../../components/Modal';
import { useFormErrors } from '../../../lib/forms';
import { pageBeforeSupport } from '../../../lib/pageTrail';
import { useAuthUser } from '../../../lib/session';
import { sendSupportRequest } from '../api';

export function ContactSupportButton({ variant = 'secondary', label = 'Contact support' }: { variant?: 'primary' | 'secondary' | 'ghost'; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} aria-haspopup="dialog">{label}</Button>
      {open && <ContactSupportDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function ContactSupportDialog({ onClose }: { onClose: () => void }) {
  const { user } = useAuthUser();
  const location = useLocation();
  // Where they were before Support; straight to Support (a shared link), the Support page itself.
  const [from] = useState(() => pageBeforeSupport() ?? { path: `${location.pathname}${location.search}`, title: 'Support' });
  const form = useFormErrors({ subject: '', message: '' });
  const [sent, setSent] = useState<SupportRequestAnswer | null>(null);
  const impersonating = Boolean(user?.impersonating);

  const submit = form.onSubmit(async () => {
    const data = form.check(supportRequestSchema, { ...form.values, page: from.path });
    if (!data) return;
    await form.run(async () => {
      setSent(await sendSupportRequest(data));
    });
  });

  if (sent) {
    return (
      <Modal open title="Message sent" onClose={onClose} footer={<Button onClick={onClose}>Close</Button>}>
        <div className="stack" role="status">
          <p className="support-contact__sent">{sent.message}</p>
          <p className="muted text-sm">You can also write to {sent.sent_to} at any time.</p>
        </div>
      </Modal>
    );
  }

  return (
    <FormModal
      title="Contact support"
      onClose={onClose}
      form={{ busy: form.busy, formRef: form.formRef }}
      formId="contact-support-form"
      formClassName="form support-contact"
      onSubmit={submit}
      submitLabel="Send message"
      submitDisabled={impersonating}
    >
      <p>Tell Coachwell&rsquo;s support team what you were trying to do and what happened. They answer by email{user ? <> at <strong>{user.email}</strong></> : null}.</p>
      {impersonating && (
        <Alert tone="warning" title="You are impersonating this person">
          <p>A message would go out in their name, so it cannot be sent while impersonating. Write to support from your own account instead.</p>
        </Alert>
      )}
      <FormError error={form.formError} />
      <TextField label="Subject" required maxLength={SUPPORT_SUBJECT_MAX} autoComplete="off" {...form.field('subject')} />
      <TextAreaField label="Message" required rows={6} maxLength={SUPPORT_MESSAGE_MAX} {...form.field('message')} />
      <div className="support-contact__attached">
        <p className="support-contact__attached-title">Sent with your message</p>
        <ul>
          {user && <li>You: {user.name} ({user.email})</li>}
          {user?.district && <li>Your district: {user.district.name}</li>}
          <li>The page you came from: {from.title ?? 'a Coachwell page'}</li>
        </ul>
      </div>
    </FormModal>
  );
}
