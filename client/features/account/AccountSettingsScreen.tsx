import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AuthUser } from '../../../common/authUser';
import { DATE_LOCALES } from '../../../common/constants';
import { hasPermission, permissionScope, PERMISSIONS } from '../../../common/permissions';
import { accountEmailSchema, accountPasswordSchema, accountProfileSchema } from '../../../common/schemas/account';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { CheckboxField, SelectField, TextField } from '../../components/Field';
import { Form, FormContent, type FormState } from '../../components/Form';
import { PageHeader } from '../../components/PageHeader';
import { SettingsCard } from '../../components/SettingsCard';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { todayIn } from '../../lib/dates';
import { formatDate } from '../../lib/format';
import { dayAsDate } from '../../lib/zonedTime';
import { useAuthUser, useDateLocaleFor } from '../../lib/session';
import { useFormErrors } from '../../lib/forms';
import { CurrentPasswordField, NewPasswordFields } from '../../components/NewPasswordFields';
import { timezoneOptions } from '../../lib/timezones';
import { LoadError } from '../../components/LoadError';
import { downloadOwnData, updateEmail, updatePassword, updatePreferences, updateProfile, useAccountPreferences } from './api';
import { Button } from '../../components/Button';
import { messageOf } from '../../lib/formErrors';

const LOCALE_OPTIONS = Object.entries(DATE_LOCALES).map(([value, label]) => ({ value, label }));


const IMPERSONATING_NOTE = (
  <Alert tone="info" title="Not available while impersonating">
    <p>Email and password changes belong to the account owner, so they are turned off while you act as this user.</p>
  </Alert>
);

/** A form only the account's owner may send: turned off, with a note, while impersonating. */
function OwnerOnlyForm({ user, form, onSubmit, legend, submitLabel, notice, children }: {
  user: AuthUser;
  form: FormState;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  legend: string;
  submitLabel: string;
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit}>
      {user.impersonating && IMPERSONATING_NOTE}
      {notice}
      <fieldset className="settings-fieldset form" disabled={user.impersonating}>
        <legend className="sr-only">{legend}</legend>
        <FormContent form={form} submitLabel={submitLabel}>{children}</FormContent>
      </fieldset>
    </form>
  );
}

function ProfileForm({ user }: { user: AuthUser }) {
  const toast = useToast();
  const form = useFormErrors({ name: user.name, date_locale: user.date_locale, timezone: user.timezone });
  const locale = useDateLocaleFor(form.values.date_locale);

  const submit = form.onSubmit(async () => {
    const data = form.check(accountProfileSchema, form.values);
    if (!data) return;
    await form.run(async () => {
      await updateProfile(data);
      toast.success('Your profile has been saved.');
    });
  });

  return (
    <Form form={form} onSubmit={submit} submitLabel="Save profile">
      <TextField label="Name" autoComplete="name" required {...form.field('name')} />
      <div className="grid-2">
        <SelectField label="Date language" options={LOCALE_OPTIONS} required {...form.field('date_locale')} />
        <SelectField label="Timezone" options={timezoneOptions(user.timezone)} required {...form.field('timezone')} />
      </div>
      <p className="settings-preview" aria-live="polite">
        Dates will look like: <strong>{formatDate(dayAsDate(todayIn(form.values.timezone)), locale)}</strong>
      </p>
    </Form>
  );
}

function EmailForm({ user }: { user: AuthUser }) {
  const form = useFormErrors({ email: user.email, current_password: '' });
  const [pending, setPending] = useState<string | null>(null);

  const submit = form.onSubmit(async () => {
    const data = form.check(accountEmailSchema, form.values);
    if (!data) return;
    await form.run(async () => {
      const answer = await updateEmail(data);
      form.setValues({ email: user.email, current_password: '' });
      setPending(answer.message);
    });
  });

  return (
    <OwnerOnlyForm
      user={user}
      form={form}
      onSubmit={submit}
      legend="Change email"
      submitLabel="Change email"
      notice={pending && (
        <Alert tone="info" title="Check your inbox">
          <p>{pending}</p>
        </Alert>
      )}
    >
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
      <CurrentPasswordField field={form.field('current_password')} hint="We ask for it to confirm this change is yours." />
    </OwnerOnlyForm>
  );
}

function PasswordForm({ user }: { user: AuthUser }) {
  const toast = useToast();
  const empty = { current_password: '', password: '', password_confirmation: '' };
  const form = useFormErrors(empty);

  const submit = form.onSubmit(async () => {
    const data = form.check(accountPasswordSchema, form.values);
    if (!data) return;
    await form.run(async () => {
      const answer = await updatePassword(data);
      form.setValues(empty);
      toast.success(answer.message, 'Password changed');
    });
  });

  return (
    <OwnerOnlyForm user={user} form={form} onSubmit={submit} legend="Change password" submitLabel="Change password">
      <CurrentPasswordField field={form.field('current_password')} />
      <NewPasswordFields field={form.field} labels={['New password', 'Confirm new password']} sideBySide />
    </OwnerOnlyForm>
  );
}

