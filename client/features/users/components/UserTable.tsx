// The district's logins. A real table on wide screens; on phones each row becomes a card (the
// cells keep their column name as a visible label), so nothing scrolls sideways.
import type { Locale } from 'date-fns';
import type { DistrictUser } from '../../../../common/schemas/users';
import { PersonCell, TableFrame, TableHead } from '../../../components/Table';
import { LastLogin } from './LastLogin';
import { UserActions } from './UserActions';
import { UserStatus } from '../../../components/UserStatus';
import { defineMessages, t, tText } from '../../../lib/i18n';

const m = defineMessages({
  colName: { id: 'users.colName', defaultMessage: 'Name' },
  colRoles: { id: 'users.colRoles', defaultMessage: 'Roles' },
  colSchools: { id: 'users.colSchools', defaultMessage: 'Schools' },
  colStatus: { id: 'users.colStatus', defaultMessage: 'Status' },
  colLastLogin: { id: 'users.colLastLogin', defaultMessage: 'Last login' },
  colActions: { id: 'users.colActions', defaultMessage: 'Actions' },
  noRole: { id: 'users.noRole', defaultMessage: 'No role' },
  wholeDistrict: { id: 'users.wholeDistrict', defaultMessage: 'Whole district' },
  none: { id: 'users.none', defaultMessage: 'None' },
});

type Props = {
  users: DistrictUser[];
  selfId: number | undefined;
  canManage: boolean;
  locale?: Locale;
  caption: string;
};

function Cell({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <td className={['users-table__cell', className].filter(Boolean).join(' ')} data-label={label}>
      {children}
    </td>
  );
}

export function UserTable({ users, selfId, canManage, locale, caption }: Props) {
  return (
    <TableFrame caption={caption} captionHidden stackOnPhone className="users-table" wrapClassName="users-table-wrap">
      <TableHead columns={[t(m.colName), t(m.colRoles), t(m.colSchools), t(m.colStatus), t(m.colLastLogin), canManage && { label: t(m.colActions), hidden: true }]} />
      <tbody>
        {users.map((u) => (
          <tr key={u.id} className="users-table__row">
            <PersonCell name={u.name} email={u.email} self={u.id === selfId} className="users-table__person" />
            <Cell label={t(m.colRoles)}>
              {u.roles.length ? (
                <ul className="users-list">{u.roles.map((r) => <li key={r.name}>{tText(r.label)}</li>)}</ul>
              ) : (
                <span className="muted">{t(m.noRole)}</span>
              )}
            </Cell>
            <Cell label={t(m.colSchools)}>
              {u.buildings.length ? (
                <ul className="users-list">{u.buildings.map((b) => <li key={b.id}>{b.name}</li>)}</ul>
              ) : (
                <span className="muted">{u.roles.some((r) => r.name === 'district-admin') ? t(m.wholeDistrict) : t(m.none)}</span>
              )}
            </Cell>
            <Cell label={t(m.colStatus)}><UserStatus user={u} /></Cell>
            <Cell label={t(m.colLastLogin)}><LastLogin value={u.last_login_at} locale={locale} /></Cell>
            {canManage && (
              <Cell label={t(m.colActions)} className="table__actions users-table__actions">
                <UserActions user={u} isSelf={u.id === selfId} showEdit />
              </Cell>
            )}
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
