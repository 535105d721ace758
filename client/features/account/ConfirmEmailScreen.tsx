// Confirm Email (security finding 12): the link emailed to a new address. The change takes effect
// when the person presses the button here (a mail scanner fetching the link changes nothing); every
// other session of theirs then ends.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { EmailChangeConfirmed } from '../../../common/schemas/account';
import { loginPathFor, type ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useAuthUser } from '../../lib/session';
import { defineMessages, t } from '../../lib/i18n';
import { confirmEmailChange } from './api';

const m = defineMessages({
  couldNotConfirm: { id: 'account.confirmEmail.couldNotConfirm', defaultMessage: 'We could not confirm your new email.' },
  couldNotConfirmTitle: { id: 'account.confirmEmail.couldNotConfirmTitle', defaultMessage: 'We could not confirm your new email' },
  backToAccount: { id: 'account.confirmEmail.backToAccount', defaultMessage: 'Back to your account' },
  signIn: { id: 'account.confirmEmail.signIn', defaultMessage: 'Sign in' },
  changedTitle: { id: 'account.confirmEmail.changedTitle', defaultMessage: 'Your email has been changed' },
  confirmed: { id: 'account.confirmEmail.confirmed', defaultMessage: 'Email confirmed' },
  title: { id: 'account.confirmEmail.title', defaultMessage: 'Confirm your new email' },
  subtitle: { id: 'account.confirmEmail.subtitle', defaultMessage: 'Confirm that you want to sign in to Coachwell with this address from now on.' },
  confirm: { id: 'account.confirmEmail.confirm', defaultMessage: 'Confirm my new email' },
  othersSignedOut: { id: 'account.confirmEmail.othersSignedOut', defaultMessage: 'Other devices signed in to your account will be signed out.' },
});

export default function ConfirmEmailScreen({ route }: ScreenProps) {
  const token = useParams().token ?? '';
  const { user } = useAuthUser();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<EmailChangeConfirmed | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      setDone(await confirmEmailChange(token));
    } catch (err) {
      setError(err instanceof Error ? err.message : t(m.couldNotConfirm));
    } finally {
      setBusy(false);
    }
  }

  const next = user
    ? <Link to={route.area === 'admin-auth' ? '/admin' : '/app/settings'}>{t(m.backToAccount)}</Link>
    : <Link to={loginPathFor(route.area)}>{t(m.signIn)}</Link>;

  if (done) {
    return (
      <div className="auth-screen">
        <header className="auth-screen__header">
          <h1 className="auth-layout__title">{t(m.changedTitle)}</h1>
        </header>
        <Alert tone="success" title={t(m.confirmed)}>
          <p>{done.message}</p>
        </Alert>
        <p className="auth-screen__alt">{next}</p>
      </div>
    );
  }

  return (
    <div className="auth-screen">
      <header className="auth-screen__header">
        <h1 className="auth-layout__title">{t(m.title)}</h1>
        <p className="auth-layout__subtitle">{t(m.subtitle)}</p>
      </header>
      {error && (
        <Alert tone="danger" title={t(m.couldNotConfirmTitle)}>
          <p>{error}</p>
        </Alert>
      )}
      <div className="form-actions">
        <Button type="button" busy={busy} onClick={confirm}>{t(m.confirm)}</Button>
      </div>
      <p className="auth-screen__alt muted text-sm">{t(m.othersSignedOut)}</p>
    </div>
  );
}
