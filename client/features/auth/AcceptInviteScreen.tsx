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
import { defineMessages, t, tRich } from '../../lib/i18n';

const m = defineMessages({
  joinDistrict: { id: 'auth.invite.joinDistrict', defaultMessage: 'Join {district}' },
  joinStaff: { id: 'auth.invite.joinStaff', defaultMessage: 'Join Coachwell staff' },
  invitedBy: { id: 'auth.invite.invitedBy', defaultMessage: '{name} invited you to Coachwell as {email}.' },
  invited: { id: 'auth.invite.invited', defaultMessage: 'You have been invited to Coachwell as {email}.' },
  validUntil: { id: 'auth.invite.validUntil', defaultMessage: 'Set your name and a password to finish creating your account. This invitation is valid until <when></when>.' },
  submit: { id: 'auth.invite.submit', defaultMessage: 'Accept invitation' },
  yourName: { id: 'auth.invite.yourName', defaultMessage: 'Your name' },
  goToSignIn: { id: 'auth.invite.goToSignIn', defaultMessage: 'Go to sign in' },
  loading: { id: 'auth.invite.loading', defaultMessage: 'Loading your invitation…' },
  unavailable: { id: 'auth.invite.unavailable', defaultMessage: 'Invitation unavailable' },
  cannotOpen: { id: 'auth.invite.cannotOpen', defaultMessage: 'We could not open this invitation' },
  notValid: { id: 'auth.invite.notValid', defaultMessage: 'This invitation link is not valid.' },
  askNew: { id: 'auth.invite.askNew', defaultMessage: 'Ask the person who invited you to send a new invitation. Already have an account? <signIn></signIn>' },
  alreadyHave: { id: 'auth.invite.alreadyHave', defaultMessage: 'Already have an account? <signIn></signIn>' },
});

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
          {invite.district ? t(m.joinDistrict, { district: invite.district.name }) : t(m.joinStaff)}
        </h1>
        <p className="auth-layout__subtitle">
          {invite.invited_by
            ? t(m.invitedBy, { name: invite.invited_by.name, email: invite.email })
            : t(m.invited, { email: invite.email })}
        </p>
      </header>
      <p className="auth-screen__meta muted text-sm">
        {tRich(m.validUntil, { when: () => <time dateTime={invite.expires_at}>{when.dateTime(invite.expires_at)}</time> })}
      </p>
      <Form form={form} onSubmit={submit} submitLabel={t(m.submit)}>
        <TextField label={t(m.yourName)} autoComplete="name" required {...form.field('name')} />
        <NewPasswordFields field={form.field} />
      </Form>
    </>
  );
}

export default function AcceptInviteScreen({ route }: ScreenProps) {
  const token = useParams().token ?? '';
  const { data: invite, error, isLoading } = useInvite(token);
  const signIn = <Link to={loginPathFor(route.area)}>{t(m.goToSignIn)}</Link>;

  if (isLoading && !invite) return <LoadingBlock label={t(m.loading)} />;

  if (error || !invite) {
    return (
      <div className="auth-screen">
        <header className="auth-screen__header">
          <h1 className="auth-layout__title">{t(m.unavailable)}</h1>
        </header>
        <Alert tone="danger" title={t(m.cannotOpen)}>
          <p>{error?.message ?? t(m.notValid)}</p>
          <p>
            {tRich(m.askNew, { signIn: () => signIn })}
          </p>
        </Alert>
      </div>
    );
  }

  return (
    <div className="auth-screen">
      <InviteForm token={token} invite={invite} />
      <p className="auth-screen__alt">{tRich(m.alreadyHave, { signIn: () => signIn })}</p>
    </div>
  );
}
