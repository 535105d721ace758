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
import { defineMessages, t, tRich } from '../../../lib/i18n';
import { pageBeforeSupport } from '../../../lib/pageTrail';
import { useAuthUser } from '../../../lib/session';
import { sendSupportRequest } from '../api';

const m = defineMessages({
  contact: { id: 'support.contact.button', defaultMessage: 'Contact support' },
  support: { id: 'support.contact.supportPage', defaultMessage: 'Support' },
  sentTitle: { id: 'support.contact.sentTitle', defaultMessage: 'Message sent' },
  close: { id: 'support.contact.close', defaultMessage: 'Close' },
  writeTo: { id: 'support.contact.writeTo', defaultMessage: 'You can also write to {email} at any time.' },
  title: { id: 'support.contact.title', defaultMessage: 'Contact support' },
  send: { id: 'support.contact.send', defaultMessage: 'Send message' },
  intro: { id: 'support.contact.intro', defaultMessage: 'Tell Coachwell’s support team what you were trying to do and what happened. They answer by email.' },
  introAt: { id: 'support.contact.introAt', defaultMessage: 'Tell Coachwell’s support team what you were trying to do and what happened. They answer by email at <b>{email}</b>.' },
  impersonatingTitle: { id: 'support.contact.impersonatingTitle', defaultMessage: 'You are impersonating this person' },
  impersonatingText: { id: 'support.contact.impersonatingText', defaultMessage: 'A message would go out in their name, so it cannot be sent while impersonating. Write to support from your own account instead.' },
  subject: { id: 'support.contact.subject', defaultMessage: 'Subject' },
  message: { id: 'support.contact.message', defaultMessage: 'Message' },
  attached: { id: 'support.contact.attached', defaultMessage: 'Sent with your message' },
  you: { id: 'support.contact.you', defaultMessage: 'You: {name} ({email})' },
  district: { id: 'support.contact.district', defaultMessage: 'Your district: {district}' },
  page: { id: 'support.contact.page', defaultMessage: 'The page you came from: {page}' },
  aPage: { id: 'support.contact.aPage', defaultMessage: 'a Coachwell page' },
});

export function ContactSupportButton({ variant = 'secondary', label }: { variant?: 'primary' | 'secondary' | 'ghost'; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} aria-haspopup="dialog">{label ?? t(m.contact)}</Button>
      {open && <ContactSupportDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function ContactSupportDialog({ onClose }: { onClose: () => void }) {
  const { user } = useAuthUser();
  const location = useLocation();
  // Where they were before Support; straight to Support (a shared link), the Support page itself.
  const [from] = useState(() => pageBeforeSupport() ?? { path: `${location.pathname}${location.search}`, title: t(m.support) });
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
      <Modal open title={t(m.sentTitle)} onClose={onClose} footer={<Button onClick={onClose}>{t(m.close)}</Button>}>
        <div className="stack" role="status">
          <p className="support-contact__sent">{sent.message}</p>
          <p className="muted text-sm">{t(m.writeTo, { email: sent.sent_to })}</p>
        </div>
      </Modal>
    );
  }

  return (
    <FormModal
      title={t(m.title)}
      onClose={onClose}
      form={{ busy: form.busy, formRef: form.formRef }}
      formId="contact-support-form"
      formClassName="form support-contact"
      onSubmit={submit}
      submitLabel={t(m.send)}
      submitDisabled={impersonating}
    >
      <p>{user ? tRich(m.introAt, { email: user.email, b: (chunks) => <strong>{chunks}</strong> }) : t(m.intro)}</p>
      {impersonating && (
        <Alert tone="warning" title={t(m.impersonatingTitle)}>
          <p>{t(m.impersonatingText)}</p>
        </Alert>
      )}
      <FormError error={form.formError} />
      <TextField label={t(m.subject)} required maxLength={SUPPORT_SUBJECT_MAX} autoComplete="off" {...form.field('subject')} />
      <TextAreaField label={t(m.message)} required rows={6} maxLength={SUPPORT_MESSAGE_MAX} {...form.field('message')} />
      <div className="support-contact__attached">
        <p className="support-contact__attached-title">{t(m.attached)}</p>
        <ul>
          {user && <li>{t(m.you, { name: user.name, email: user.email })}</li>}
          {user?.district && <li>{t(m.district, { district: user.district.name })}</li>}
          <li>{t(m.page, { page: from.title ?? t(m.aPage) })}</li>
        </ul>
      </div>
    </FormModal>
  );
}
