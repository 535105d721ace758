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
import { defineMessages, type MessageDescriptor, t, tText } from '../../../lib/i18n';
import { impersonate, useInstantFormat } from '../../../lib/session';

const m = defineMessages({
  active: { id: 'adminDistricts.users.active', defaultMessage: 'Active' },
  invited: { id: 'adminDistricts.users.invited', defaultMessage: 'Invited' },
  deactivated: { id: 'adminDistricts.users.deactivated', defaultMessage: 'Deactivated' },
  title: { id: 'adminDistricts.users.title', defaultMessage: 'Users' },
  firstOf: { id: 'adminDistricts.users.firstOf', defaultMessage: 'The first {shown} of {total} by name' },
  logins: { id: 'adminDistricts.users.logins', defaultMessage: '{count, plural, one {# login} other {# logins}}' },
  none: { id: 'adminDistricts.users.none', defaultMessage: 'Nobody has a login in this district yet. Import users below or ask the district to invite them.' },
  caption: { id: 'adminDistricts.users.caption', defaultMessage: 'Users of {name}' },
  name: { id: 'adminDistricts.users.name', defaultMessage: 'Name' },
  roles: { id: 'adminDistricts.users.roles', defaultMessage: 'Roles' },
  status: { id: 'adminDistricts.users.status', defaultMessage: 'Status' },
  lastSignIn: { id: 'adminDistricts.users.lastSignIn', defaultMessage: 'Last sign-in' },
  actions: { id: 'adminDistricts.users.actions', defaultMessage: 'Actions' },
  noRole: { id: 'adminDistricts.users.noRole', defaultMessage: 'No role' },
  never: { id: 'adminDistricts.users.never', defaultMessage: 'Never' },
  impersonateName: { id: 'adminDistricts.users.impersonateName', defaultMessage: 'Impersonate {name}' },
  impersonate: { id: 'adminDistricts.users.impersonate', defaultMessage: 'Impersonate' },
});

const STATUS: Record<AdminDistrictUser['status'], { label: MessageDescriptor; tone: string }> = {
  active: { label: m.active, tone: 'badge--success' },
  invited: { label: m.invited, tone: 'badge--info' },
  disabled: { label: m.deactivated, tone: 'badge--neutral' },
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
        <h2 className="card__title" id="adm-users-heading">{t(m.title)}</h2>
        <span className="muted text-sm">
          {total > data.length ? t(m.firstOf, { shown: formatInteger(data.length), total: formatInteger(total) }) : t(m.logins, { count: total })}
        </span>
      </div>
      {data.length === 0 ? (
        <p className="muted">{t(m.none)}</p>
      ) : (
        <TableFrame caption={t(m.caption, { name: district.name })} captionHidden stackOnPhone className="adm-table" wrapClassName="adm-table-wrap">
          <TableHead columns={[t(m.name), t(m.roles), t(m.status), t(m.lastSignIn), canImpersonate && { label: t(m.actions), hidden: true }]} />
          <tbody>
            {data.map((u) => (
              <tr key={u.id}>
                <th scope="row" className="adm-table__name">
                  <span>{u.name}</span>
                  <span className="adm-table__sub adm-table__email">{u.email}</span>
                </th>
                <td data-label={t(m.roles)}>{u.roles.map((r) => tText(r.label)).join(', ') || <span className="muted">{t(m.noRole)}</span>}</td>
                <td data-label={t(m.status)}><span className={`badge ${STATUS[u.status].tone}`}>{t(STATUS[u.status].label)}</span></td>
                <td className="nowrap" data-label={t(m.lastSignIn)}>
                  {u.last_login_at ? <time dateTime={u.last_login_at} title={when.dateTime(u.last_login_at)}>{formatRelative(u.last_login_at, locale)}</time> : <span className="muted">{t(m.never)}</span>}
                </td>
                {canImpersonate && (
                  <td className="table__actions adm-table__actions">
                    {u.status === 'active' && (
                      <Button size="sm" variant="secondary" busy={busyId === u.id} disabled={busyId !== null && busyId !== u.id}
                        onClick={() => void actAs(u)} aria-label={t(m.impersonateName, { name: u.name })}>
                        {t(m.impersonate)}
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
