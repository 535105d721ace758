// Migrate Account (public): someone who already signs in to Coachwell with another district follows
// the emailed link, sees who invites them and what moves, and confirms with their password.
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { confirmMigrationSchema, type MigrationDetails, type MigrationResult, USER_MESSAGES } from '../../../common/schemas/users';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { ButtonLink } from '../../components/Button';
import { CurrentPasswordField } from '../../components/NewPasswordFields';
import { Form } from '../../components/Form';
import { LoadingBlock } from '../../components/Spinner';
import { useFormErrors } from '../../lib/forms';
import { useInstantFormat } from '../../lib/session';
import { confirmMigration, useMigration } from './api';
import { defineMessages, t, tRich, tText } from '../../lib/i18n';

const m = defineMessages({
  moveEyebrow: { id: 'users.moveEyebrow', defaultMessage: 'Move your login' },
  moveTitle: { id: 'users.moveTitle', defaultMessage: '{district} invites you to move your Coachwell login' },
  yourLogin: { id: 'users.yourLogin', defaultMessage: 'Your login' },
  invitedBy: { id: 'users.invitedBy', defaultMessage: 'Invited by' },
  invitedByValue: { id: 'users.invitedByValue', defaultMessage: '{name}, {district}' },
  validUntil: { id: 'users.validUntil', defaultMessage: 'Link valid until' },
  whatMoves: { id: 'users.whatMoves', defaultMessage: 'What moves' },
  movesLogin: { id: 'users.movesLogin', defaultMessage: 'Your login, with the same email and password.' },
  movesAccess: { id: 'users.movesAccess', defaultMessage: 'Your access: the roles and schools {district} chose for you.' },
  movesPrefs: { id: 'users.movesPrefs', defaultMessage: 'Your name and display preferences.' },
  whatStays: { id: 'users.whatStays', defaultMessage: 'What stays' },
  staysRecords: { id: 'users.staysRecords', defaultMessage: 'Your former district keeps its records: educator profiles, coaching history and reports.' },
  staysAccess: { id: 'users.staysAccess', defaultMessage: 'Your access to your former district ends when your login moves.' },
  submit: { id: 'users.submit', defaultMessage: 'Move my login' },
  currentPassword: { id: 'users.currentPassword', defaultMessage: 'Your current password' },
  passwordHint: { id: 'users.passwordHint', defaultMessage: 'To confirm it is really you. You will be signed out everywhere and sign in again afterwards.' },
  notExpecting: { id: 'users.notExpecting', defaultMessage: 'Not expecting this? Ignore the email and your login stays where it is. Forgot your password? <link>Reset it first</link>, then open this link again.' },
  moved: { id: 'users.moved', defaultMessage: 'Your login has moved to {district}' },
  allSet: { id: 'users.allSet', defaultMessage: 'All set' },
  signIn: { id: 'users.signIn', defaultMessage: 'Sign in' },
  opening: { id: 'users.opening', defaultMessage: 'Opening your invitation…' },
  cannotUse: { id: 'users.cannotUse', defaultMessage: 'This link cannot be used' },
  uhOh: { id: 'users.uhOh', defaultMessage: 'Uh-oh.' },
  askNew: { id: 'users.askNew', defaultMessage: 'Ask the district that invited you to send a new invitation. Your login has not changed.' },
  goSignIn: { id: 'users.goSignIn', defaultMessage: 'Go to sign in' },
});

const LOGIN = '/app/auth/login';

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="container users-migrate">
      <div className="card users-migrate__card">{children}</div>
    </div>
  );
}

function MigrateForm({ token, details, onDone }: { token: string; details: MigrationDetails; onDone: (r: MigrationResult) => void }) {
  const when = useInstantFormat();
  const form = useFormErrors({ password: '' });
  const district = details.district.name;

  const submit = form.onSubmit(async () => {
    const data = form.check(confirmMigrationSchema, form.values);
    if (!data) return;
    await form.run(async () => {
      onDone(await confirmMigration(token, data.password));
    });
  });

  return (
    <>
      <header className="users-migrate__header">
        <p className="users-migrate__eyebrow">{t(m.moveEyebrow)}</p>
        <h1 className="users-migrate__title">{t(m.moveTitle, { district })}</h1>
      </header>
      <dl className="dl users-migrate__facts">
        <dt>{t(m.yourLogin)}</dt>
        <dd>{details.email}</dd>
        <dt>{t(m.invitedBy)}</dt>
        <dd>{details.invited_by ? t(m.invitedByValue, { name: details.invited_by.name, district }) : district}</dd>
        <dt>{t(m.validUntil)}</dt>
        <dd><time dateTime={details.expires_at}>{when.dateTime(details.expires_at)}</time></dd>
      </dl>
      <div className="users-migrate__compare">
        <section aria-labelledby="migrate-moves" className="users-migrate__box">
          <h2 id="migrate-moves" className="users-migrate__box-title">{t(m.whatMoves)}</h2>
          <ul>
            <li>{t(m.movesLogin)}</li>
            <li>{t(m.movesAccess, { district })}</li>
            <li>{t(m.movesPrefs)}</li>
          </ul>
        </section>
        <section aria-labelledby="migrate-stays" className="users-migrate__box">
          <h2 id="migrate-stays" className="users-migrate__box-title">{t(m.whatStays)}</h2>
          <ul>
            <li>{t(m.staysRecords)}</li>
            <li>{t(m.staysAccess)}</li>
          </ul>
        </section>
      </div>
      <Form form={form} onSubmit={submit} submitLabel={t(m.submit)} actionsClassName="users-migrate__actions">
        <CurrentPasswordField
          field={form.field('password')}
          label={t(m.currentPassword)}
          hint={t(m.passwordHint)}
        />
      </Form>
      <p className="users-migrate__alt muted text-sm">
        {tRich(m.notExpecting, { link: (chunks) => <Link to="/app/auth/password-reset">{chunks}</Link> })}
      </p>
    </>
  );
}

function Done({ result }: { result: MigrationResult }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="stack users-migrate__done">
      <h1 className="users-migrate__title" ref={heading} tabIndex={-1}>{t(m.moved, { district: result.district.name })}</h1>
      <Alert tone="success" title={t(m.allSet)}>
        <p>{result.message}</p>
      </Alert>
      <div className="cluster">
        <ButtonLink to={LOGIN}>{t(m.signIn)}</ButtonLink>
      </div>
    </div>
  );
}

export default function MigrateAccountScreen(_props: ScreenProps) {
  const token = useParams().token ?? '';
  const { data, error, isLoading } = useMigration(token);
  const [result, setResult] = useState<MigrationResult | null>(null);

  if (result) return <Shell><Done result={result} /></Shell>;
  if (isLoading && !data) return <LoadingBlock label={t(m.opening)} />;
  if (error || !data) {
    return (
      <Shell>
        <h1 className="users-migrate__title">{t(m.cannotUse)}</h1>
        <Alert tone="danger" title={t(m.uhOh)}>
          <p>{error?.status === 404 || !error ? tText(USER_MESSAGES.migrationInvalid) : error.message}</p>
          <p>{t(m.askNew)}</p>
        </Alert>
        <p className="users-migrate__alt muted text-sm">
          <Link to={LOGIN}>{t(m.goSignIn)}</Link>
        </p>
      </Shell>
    );
  }
  return <Shell><MigrateForm token={token} details={data} onDone={setResult} /></Shell>;
}