/** The educator's email preferences: the weekly email of their action steps (on unless they turned it off). */
function EmailPreferencesForm({ actionStepDigest }: { actionStepDigest: boolean }) {
  const toast = useToast();
  const form = useFormErrors({ action_step_digest: actionStepDigest ? '1' : '' });

  const submit = form.onSubmit(async () => {
    await form.run(async () => {
      const saved = await updatePreferences({ action_step_digest: form.values.action_step_digest === '1' });
      form.setValues({ action_step_digest: saved.action_step_digest ? '1' : '' });
      toast.success(saved.action_step_digest ? 'You will get the weekly email of your action steps.' : 'The weekly email of your action steps is off.');
    });
  });

  return (
    <Form form={form} onSubmit={submit} submitLabel="Save email preferences">
      <CheckboxField
        label="Weekly email of my action steps"
        hint="On Monday mornings, only when one of your action steps is overdue or due in the coming week."
        {...form.checkbox('action_step_digest')}
      />
    </Form>
  );
}

function EmailPreferences() {
  const { data, error, mutate } = useAccountPreferences();
  return (
    <SettingsCard id="settings-notifications" title="Email notifications" intro="What Coachwell emails you about your own coaching.">
      {error ? <LoadError what="your email preferences" onRetry={() => void mutate()} /> : data ? <EmailPreferencesForm actionStepDigest={data.action_step_digest} /> : <LoadingBlock />}
    </SettingsCard>
  );
}

/** In the admin area (/admin/settings): the provider's settings screens besides the staff member's own account. */
function AdminSettingsLinks({ user }: { user: AuthUser }) {
  const manageStaff = hasPermission(user.security.permissions, PERMISSIONS.manageCoaches);
  return (
    <SettingsCard id="settings-admin" title="Coachwell settings" intro="Settings of the service itself, shared by every Coachwell staff member.">
      <ul className="settings-links">
        <li>
          <Link to="/admin/settings/interaction">Interaction settings</Link>
          <span className="muted text-sm">The default interaction types and custom fields every new district starts with.</span>
        </li>
        {manageStaff && (
          <li>
            <Link to="/admin/settings/users">Admin user settings</Link>
            <span className="muted text-sm">Invite Coachwell staff, change their roles, deactivate them.</span>
          </li>
        )}
      </ul>
    </SettingsCard>
  );
}

/**
 * In the app area, for people who do not manage users: where their roles and schools are shown (User
 * settings, which the sidebar lists only for those who manage the district's logins).
 */
function OwnAccessLink() {
  return (
    <SettingsCard id="settings-access" title="Roles and schools" intro="What you can see and do in Coachwell. Your district administrators manage them.">
      <ul className="settings-links">
        <li>
          <Link to="/app/settings/user">User settings</Link>
          <span className="muted text-sm">Your roles and schools, and who your district administrators are.</span>
        </li>
      </ul>
    </SettingsCard>
  );
}

/** "Download my data" (issue 32): the person's own export, one zip. Not while impersonating: it is the person's alone. */
function OwnDataCard({ user, admin }: { user: AuthUser; admin: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadOwnData();
      toast.success('Your data has been downloaded.');
    } catch (err) {
      setError(messageOf(err, 'Your data could not be downloaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsCard
      id="settings-own-data"
      title="Your data"
      intro="Download a copy of what Coachwell holds about you and what you wrote."
    >
      <div className="stack stack--sm">
        <p>
          {admin
            ? 'One zip file: your profile, roles, preferences, sessions and the log of what you did in Coachwell.'
            : 'One zip file: your profile, roles, preferences and sign-in history; what you wrote (interactions with your private notes, observations, cycle notes, action steps, requests and ratings); and what is recorded about you as an educator, as far as you can see it.'}
          {' Each kind of record comes as a spreadsheet (CSV) and as JSON, with a README that explains every file.'}
        </p>
        {user.impersonating && (
          <Alert tone="info" title="Not available while impersonating">
            <p>A person&rsquo;s own data is theirs to download.</p>
          </Alert>
        )}
        {error && <Alert tone="danger" title="Not downloaded">{error}</Alert>}
        <div className="form-actions">
          <Button variant="secondary" busy={busy} disabled={user.impersonating} onClick={() => void download()}>Download my data</Button>
        </div>
      </div>
    </SettingsCard>
  );
}

/** Account Settings (/app/settings) and, for Coachwell staff, Admin settings (/admin/settings): one screen. */
export default function AccountSettingsScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  if (!user) return <LoadingBlock />;
  const admin = route.area === 'admin';
  return (
    <div className="stack stack--lg settings-page">
      <PageHeader
        title={route.title}
        description={<p>{admin ? 'Your own Coachwell staff account: how you sign in and how dates are shown to you.' : 'Manage how you sign in and how Coachwell shows dates to you.'}</p>}
      />
      <SettingsCard id="settings-profile" title="Profile" intro="Your name as colleagues see it, and how dates and times are shown to you.">
        <ProfileForm user={user} />
      </SettingsCard>
      <SettingsCard id="settings-email" title="Email address" intro="The address you sign in with and where Coachwell sends notifications. A new address takes effect once you follow the link we email to it.">
        <EmailForm user={user} />
      </SettingsCard>
      <SettingsCard
        id="settings-password"
        title="Password"
        intro="Changing your password signs you out on every other device."
      >
        <PasswordForm user={user} />
      </SettingsCard>
      {!admin && permissionScope(user.security.permissions, PERMISSIONS.seeEducators) === 'self' && <EmailPreferences />}
      <OwnDataCard user={user} admin={admin} />
      {admin && <AdminSettingsLinks user={user} />}
      {!admin && !hasPermission(user.security.permissions, PERMISSIONS.manageCoaches) && <OwnAccessLink />}
    </div>
  );
}
