// "Sign in with your school account" on the login page (issue 30): the school email first (its domain finds
// the district's connection), then the browser goes to the provider; with `?district=<slug>` one button per
// provider the district connected. The pre-rendered login page has the same form, sent by
// client/app/loginPage.ts; a visit with `?district=` or a refusal's `?sso=` gets the SPA (server/static.ts).
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SSO_KIND_NAMES } from '../../../common/ssoValues';
import { Button } from '../../components/Button';
import { FormError, TextField } from '../../components/Field';
import { useFormErrors } from '../../lib/forms';
import { defineMessages, t } from '../../lib/i18n';
import { startSchoolSignIn, useSsoOptions } from './api';

const m = defineMessages({
  title: { id: 'auth.sso.title', defaultMessage: 'Sign in with your school account' },
  signInWith: { id: 'auth.sso.signInWith', defaultMessage: 'Sign in with {provider}' },
  email: { id: 'auth.sso.email', defaultMessage: 'School email' },
  emailHint: { id: 'auth.sso.emailHint', defaultMessage: "We send you to your school's sign-in page." },
  submit: { id: 'auth.sso.submit', defaultMessage: 'Continue with your school account' },
});

export function SchoolAccountSignIn() {
  const headingId = useId();
  const [searchParams] = useSearchParams();
  const options = useSsoOptions(searchParams.get('district'));
  const form = useFormErrors({ email: '' });
  const [leaving, setLeaving] = useState<string | null>(null);
  const [buttonError, setButtonError] = useState<string | null>(null);

  const submit = form.onSubmit(() => form.run(async () => {
    const { redirect } = await startSchoolSignIn({ email: form.values.email.trim() });
    setLeaving('email');
    window.location.assign(redirect);
  }));

  const startWith = async (kind: string) => {
    if (!options.data) return;
    setButtonError(null);
    setLeaving(kind);
    try {
      const { redirect } = await startSchoolSignIn({ district_id: options.data.district.id, kind });
      window.location.assign(redirect);
    } catch (err) {
      setLeaving(null);
      setButtonError((err as Error).message);
    }
  };

  return (
    <section className="auth-sso" aria-labelledby={headingId} data-sso-section="">
      <h2 className="auth-sso__title" id={headingId}>{t(m.title)}</h2>
      {options.data && (
        <div className="auth-sso__providers">
          <p className="auth-sso__district">{options.data.district.name}</p>
          <FormError error={buttonError} />
          {options.data.kinds.map((kind) => (
            <Button key={kind} variant="secondary" className="auth-sso__provider" busy={leaving === kind} onClick={() => void startWith(kind)}>
              {t(m.signInWith, { provider: SSO_KIND_NAMES[kind] })}
            </Button>
          ))}
        </div>
      )}
      <form ref={form.formRef} className="form auth-sso__form" noValidate onSubmit={submit} data-sso-form="">
        <FormError error={form.formError} />
        <TextField
          label={t(m.email)} type="email" autoComplete="email" inputMode="email" required
          hint={t(m.emailHint)} {...form.field('email')}
        />
        <div className="form-actions">
          <Button type="submit" variant="secondary" busy={form.busy || leaving === 'email'}>{t(m.submit)}</Button>
        </div>
      </form>
    </section>
  );
}
