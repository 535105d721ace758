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
import { useFormErrors } from '../../lib/forms';

export default function LoginScreen({ route }: ScreenProps) {
  const area = authAreaOf(route.area);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get('redirect'), area);
  // A sign-in with a school account that came back refused (`?sso=<reason>`, server/features/sso).
  const refusal = area === 'app' ? ssoRefusalText(searchParams.get('sso')) : null;
  const form = useFormErrors({ email: '', password: '' });

  const submit = form.onSubmit(async () => {
    const data = form.check(loginSchema, { ...form.values, area });
    if (!data) return;
    await form.run(async () => {
      const user = await login({ email: data.email, password: data.password, area });
      navigate(safeRedirect(searchParams.get('redirect'), area) ?? homePathFor(user), { replace: true });
    });
  });

  return (
    <div className="auth-screen">
      <header className="auth-screen__header">
        <h1 className="auth-layout__title">{area === 'admin' ? 'Coachwell staff sign in' : 'Sign in to Coachwell'}</h1>
        <p className="auth-layout__subtitle">
          {area === 'admin'
            ? 'For members of the Coachwell team. District educators and leaders use the district sign-in page.'
            : 'Plan, record and follow up on instructional coaching across your district.'}
        </p>
      </header>

      {redirect && (
        <Alert tone="info" className="auth-screen__notice">
          Sign in to continue to the page you asked for.
        </Alert>
      )}

      {refusal && (
        <Alert tone="warning" title="We could not sign you in with your school account" className="auth-screen__notice">
          {refusal}
        </Alert>
      )}

      <Form form={form} onSubmit={submit} submitLabel="Sign in">
        <TextField label="Email" type="email" autoComplete="username" inputMode="email" required {...form.field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" required {...form.field('password')} />
        <p className="auth-screen__inline-link">
          <Link to={`${authBasePath(area)}/password-reset`}>Forgot your password?</Link>
        </p>
      </Form>

      {area === 'app' && (
        <>
          <p className="auth-sso__or" aria-hidden="true"><span>or</span></p>
          <SchoolAccountSignIn />
        </>
      )}

      {area === 'app' && (
        <p className="auth-screen__alt">
          <Link to="/register">New district? Start a free trial</Link>
        </p>
      )}
    </div>
  );
}
