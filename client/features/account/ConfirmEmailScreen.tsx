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
import { confirmEmailChange } from './api';

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
      setError(err instanceof Error ? err.message : 'We could not confirm your new email.');
    } finally {
      setBusy(false);
    }
  }

  const next = user
    ? <Link to={route.area === 'admin-auth' ? '/admin' : '/app/settings'}>Back to your account</Link>
    : <Link to={loginPathFor(route.area)}>Sign in</Link>;

  if (done) {
    return (
      <div className="auth-screen">
        <header className="auth-screen__header">
          <h1 className="auth-layout__title">Your email has been changed</h1>
        </header>
        <Alert tone="success" title="Email confirmed">
          <p>{done.message}</p>
        </Alert>
        <p className="auth-screen__alt">{next}</p>
      </div>
    );
  }

  return (
    <div className="auth-screen">
      <header className="auth-screen__header">
        <h1 className="auth-layout__title">Confirm your new email</h1>
        <p className="auth-layout__subtitle">Confirm that you want to sign in to Coachwell with this address from now on.</p>
      </header>
      {error && (
        <Alert tone="danger" title="We could not confirm your new email">
          <p>{error}</p>
        </Alert>
      )}
      <div className="form-actions">
        <Button type="button" busy={busy} onClick={confirm}>Confirm my new email</Button>
      </div>
      <p className="auth-screen__alt muted text-sm">Other devices signed in to your account will be signed out.</p>
    </div>
  );
}
