import { Link, useNavigate, useParams } from 'react-router-dom';
import { passwordResetSchema } from '../../../common/schemas/auth';
import { loginPathFor, type ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { TextField } from '../../components/Field';
import { Form } from '../../components/Form';
import { useToast } from '../../components/Toasts';
import { resetPassword } from './api';
import { authAreaOf, authBasePath } from './area';
import { useFormErrors } from '../../lib/forms';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  title: { id: 'auth.reset.title', defaultMessage: 'Choose a new password' },
  subtitle: { id: 'auth.reset.subtitle', defaultMessage: 'Pick a password you do not use anywhere else. You will sign in with it from now on.' },
  linkProblem: { id: 'auth.reset.linkProblem', defaultMessage: 'This reset link cannot be used' },
  askNew: { id: 'auth.reset.askNew', defaultMessage: 'Ask for a new link' },
  submit: { id: 'auth.reset.submit', defaultMessage: 'Reset password' },
  email: { id: 'auth.reset.email', defaultMessage: 'Email' },
  newPassword: { id: 'auth.reset.newPassword', defaultMessage: 'New password' },
  confirmNew: { id: 'auth.reset.confirmNew', defaultMessage: 'Confirm new password' },
  back: { id: 'auth.reset.back', defaultMessage: 'Back to sign in' },
});

/** Route params arrive decoded once; an address that was encoded twice in the email link is decoded again. */
function decodeParam(raw: string | undefined): string {
  if (!raw) return '';
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export default function PasswordResetScreen({ route }: ScreenProps) {
  const area = authAreaOf(route.area);
  const params = useParams();
  const token = params.token ?? '';
  const email = decodeParam(params.email);
  const navigate = useNavigate();
  const toast = useToast();
  const form = useFormErrors({ password: '', password_confirmation: '' }, ['token', 'email']);
  const linkProblem = form.errors.token ?? form.errors.email;

  const submit = form.onSubmit(async () => {
    const data = form.check(passwordResetSchema, { ...form.values, token, email });
    if (!data) return;
    await form.run(async () => {
      const answer = await resetPassword(data);
      toast.success(answer.message);
      navigate(loginPathFor(answer.area === 'admin' ? 'admin-auth' : answer.area === 'app' ? 'app-auth' : route.area), {
        replace: true,
      });
    });
  });

  return (
    <div className="auth-screen">
      <header className="auth-screen__header">
        <h1 className="auth-layout__title">{t(m.title)}</h1>
        <p className="auth-layout__subtitle">
          {t(m.subtitle)}
        </p>
      </header>

      {linkProblem ? (
        <Alert tone="danger" title={t(m.linkProblem)}>
          <p>{linkProblem}</p>
          <p>
            <Link to={`${authBasePath(area)}/password-reset`}>{t(m.askNew)}</Link>
          </p>
        </Alert>
      ) : (
        <Form form={form} onSubmit={submit} submitLabel={t(m.submit)}>
          <TextField
            label={t(m.email)}
            name="email"
            type="email"
            value={email}
            onChange={() => undefined}
            readOnly
            autoComplete="username"
            className="auth-readonly"
          />
          <NewPasswordFields field={form.field} labels={[t(m.newPassword), t(m.confirmNew)]} />
        </Form>
      )}

      <p className="auth-screen__alt">
        <Link to={loginPathFor(route.area)}>{t(m.back)}</Link>
      </p>
    </div>
  );
}
