// Migrate Account (public): someone who already signs in to Coachwell with another district follows
// the emailed link, sees who invites them and what moves, and confirms with their password.
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { confirmMigrationSchema, type MigrationDetails, type MigrationResult } from '../../../common/schemas/users';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { ButtonLink } from '../../components/Button';
import { CurrentPasswordField } from '../../components/NewPasswordFields';
import { Form } from '../../components/Form';
import { LoadingBlock } from '../../components/Spinner';
import { useFormErrors } from '../../lib/forms';
import { useInstantFormat } from '../../lib/session';
import { confirmMigration, useMigration } from './api';

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
        <p className="users-migrate__eyebrow">Move your login</p>
        <h1 className="users-migrate__title">{district} invites you to move your Coachwell login</h1>
      </header>
      <dl className="dl users-migrate__facts">
        <dt>Your login</dt>
        <dd>{details.email}</dd>
        <dt>Invited by</dt>
        <dd>{details.invited_by ? `${details.invited_by.name}, ${district}` : district}</dd>
        <dt>Link valid until</dt>
        <dd><time dateTime={details.expires_at}>{when.dateTime(details.expires_at)}</time></dd>
      </dl>
      <div className="users-migrate__compare">
        <section aria-labelledby="migrate-moves" className="users-migrate__box">
          <h2 id="migrate-moves" className="users-migrate__box-title">What moves</h2>
          <ul>
            <li>Your login, with the same email and password.</li>
            <li>Your access: the roles and schools {district} chose for you.</li>
            <li>Your name and display preferences.</li>
          </ul>
        </section>
        <section aria-labelledby="migrate-stays" className="users-migrate__box">
          <h2 id="migrate-stays" className="users-migrate__box-title">What stays</h2>
          <ul>
            <li>Your former district keeps its records: educator profiles, coaching history and reports.</li>
            <li>Your access to your former district ends when your login moves.</li>
          </ul>
        </section>
      </div>
      <Form form={form} onSubmit={submit} submitLabel="Move my login" actionsClassName="users-migrate__actions">
        <CurrentPasswordField
          field={form.field('password')}
          label="Your current password"
          hint="To confirm it is really you. You will be signed out everywhere and sign in again afterwards."
        />
      </Form>
      <p className="users-migrate__alt muted text-sm">
        Not expecting this? Ignore the email and your login stays where it is. Forgot your password?{' '}
        <Link to="/app/auth/password-reset">Reset it first</Link>, then open this link again.
      </p>
    </>
  );
}

function Done({ result }: { result: MigrationResult }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="stack users-migrate__done">
      <h1 className="users-migrate__title" ref={heading} tabIndex={-1}>Your login has moved to {result.district.name}</h1>
      <Alert tone="success" title="All set">
        <p>{result.message}</p>
      </Alert>
      <div className="cluster">
        <ButtonLink to={LOGIN}>Sign in</ButtonLink>
      </div>
    </div>
  );
}

export default function MigrateAccountScreen(_props: ScreenProps) {
  const token = useParams().token ?? '';
  const { data, error, isLoading } = useMigration(token);
  const [result, setResult] = useState<MigrationResult | null>(null);

  if (result) return <Shell><Done result={result} /></Shell>;
  if (isLoading && !data) return <LoadingBlock label="Opening your invitation…" />;
  if (error || !data) {
    return (
      <Shell>
        <h1 className="users-migrate__title">This link cannot be used</h1>
        <Alert tone="danger" title="Uh-oh.">
          <p>{error?.status === 404 || !error ? 'This link is invalid or has expired.' : error.message}</p>
          <p>Ask the district that invited you to send a new invitation. Your login has not changed.</p>
        </Alert>
        <p className="users-migrate__alt muted text-sm">
          <Link to={LOGIN}>Go to sign in</Link>
        </p>
      </Shell>
    );
  }
  return <Shell><MigrateForm token={token} details={data} onDone={setResult} /></Shell>;
}
