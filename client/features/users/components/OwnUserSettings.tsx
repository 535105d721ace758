// User settings for everyone who does not manage users (coaches, principals, educators): their own
// login, roles and schools, read-only, and the district's administrators to ask for a change
// (GET /api/user/self). People with `manage coaches` get the district's list instead.
import { Link } from 'react-router-dom';
import { ROLE_DESCRIPTIONS, type OwnUserSettings as Own } from '../../../../common/schemas/users';
import type { RouteDef } from '../../../app/routeTable';
import { LoadError } from '../../../components/LoadError';
import { PageHeader } from '../../../components/PageHeader';
import { SettingsCard } from '../../../components/SettingsCard';
import { LoadingBlock } from '../../../components/Spinner';
import { formatRelative } from '../../../lib/format';
import { useInstantFormat } from '../../../lib/session';
import { useOwnUserSettings } from '../api';
import { UserStatus } from '../../../components/UserStatus';
import { defineMessages, t, tRich, tText } from '../../../lib/i18n';
import { routeTitle } from '../../../app/routeTitles';

const m = defineMessages({
  never: { id: 'users.never', defaultMessage: 'Never' },
  yourLogin: { id: 'users.yourLogin', defaultMessage: 'Your login' },
  loginIntro: { id: 'users.loginIntro', defaultMessage: 'How you sign in to {district}. Change your name, email or password in <link>Account settings</link>.' },
  colName: { id: 'users.colName', defaultMessage: 'Name' },
  email: { id: 'users.email', defaultMessage: 'Email' },
  colStatus: { id: 'users.colStatus', defaultMessage: 'Status' },
  lastSignIn: { id: 'users.lastSignIn', defaultMessage: 'Last sign-in' },
  rolesSchools: { id: 'users.rolesSchools', defaultMessage: 'Roles and schools' },
  rolesIntro: { id: 'users.rolesIntro', defaultMessage: 'What you can see and do in Coachwell. Only your district administrators can change them.' },
  rolesHeading: { id: 'users.rolesHeading', defaultMessage: '{count, plural, one {Role} other {Roles}}' },
  noRoleYet: { id: 'users.noRoleYet', defaultMessage: 'No role yet: ask a district administrator to give you one.' },
  schoolsHeading: { id: 'users.schoolsHeading', defaultMessage: '{count, plural, one {School} other {Schools}}' },
  noSchools: { id: 'users.noSchools', defaultMessage: 'No schools: your access does not depend on a school.' },
  admins: { id: 'users.admins', defaultMessage: 'District administrators' },
  adminsIntro: { id: 'users.adminsIntro', defaultMessage: 'They manage who signs in and with which roles and schools. Ask one of them to change yours or to invite a colleague.' },
  noAdmin: { id: 'users.noAdmin', defaultMessage: 'Your district has no active administrator right now. <link>Contact support</link> for help.' },
  ownIntro: { id: 'users.ownIntro', defaultMessage: 'Your login, roles and schools. Your district administrators manage who has access.' },
  settingsLoadError: { id: 'users.settingsLoadError', defaultMessage: 'An error occurred while fetching your user settings. Please try again later.' },
  loadingSettings: { id: 'users.loadingSettings', defaultMessage: 'Loading your user settings…' },
});

/** The full date and time on the person's profile clock, then how long ago. */
function LastSignIn({ value }: { value: string | null }) {
  const when = useInstantFormat();
  if (!value) return <span className="muted">{t(m.never)}</span>;
  return (
    <>
      <time dateTime={value}>{when.dateTime(value)}</time>
      <span className="muted text-sm users-own__ago"> ({formatRelative(value, when.locale)})</span>
    </>
  );
}

function LoginCard({ own }: { own: Own }) {
  return (
    <SettingsCard
      id="users-own-login"
      title={t(m.yourLogin)}
      intro={tRich(m.loginIntro, { district: own.district.name, link: (chunks) => <Link to="/app/settings">{chunks}</Link> })}
    >
      <dl className="dl users-own__dl">
        <dt>{t(m.colName)}</dt>
        <dd>{own.name}</dd>
        <dt>{t(m.email)}</dt>
        <dd className="users-own__email">{own.email}</dd>
        <dt>{t(m.colStatus)}</dt>
        <dd><UserStatus user={{ status: own.status, invite: null }} /></dd>
        <dt>{t(m.lastSignIn)}</dt>
        <dd><LastSignIn value={own.last_login_at} /></dd>
      </dl>
    </SettingsCard>
  );
}

function RolesCard({ own }: { own: Own }) {
  return (
    <SettingsCard
      id="users-own-roles"
      title={t(m.rolesSchools)}
      intro={t(m.rolesIntro)}
    >
      <div className="stack">
        <div>
          <h3 className="users-own__subtitle">{t(m.rolesHeading, { count: own.roles.length })}</h3>
          {own.roles.length === 0 ? (
            <p className="muted users-own__empty">{t(m.noRoleYet)}</p>
          ) : (
            <ul className="users-own__roles">
              {own.roles.map((role) => (
                <li key={role.name}>
                  <span className="users-own__role">{tText(role.label)}</span>
                  <span className="muted text-sm">{tText(ROLE_DESCRIPTIONS[role.name as keyof typeof ROLE_DESCRIPTIONS] ?? '')}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="users-own__subtitle">{t(m.schoolsHeading, { count: own.buildings.length })}</h3>
          {own.buildings.length === 0 ? (
            <p className="muted users-own__empty">{t(m.noSchools)}</p>
          ) : (
            <ul className="users-own__schools">
              {own.buildings.map((school) => <li key={school.id}>{school.name}</li>)}
            </ul>
          )}
        </div>
      </div>
    </SettingsCard>
  );
}

function AdministratorsCard({ own }: { own: Own }) {
  return (
    <SettingsCard
      id="users-own-admins"
      title={t(m.admins)}
      intro={t(m.adminsIntro)}
    >
      {own.administrators.length === 0 ? (
        <p className="muted users-own__empty">
          {tRich(m.noAdmin, { link: (chunks) => <Link to="/app/support">{chunks}</Link> })}
        </p>
      ) : (
        <ul className="users-own__admins">
          {own.administrators.map((admin) => (
            <li key={admin.email}>
              <span className="users-own__admin-name">{admin.name}</span>
              <a className="users-own__email" href={`mailto:${admin.email}`}>{admin.email}</a>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

export function OwnUserSettings({ route }: { route: RouteDef }) {
  const { data, error, mutate } = useOwnUserSettings();
  return (
    <div className="stack stack--lg users-own">
      <PageHeader
        title={routeTitle(route)}
        description={<p>{t(m.ownIntro)}</p>}
      />
      {error && !data ? (
        <LoadError message={t(m.settingsLoadError)} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock label={t(m.loadingSettings)} />
      ) : (
        <>
          <LoginCard own={data} />
          <RolesCard own={data} />
          <AdministratorsCard own={data} />
        </>
      )}
    </div>
  );
}
