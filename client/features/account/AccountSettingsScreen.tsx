import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AuthUser } from '../../../common/authUser';
import { DATE_LOCALES } from '../../../common/constants';
import { LOCALE_NAMES, LOCALES } from '../../../common/locales';
import { hasPermission, permissionScope, PERMISSIONS } from '../../../common/permissions';
import { accountEmailSchema, accountPasswordSchema, accountProfileSchema } from '../../../common/schemas/account';
import type { ScreenProps } from '../../app/routeTable';
import { routeTitle } from '../../app/routeTitles';
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
import { currentLocale, defineMessages, t, tRich } from '../../lib/i18n';
import { rememberLocale } from '../../i18n/load';

const m = defineMessages({
  notWhileImpersonating: { id: 'account.notWhileImpersonating', defaultMessage: 'Not available while impersonating' },
  impersonatingNote: { id: 'account.impersonatingNote', defaultMessage: 'Email and password changes belong to the account owner, so they are turned off while you act as this user.' },
  profileSaved: { id: 'account.profileSaved', defaultMessage: 'Your profile has been saved.' },
  saveProfile: { id: 'account.saveProfile', defaultMessage: 'Save profile' },
  name: { id: 'account.name', defaultMessage: 'Name' },
  language: { id: 'account.language', defaultMessage: 'Language' },
  languageHint: { id: 'account.languageHint', defaultMessage: 'The language of Coachwell’s screens and emails to you.' },
  dateLanguage: { id: 'account.dateLanguage', defaultMessage: 'Date language' },
  timezone: { id: 'account.timezone', defaultMessage: 'Timezone' },
  datesPreview: { id: 'account.datesPreview', defaultMessage: 'Dates will look like: <b>{date}</b>' },
  changeEmail: { id: 'account.changeEmail', defaultMessage: 'Change email' },
  checkInbox: { id: 'account.checkInbox', defaultMessage: 'Check your inbox' },
  email: { id: 'account.email', defaultMessage: 'Email' },
  confirmHint: { id: 'account.confirmHint', defaultMessage: 'We ask for it to confirm this change is yours.' },
  passwordChanged: { id: 'account.passwordChanged', defaultMessage: 'Password changed' },
  changePassword: { id: 'account.changePassword', defaultMessage: 'Change password' },
  currentPassword: { id: 'account.currentPassword', defaultMessage: 'Current password' },
  newPassword: { id: 'account.newPassword', defaultMessage: 'New password' },
  confirmNewPassword: { id: 'account.confirmNewPassword', defaultMessage: 'Confirm new password' },
  digestOn: { id: 'account.digestOn', defaultMessage: 'You will get the weekly email of your action steps.' },
  digestOff: { id: 'account.digestOff', defaultMessage: 'The weekly email of your action steps is off.' },
  saveEmailPreferences: { id: 'account.saveEmailPreferences', defaultMessage: 'Save email preferences' },
  digestLabel: { id: 'account.digestLabel', defaultMessage: 'Weekly email of my action steps' },
  digestHint: { id: 'account.digestHint', defaultMessage: 'On Monday mornings, only when one of your action steps is overdue or due in the coming week.' },
  notificationsTitle: { id: 'account.notificationsTitle', defaultMessage: 'Email notifications' },
  notificationsIntro: { id: 'account.notificationsIntro', defaultMessage: 'What Coachwell emails you about your own coaching.' },
  yourEmailPreferencesError: { id: 'account.yourEmailPreferencesError', defaultMessage: 'An error occurred while fetching your email preferences. Please try again later.' },
  adminTitle: { id: 'account.adminTitle', defaultMessage: 'Coachwell settings' },
  adminIntro: { id: 'account.adminIntro', defaultMessage: 'Settings of the service itself, shared by every Coachwell staff member.' },
  interactionSettings: { id: 'account.interactionSettings', defaultMessage: 'Interaction settings' },
  interactionSettingsText: { id: 'account.interactionSettingsText', defaultMessage: 'The default interaction types and custom fields every new district starts with.' },
  adminUserSettings: { id: 'account.adminUserSettings', defaultMessage: 'Admin user settings' },
  adminUserSettingsText: { id: 'account.adminUserSettingsText', defaultMessage: 'Invite Coachwell staff, change their roles, deactivate them.' },
  accessTitle: { id: 'account.accessTitle', defaultMessage: 'Roles and schools' },
  accessIntro: { id: 'account.accessIntro', defaultMessage: 'What you can see and do in Coachwell. Your district administrators manage them.' },
  userSettings: { id: 'account.userSettings', defaultMessage: 'User settings' },
  userSettingsText: { id: 'account.userSettingsText', defaultMessage: 'Your roles and schools, and who your district administrators are.' },
  dataDownloaded: { id: 'account.dataDownloaded', defaultMessage: 'Your data has been downloaded.' },
  dataNotDownloaded: { id: 'account.dataNotDownloaded', defaultMessage: 'Your data could not be downloaded. Please try again.' },
  dataTitle: { id: 'account.dataTitle', defaultMessage: 'Your data' },
  dataIntro: { id: 'account.dataIntro', defaultMessage: 'Download a copy of what Coachwell holds about you and what you wrote.' },
  dataAdmin: { id: 'account.dataAdmin', defaultMessage: 'One zip file: your profile, roles, preferences, sessions and the log of what you did in Coachwell.' },
  dataApp: { id: 'account.dataApp', defaultMessage: 'One zip file: your profile, roles, preferences and sign-in history; what you wrote (interactions with your private notes, observations, cycle notes, action steps, requests and ratings); and what is recorded about you as an educator, as far as you can see it.' },
  dataFormats: { id: 'account.dataFormats', defaultMessage: ' Each kind of record comes as a spreadsheet (CSV) and as JSON, with a README that explains every file.' },
  ownDataNote: { id: 'account.ownDataNote', defaultMessage: 'A person’s own data is theirs to download.' },
  notDownloaded: { id: 'account.notDownloaded', defaultMessage: 'Not downloaded' },
  downloadMyData: { id: 'account.downloadMyData', defaultMessage: 'Download my data' },
  adminDescription: { id: 'account.adminDescription', defaultMessage: 'Your own Coachwell staff account: how you sign in and how dates are shown to you.' },
  appDescription: { id: 'account.appDescription', defaultMessage: 'Manage how you sign in and how Coachwell shows dates to you.' },
  profileTitle: { id: 'account.profileTitle', defaultMessage: 'Profile' },
  profileIntro: { id: 'account.profileIntro', defaultMessage: 'Your name as colleagues see it, and how dates and times are shown to you.' },
  emailTitle: { id: 'account.emailTitle', defaultMessage: 'Email address' },
  emailIntro: { id: 'account.emailIntro', defaultMessage: 'The address you sign in with and where Coachwell sends notifications. A new address takes effect once you follow the link we email to it.' },
  passwordTitle: { id: 'account.passwordTitle', defaultMessage: 'Password' },
  passwordIntro: { id: 'account.passwordIntro', defaultMessage: 'Changing your password signs you out on every other device.' },
});

