import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { PASSWORD_RESET_TTL_MINUTES } from '../../../common/constants';
import { passwordResetRequestSchema } from '../../../common/schemas/auth';
import { loginPathFor, type ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { TextField } from '../../components/Field';
import { Form } from '../../components/Form';
import { requestPasswordReset } from './api';
import { authAreaOf } from './area';
import { useFormErrors } from '../../lib/forms';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  title: { id: 'auth.resetRequest.title', defaultMessage: 'Reset your password' },
  intro: { id: 'auth.resetRequest.intro', defaultMessage: 'Enter the email you sign in with. We will send you a link to choose a new password; it works for {minutes} minutes.' },
  sentTitle: { id: 'auth.resetRequest.sentTitle', defaultMessage: 'Check your email' },
  noEmail: { id: 'auth.resetRequest.noEmail', defaultMessage: 'No email after a few minutes? Check your spam or junk folder, and make sure you used the address your account was created with.' },
  submit: { id: 'auth.resetRequest.submit', defaultMessage: 'Email me a reset link' },
  email: { id: 'auth.resetRequest.email', defaultMessage: 'Email' },
  back: { id: 'auth.resetRequest.back', defaultMessage: 'Back to sign in' },
});

export default function PasswordResetRequestScreen({ route }: ScreenProps) {
  const area = authAreaOf(route.area);
  const form = useFormErrors({ email: '' });
  const [sent, setSent] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);

  // Move focus to the confirmation so keyboard and screen reader users land on it.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const submit = form.onSubmit(async () => {
    const data = form.check(passwordResetRequestSchema, { ...form.values, area });
    if (!data) return;
    await form.run(async () => {
      const answer = await requestPasswordReset({ email: data.email, area });
      setSent(answer.message);
    });
  });

  return (
    <div className="auth-screen">
      <header className="auth-screen__header">
        <h1 className="auth-layout__title">{t(m.title)}</h1>
        {!sent && (
          <p className="auth-layout__subtitle">
            {t(m.intro, { minutes: PASSWORD_RESET_TTL_MINUTES })}
          </p>
        )}
      </header>

      {sent ? (
        <div className="stack auth-screen__result" ref={sentRef} tabIndex={-1}>
          <Alert tone="success" title={t(m.sentTitle)}>
            <p>{sent}</p>
          </Alert>
          <p className="muted text-sm">
            {t(m.noEmail)}
          </p>
        </div>
      ) : (
        <Form form={form} onSubmit={submit} submitLabel={t(m.submit)}>
          <TextField label={t(m.email)} type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
        </Form>
      )}

      <p className="auth-screen__alt">
        <Link to={loginPathFor(route.area)}>{t(m.back)}</Link>
      </p>
    </div>
  );
}
