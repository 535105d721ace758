// /admin/settings/users (Admin user settings, `manage coaches`): Coachwell's own staff. Invite with a
// provider role, change a role, deactivate and reactivate. Nobody changes their own role or deactivates
// themselves, and the last active provider administrator stays (the server answers 422 with why).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PROVIDER_ROLES, ROLE_NAMES, type AdminUser, type ProviderRole } from '../../../common/schemas/adminUsers';
import type { ScreenProps } from '../../app/routeTable';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { messageOf } from '../../lib/formErrors';
import { defineMessages, t, tRich, tText } from '../../lib/i18n';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { changeStaffRole, useStaff } from './api';
import { AdminUserActions } from './components/AdminUserActions';
import { UserStatus } from '../../components/UserStatus';
import { LastSignIn } from './components/LastSignIn';
import { InviteStaffDialog } from './components/InviteStaffDialog';
import { PersonCell, TableFrame, TableHead } from '../../components/Table';

const m = defineMessages({
  noRole: { id: 'adminUsers.noRole', defaultMessage: 'No role' },
  nowRole: { id: 'adminUsers.staff.nowRole', defaultMessage: '{name} is now {role}.' },
  roleOf: { id: 'adminUsers.staff.roleOf', defaultMessage: 'Role of {name}' },
  description: { id: 'adminUsers.staff.description', defaultMessage: 'Coachwell staff who sign in to the admin area. Provider administrators manage staff and alerts; provider support works with districts, users and articles. District logins are on the <link>Users</link> screen.' },
  invite: { id: 'adminUsers.staff.invite', defaultMessage: 'Invite staff member' },
  loadError: { id: 'adminUsers.staff.loadError', defaultMessage: 'An error occurred while fetching staff. Please try again later.' },
  loading: { id: 'adminUsers.staff.loading', defaultMessage: 'Loading staff…' },
  coachwellStaff: { id: 'adminUsers.coachwellStaff', defaultMessage: 'Coachwell staff' },
  name: { id: 'adminUsers.name', defaultMessage: 'Name' },
  role: { id: 'adminUsers.role', defaultMessage: 'Role' },
  status: { id: 'adminUsers.status', defaultMessage: 'Status' },
  lastSignIn: { id: 'adminUsers.lastSignIn', defaultMessage: 'Last sign-in' },
  actions: { id: 'adminUsers.actions', defaultMessage: 'Actions' },
});

const roleOptions = () => PROVIDER_ROLES.map((r) => ({ value: r, label: tText(ROLE_NAMES[r]!) }));

function RoleSelect({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const current = user.roles[0]?.name ?? '';
  if (isSelf) return <span>{user.roles[0]?.label ? tText(user.roles[0].label) : t(m.noRole)}</span>;
  async function change(role: string) {
    if (role === current) return;
    setBusy(true);
    try {
      const updated = await changeStaffRole(user.id, role as ProviderRole);
      toast.success(t(m.nowRole, { name: updated.name, role: tText(ROLE_NAMES[role] ?? role).toLowerCase() }));
    } catch (err) {
      toast.error(messageOf(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <SelectField
      className="au-role-select"
      label={<span className="sr-only">{t(m.roleOf, { name: user.name })}</span>}
      name={`role-${user.id}`}
      value={current}
      disabled={busy}
      onChange={(role) => void change(role)}
      options={roleOptions()}
    />
  );
}

export default function AdminStaffScreen({ route }: ScreenProps) {
  const { user: me } = useAuthUser();
  const locale = useDateLocale();
  const { data, error, mutate } = useStaff();
  const [inviting, setInviting] = useState(false);

  return (
    <div className="stack stack--lg au-page au-page--staff">
      <PageHeader
        title={route.title}
        description={
          <p>{tRich(m.description, { link: (chunks) => <Link to="/admin/users">{chunks}</Link> })}</p>
        }
        actions={<Button onClick={() => setInviting(true)}>{t(m.invite)}</Button>}
      />
      {error && !data ? (
        <LoadError message={t(m.loadError)} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock label={t(m.loading)} />
      ) : (
        <TableFrame caption={t(m.coachwellStaff)} captionHidden stackOnPhone className="au-table" wrapClassName="au-table-wrap">
          <TableHead columns={[t(m.name), t(m.role), t(m.status), t(m.lastSignIn), { label: t(m.actions), hidden: true }]} />
          <tbody>
            {data.data.map((u) => {
              const isSelf = u.id === me?.id;
              return (
                <tr key={u.id} className="au-table__row">
                  <PersonCell name={u.name} email={u.email} self={isSelf} className="au-table__person" />
                  <td className="au-table__cell" data-label={t(m.role)}><RoleSelect user={u} isSelf={isSelf} /></td>
                  <td className="au-table__cell" data-label={t(m.status)}><UserStatus user={u} /></td>
                  <td className="au-table__cell" data-label={t(m.lastSignIn)}><LastSignIn value={u.last_login_at} locale={locale} /></td>
                  <td className="au-table__cell table__actions au-table__actions" data-label={t(m.actions)}>
                    <AdminUserActions user={u} isSelf={isSelf} canChange base="staff" />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </TableFrame>
      )}
      {inviting && <InviteStaffDialog onClose={() => setInviting(false)} />}
    </div>
  );
}