const LOCALE_OPTIONS = Object.entries(DATE_LOCALES).map(([value, label]) => ({ value, label }));
/** Each interface language in itself (a person looking for their language reads its own name). */
const LANGUAGE_OPTIONS = LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }));

function ImpersonatingNote() {
  return (
    <Alert tone="info" title={t(m.notWhileImpersonating)}>
      <p>{t(m.impersonatingNote)}</p>
    </Alert>
  );
}

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
      {user.impersonating && <ImpersonatingNote />}
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
  const form = useFormErrors({ name: user.name, locale: user.locale, date_locale: user.date_locale, timezone: user.timezone });
  const locale = useDateLocaleFor(form.values.date_locale);

  const submit = form.onSubmit(async () => {
    const data = form.check(accountProfileSchema, form.values);
    if (!data) return;
    await form.run(async () => {
      const saved = await updateProfile(data);
      // Another language (issue 33): remembered for the server's first paint, then the whole app loads again in it.
      if (saved.locale !== currentLocale()) {
        rememberLocale(saved.locale);
        window.location.reload();
        return;
      }
      toast.success(t(m.profileSaved));
    });
  });

  return (
    <Form form={form} onSubmit={submit} submitLabel={t(m.saveProfile)}>
      <TextField label={t(m.name)} autoComplete="name" required {...form.field('name')} />
      <div className="grid-2">
        <SelectField label={t(m.language)} hint={t(m.languageHint)} options={LANGUAGE_OPTIONS} required {...form.field('locale')} />
      </div>
      <div className="grid-2">
        <SelectField label={t(m.dateLanguage)} options={LOCALE_OPTIONS} required {...form.field('date_locale')} />
        <SelectField label={t(m.timezone)} options={timezoneOptions(user.timezone)} required {...form.field('timezone')} />
      </div>
      <p className="settings-preview" aria-live="polite">
        {tRich(m.datesPreview, { date: formatDate(dayAsDate(todayIn(form.values.timezone)), locale), b: (chunks) => <strong>{chunks}</strong> })}
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
      legend={t(m.changeEmail)}
      submitLabel={t(m.changeEmail)}
      notice={pending && (
        <Alert tone="info" title={t(m.checkInbox)}>
          <p>{pending}</p>
        </Alert>
      )}
    >
      <TextField label={t(m.email)} type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
      <CurrentPasswordField field={form.field('current_password')} label={t(m.currentPassword)} hint={t(m.confirmHint)} />
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
      toast.success(answer.message, t(m.passwordChanged));
    });
  });

  return (
    <OwnerOnlyForm user={user} form={form} onSubmit={submit} legend={t(m.changePassword)} submitLabel={t(m.changePassword)}>
      <CurrentPasswordField field={form.field('current_password')} label={t(m.currentPassword)} />
      <NewPasswordFields field={form.field} labels={[t(m.newPassword), t(m.confirmNewPassword)]} sideBySide />
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
      toast.success(t(saved.action_step_digest ? m.digestOn : m.digestOff));
    });
  });

  return (
    <Form form={form} onSubmit={submit} submitLabel={t(m.saveEmailPreferences)}>
      <CheckboxField
        label={t(m.digestLabel)}
        hint={t(m.digestHint)}
        {...form.checkbox('action_step_digest')}
      />
    </Form>
  );
}

