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
import { pluralWord } from '../../../../common/plural';

/** The full date and time on the person's profile clock, then how long ago. */
function LastSignIn({ value }: { value: string | null }) {
  const when = useInstantFormat();
  if (!value) return <span className="muted">Never</span>;
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
      title="Your login"
      intro={<>How you sign in to {own.district.name}. Change your name, email or password in <Link to="/app/settings">Account settings</Link>.</>}
    >
      <dl className="dl users-own__dl">
        <dt>Name</dt>
        <dd>{own.name}</dd>
        <dt>Email</dt>
        <dd className="users-own__email">{own.email}</dd>
        <dt>Status</dt>
        <dd><UserStatus user={{ status: own.status, invite: null }} /></dd>
        <dt>Last sign-in</dt>
        <dd><LastSignIn value={own.last_login_at} /></dd>
      </dl>
    </SettingsCard>
  );
}

function RolesCard({ own }: { own: Own }) {
  return (
    <SettingsCard
      id="users-own-roles"
      title="Roles and schools"
      intro="What you can see and do in Coachwell. Only your district administrators can change them."
    >
      <div className="stack">
        <div>
          <h3 className="users-own__subtitle">{pluralWord(own.roles.length, 'Role', 'Roles')}</h3>
          {own.roles.length === 0 ? (
            <p className="muted users-own__empty">No role yet: ask a district administrator to give you one.</p>
          ) : (
            <ul className="users-own__roles">
              {own.roles.map((role) => (
                <li key={role.name}>
                  <span className="users-own__role">{role.label}</span>
                  <span className="muted text-sm">{ROLE_DESCRIPTIONS[role.name as keyof typeof ROLE_DESCRIPTIONS] ?? ''}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="users-own__subtitle">{pluralWord(own.buildings.length, 'School', 'Schools')}</h3>
          {own.buildings.length === 0 ? (
            <p className="muted users-own__empty">No schools: your access does not depend on a school.</p>
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
      title="District administrators"
      intro="They manage who signs in and with which roles and schools. Ask one of them to change yours or to invite a colleague."
    >
      {own.administrators.length === 0 ? (
        <p className="muted users-own__empty">
          Your district has no active administrator right now. <Link to="/app/support">Contact support</Link> for help.
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
        title={route.title}
        description={<p>Your login, roles and schools. Your district administrators manage who has access.</p>}
      />
      {error && !data ? (
        <LoadError what="your user settings" onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock label="Loading your user settings…" />
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
