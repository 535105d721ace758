// "Sign in with your company account" on the Coachwell staff sign-in page (issue 30, item 4): shown only when the
// server has the provider's own connection (PROVIDER_SSO_*); the browser then goes to that provider and comes back
// through the same callback as a district's people, into /admin. The server serves this page through the SPA (not
// the page pre-rendered at build time) when the connection is set, since the build cannot know it.
import { useState } from 'react';
import type { SsoKind } from '../../../common/ssoValues';
import { Button } from '../../components/Button';
import { FormError } from '../../components/Field';
import { messageOf } from '../../lib/formErrors';
import { defineMessages, t } from '../../lib/i18n';
import { startSchoolSignIn, useProviderStaffSso } from './api';

const m = defineMessages({
  or: { id: 'auth.staffSso.or', defaultMessage: 'or' },
  signInWith: { id: 'auth.staffSso.signInWith', defaultMessage: 'Sign in with {provider}' },
  companyAccount: { id: 'auth.staffSso.companyAccount', defaultMessage: 'your company account' },
  failed: { id: 'auth.staffSso.failed', defaultMessage: 'We could not start the sign-in. Try again.' },
});

const PROVIDER_NAMES: Record<SsoKind, string | null> = {
  google: 'Google', microsoft: 'Microsoft', clever: 'Clever', classlink: 'ClassLink', oidc: null,
};

export function StaffAccountSignIn() {
  const connection = useProviderStaffSso();
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const kind = connection.data?.kind;
  if (!kind) return null;
  const provider = PROVIDER_NAMES[kind] ?? t(m.companyAccount);

  const start = async () => {
    setError(null);
    setLeaving(true);
    try {
      const { redirect } = await startSchoolSignIn({ area: 'admin' });
      window.location.assign(redirect);
    } catch (err) {
      setLeaving(false);
      setError(messageOf(err, t(m.failed)));
    }
  };

  return (
    <>
      <p className="auth-sso__or" aria-hidden="true"><span>{t(m.or)}</span></p>
      <div className="auth-sso auth-sso--staff">
        <FormError error={error} />
        <Button variant="secondary" className="auth-sso__provider" busy={leaving} onClick={() => void start()}>
          {t(m.signInWith, { provider })}
        </Button>
      </div>
    </>
  );
}