function EmailPreferences() {
  const { data, error, mutate } = useAccountPreferences();
  return (
    <SettingsCard id="settings-notifications" title={t(m.notificationsTitle)} intro={t(m.notificationsIntro)}>
      {error ? <LoadError message={t(m.yourEmailPreferencesError)} onRetry={() => void mutate()} /> : data ? <EmailPreferencesForm actionStepDigest={data.action_step_digest} /> : <LoadingBlock />}
    </SettingsCard>
  );
}

/** In the admin area (/admin/settings): the provider's settings screens besides the staff member's own account. */
function AdminSettingsLinks({ user }: { user: AuthUser }) {
  const manageStaff = hasPermission(user.security.permissions, PERMISSIONS.manageCoaches);
  return (
    <SettingsCard id="settings-admin" title={t(m.adminTitle)} intro={t(m.adminIntro)}>
      <ul className="settings-links">
        <li>
          <Link to="/admin/settings/interaction">{t(m.interactionSettings)}</Link>
          <span className="muted text-sm">{t(m.interactionSettingsText)}</span>
        </li>
        {manageStaff && (
          <li>
            <Link to="/admin/settings/users">{t(m.adminUserSettings)}</Link>
            <span className="muted text-sm">{t(m.adminUserSettingsText)}</span>
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
    <SettingsCard id="settings-access" title={t(m.accessTitle)} intro={t(m.accessIntro)}>
      <ul className="settings-links">
        <li>
          <Link to="/app/settings/user">{t(m.userSettings)}</Link>
          <span className="muted text-sm">{t(m.userSettingsText)}</span>
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
      toast.success(t(m.dataDownloaded));
    } catch (err) {
      setError(messageOf(err, t(m.dataNotDownloaded)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsCard
      id="settings-own-data"
      title={t(m.dataTitle)}
      intro={t(m.dataIntro)}
    >
      <div className="stack stack--sm">
        <p>
          {t(admin ? m.dataAdmin : m.dataApp)}
          {t(m.dataFormats)}
        </p>
        {user.impersonating && (
          <Alert tone="info" title={t(m.notWhileImpersonating)}>
            <p>{t(m.ownDataNote)}</p>
          </Alert>
        )}
        {error && <Alert tone="danger" title={t(m.notDownloaded)}>{error}</Alert>}
        <div className="form-actions">
          <Button variant="secondary" busy={busy} disabled={user.impersonating} onClick={() => void download()}>{t(m.downloadMyData)}</Button>
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
        title={routeTitle(route)}
        description={<p>{t(admin ? m.adminDescription : m.appDescription)}</p>}
      />
      <SettingsCard id="settings-profile" title={t(m.profileTitle)} intro={t(m.profileIntro)}>
        <ProfileForm user={user} />
      </SettingsCard>
      <SettingsCard id="settings-email" title={t(m.emailTitle)} intro={t(m.emailIntro)}>
        <EmailForm user={user} />
      </SettingsCard>
      <SettingsCard
        id="settings-password"
        title={t(m.passwordTitle)}
        intro={t(m.passwordIntro)}
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
