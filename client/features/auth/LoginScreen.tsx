import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { loginSchema } from '../../../common/schemas/auth';
import { ssoRefusalText } from '../../../common/schemas/ssoSignIn';
import { safeRedirect } from '../../app/Guard';
import { homePathFor, type ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { TextField } from '../../components/Field';
import { Form } from '../../components/Form';
import { login } from './api';
import { authAreaOf, authBasePath } from './area';
import { SchoolAccountSignIn } from './SchoolAccountSignIn';
import { StaffAccountSignIn } from './StaffAccountSignIn';
import { useFormErrors } from '../../lib/forms';
import { currentLocale, defineMessages, t, tText } from '../../lib/i18n';

const m = defineMessages({
  adminTitle: { id: 'auth.login.adminTitle', defaultMessage: 'Coachwell staff sign in' },
  title: { id: 'auth.login.title', defaultMessage: 'Sign in to Coachwell' },
  adminSubtitle: { id: 'auth.login.adminSubtitle', defaultMessage: 'For members of the Coachwell team. District educators and leaders use the district sign-in page.' },
  subtitle: { id: 'auth.login.subtitle', defaultMessage: 'Plan, record and follow up on instructional coaching across your district.' },
  continueNotice: { id: 'auth.login.continueNotice', defaultMessage: 'Sign in to continue to the page you asked for.' },
  refusalTitle: { id: 'auth.login.refusalTitle', defaultMessage: 'We could not sign you in with your school account' },
  staffRefusalTitle: { id: 'auth.login.staffRefusalTitle', defaultMessage: 'We could not sign you in with your company account' },
  submit: { id: 'auth.login.submit', defaultMessage: 'Sign in' },
  email: { id: 'auth.login.email', defaultMessage: 'Email' },
  password: { id: 'auth.login.password', defaultMessage: 'Password' },
  forgot: { id: 'auth.login.forgot', defaultMessage: 'Forgot your password?' },
  or: { id: 'auth.login.or', defaultMessage: 'or' },
  newDistrict: { id: 'auth.login.newDistrict', defaultMessage: 'New district? Start a free trial' },
});

export default function LoginScreen({ route }: ScreenProps) {
  const area = authAreaOf(route.area);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get('redirect'), area);
  // A sign-in with a school (or, for Coachwell staff, company) account that came back refused (`?sso=<reason>`,
  // server/features/sso).
  const refusal = ssoRefusalText(searchParams.get('sso'), area);
  const form = useFormErrors({ email: '', password: '' });

  const submit = form.onSubmit(async () => {
    const data = form.check(loginSchema, { ...form.values, area });
    if (!data) return;
    await form.run(async () => {
      const user = await login({ email: data.email, password: data.password, area });
      const next = safeRedirect(searchParams.get('redirect'), area) ?? homePathFor(user);
      // Signed in in another language than this page's: a full load, so the app starts with that language's catalogue.
      if (user.locale !== currentLocale()) window.location.replace(next);
      else navigate(next, { replace: true });
    });
  });

  return (
    <div className="auth-screen">
      <header className="auth-screen__header">
        <h1 className="auth-layout__title">{t(area === 'admin' ? m.adminTitle : m.title)}</h1>
        <p className="auth-layout__subtitle">
          {t(area === 'admin' ? m.adminSubtitle : m.subtitle)}
        </p>
      </header>

      {redirect && (
        <Alert tone="info" className="auth-screen__notice">
          {t(m.continueNotice)}
        </Alert>
      )}

      {refusal && (
        <Alert tone="warning" title={t(area === 'admin' ? m.staffRefusalTitle : m.refusalTitle)} className="auth-screen__notice">
          {tText(refusal)}
        </Alert>
      )}

      <Form form={form} onSubmit={submit} submitLabel={t(m.submit)}>
        <TextField label={t(m.email)} type="email" autoComplete="username" inputMode="email" required {...form.field('email')} />
        <TextField label={t(m.password)} type="password" autoComplete="current-password" required {...form.field('password')} />
        <p className="auth-screen__inline-link">
          <Link to={`${authBasePath(area)}/password-reset`}>{t(m.forgot)}</Link>
        </p>
      </Form>

      {area === 'app' && (
        <>
          <p className="auth-sso__or" aria-hidden="true"><span>{t(m.or)}</span></p>
          <SchoolAccountSignIn />
        </>
      )}
      {area === 'admin' && <StaffAccountSignIn />}

      {area === 'app' && (
        <p className="auth-screen__alt">
          <Link to="/register">{t(m.newDistrict)}</Link>
        </p>
      )}
    </div>
  );
}
