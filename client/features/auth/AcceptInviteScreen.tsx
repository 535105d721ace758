import { Link, useNavigate, useParams } from 'react-router-dom';
import { acceptInviteSchema } from '../../../common/schemas/auth';
import { homePathFor, loginPathFor, type ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { TextField } from '../../components/Field';
import { Form } from '../../components/Form';
import { LoadingBlock } from '../../components/Spinner';
import { acceptInvite, type InviteDetails, useInvite } from './api';
import { useFormErrors } from '../../lib/forms';
import { useInstantFormat } from '../../lib/session';
import { NewPasswordFields } from '../../components/NewPasswordFields';

function InviteForm({ token, invite }: { token: string; invite: InviteDetails }) {
  const navigate = useNavigate();
  const when = useInstantFormat();
  const form = useFormErrors({ name: invite.name ?? '', password: '', password_confirmation: '' });

  const submit = form.onSubmit(async () => {
    const data = form.check(acceptInviteSchema, form.values);
    if (!data) return;
    await form.run(async () => {
      const user = await acceptInvite(token, data);
      navigate(homePathFor(user), { replace: true });
    });
  });

  return (
    <>
      <header className="auth-screen__header">
        <h1 className="auth-layout__title">
          {invite.district ? `Join ${invite.district.name}` : 'Join Coachwell staff'}
        </h1>
        <p className="auth-layout__subtitle">
          {invite.invited_by
            ? `${invite.invited_by.name} invited you to Coachwell as ${invite.email}.`
            : `You have been invited to Coachwell as ${invite.email}.`}
        </p>
      </header>
      <p className="auth-screen__meta muted text-sm">
        Set your name and a password to finish creating your account. This invitation is valid until{' '}
        <time dateTime={invite.expires_at}>{when.dateTime(invite.expires_at)}</time>.
      </p>
      <Form form={form} onSubmit={submit} submitLabel="Accept invitation">
        <TextField label="Your name" autoComplete="name" required {...form.field('name')} />
        <NewPasswordFields field={form.field} />
      </Form>
    </>
  );
}

export default function AcceptInviteScreen({ route }: ScreenProps) {
  const token = useParams().token ?? '';
  const { data: invite, error, isLoading } = useInvite(token);
  const signIn = <Link to={loginPathFor(route.area)}>Go to sign in</Link>;

  if (isLoading && !invite) return <LoadingBlock label="Loading your invitation…" />;

  if (error || !invite) {
    return (
      <div className="auth-screen">
        <header className="auth-screen__header">
          <h1 className="auth-layout__title">Invitation unavailable</h1>
        </header>
        <Alert tone="danger" title="We could not open this invitation">
          <p>{error?.message ?? 'This invitation link is not valid.'}</p>
          <p>
            Ask the person who invited you to send a new invitation. Already have an account? {signIn}
          </p>
        </Alert>
      </div>
    );
  }

  return (
    <div className="auth-screen">
      <InviteForm token={token} invite={invite} />
      <p className="auth-screen__alt">Already have an account? {signIn}</p>
    </div>
  );
}
