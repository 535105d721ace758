// The district's logins on its page: roles, status, last sign-in and "Impersonate" for active ones
// (provider staff holding `impersonate`): the session becomes theirs and the app opens.
import type { Locale } from 'date-fns';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AdminDistrictDetail, AdminDistrictUser } from '../../../../common/schemas/adminDistricts';
import { Button } from '../../../components/Button';
import { TableFrame, TableHead } from '../../../components/Table';
import { useToast } from '../../../components/Toasts';
import { formatInteger, formatRelative } from '../../../lib/format';
import { impersonate, useInstantFormat } from '../../../lib/session';
import { plural } from '../../../../common/plural';

const STATUS: Record<AdminDistrictUser['status'], { label: string; tone: string }> = {
  active: { label: 'Active', tone: 'badge--success' },
  invited: { label: 'Invited', tone: 'badge--info' },
  disabled: { label: 'Deactivated', tone: 'badge--neutral' },
};

type Props = { district: AdminDistrictDetail; canImpersonate: boolean; locale?: Locale };

export function DistrictUsers({ district, canImpersonate, locale }: Props) {
  const when = useInstantFormat();
  const navigate = useNavigate();
  const toast = useToast();
  const [busyId, setBusyId] = useState<number | null>(null);
  const { data, total } = district.users;

  async function actAs(user: AdminDistrictUser) {
    setBusyId(user.id);
    try {
      await impersonate(user.id);
      navigate('/app');
    } catch (err) {
      toast.error((err as Error).message);
      setBusyId(null);
    }
  }

  return (
    <section className="card stack adm-section" aria-labelledby="adm-users-heading">
      <div className="card__header">
        <h2 className="card__title" id="adm-users-heading">Users</h2>
        <span className="muted text-sm">
          {total > data.length ? `The first ${formatInteger(data.length)} of ${formatInteger(total)} by name` : plural(total, 'login', 'logins')}
        </span>
      </div>
      {data.length === 0 ? (
        <p className="muted">Nobody has a login in this district yet. Import users below or ask the district to invite them.</p>
      ) : (
        <TableFrame caption={<>Users of {district.name}</>} captionHidden stackOnPhone className="adm-table" wrapClassName="adm-table-wrap">
          <TableHead columns={['Name', 'Roles', 'Status', 'Last sign-in', canImpersonate && { label: 'Actions', hidden: true }]} />
          <tbody>
            {data.map((u) => (
              <tr key={u.id}>
                <th scope="row" className="adm-table__name">
                  <span>{u.name}</span>
                  <span className="adm-table__sub adm-table__email">{u.email}</span>
                </th>
                <td data-label="Roles">{u.roles.map((r) => r.label).join(', ') || <span className="muted">No role</span>}</td>
                <td data-label="Status"><span className={`badge ${STATUS[u.status].tone}`}>{STATUS[u.status].label}</span></td>
                <td className="nowrap" data-label="Last sign-in">
                  {u.last_login_at ? <time dateTime={u.last_login_at} title={when.dateTime(u.last_login_at)}>{formatRelative(u.last_login_at, locale)}</time> : <span className="muted">Never</span>}
                </td>
                {canImpersonate && (
                  <td className="table__actions adm-table__actions">
                    {u.status === 'active' && (
                      <Button size="sm" variant="secondary" busy={busyId === u.id} disabled={busyId !== null && busyId !== u.id}
                        onClick={() => void actAs(u)} aria-label={`Impersonate ${u.name}`}>
                        Impersonate
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </section>
  );
}
