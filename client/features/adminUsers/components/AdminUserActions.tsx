// What provider staff can do with one login: impersonate (active district users), resend an invitation,
// deactivate or reactivate. Deactivating and reactivating ask first; every outcome ends in a toast.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AdminUser } from '../../../../common/schemas/adminUsers';
import { Button } from '../../../components/Button';
import { type CommandCopy, ConfirmCommand, useRowCommands } from '../../../components/RowCommands';
import { useToast } from '../../../components/Toasts';
import { messageOf } from '../../../lib/formErrors';
import { defineMessages, t, tRich } from '../../../lib/i18n';
import { impersonate } from '../../../lib/session';
import { type AdminUserCommand, runAdminUserCommand } from '../api';

type Confirmable = 'deactivate' | 'reactivate';

const m = defineMessages({
  resent: { id: 'adminUsers.actions.resent', defaultMessage: 'A new invitation is on its way to {email}. The earlier link no longer works.' },
  deactivated: { id: 'adminUsers.actions.deactivated', defaultMessage: '{name} has been deactivated and signed out everywhere.' },
  invitedAgain: { id: 'adminUsers.actions.invitedAgain', defaultMessage: '{name} is invited again. Resend the invitation so they can finish signing up.' },
  reactivated: { id: 'adminUsers.actions.reactivated', defaultMessage: '{name} can sign in again.' },
  whoOfDistrict: { id: 'adminUsers.actions.whoOfDistrict', defaultMessage: '{name} of {district}' },
  whoStaff: { id: 'adminUsers.actions.whoStaff', defaultMessage: '{name} (Coachwell staff)' },
  deactivateTitle: { id: 'adminUsers.actions.deactivateTitle', defaultMessage: 'Deactivate {name}?' },
  deactivateText: { id: 'adminUsers.actions.deactivateText', defaultMessage: '{who} is signed out on every device and can no longer sign in. Their records stay, and they can be reactivated at any time.' },
  deactivate: { id: 'adminUsers.actions.deactivate', defaultMessage: 'Deactivate' },
  reactivateTitle: { id: 'adminUsers.actions.reactivateTitle', defaultMessage: 'Reactivate {name}?' },
  reactivateNeverSignedIn: { id: 'adminUsers.actions.reactivateNeverSignedIn', defaultMessage: '{who} gets back the roles they had. If they never finished creating their account, resend the invitation afterwards.' },
  reactivateText: { id: 'adminUsers.actions.reactivateText', defaultMessage: '{who} can sign in again with their existing password and the roles they had.' },
  reactivate: { id: 'adminUsers.actions.reactivate', defaultMessage: 'Reactivate' },
  noActions: { id: 'adminUsers.actions.noActions', defaultMessage: 'No actions on your own login' },
  impersonate: { id: 'adminUsers.actions.impersonate', defaultMessage: 'Impersonate<who></who>' },
  resendInvite: { id: 'adminUsers.actions.resendInvite', defaultMessage: 'Resend invite<who></who>' },
  deactivateButton: { id: 'adminUsers.actions.deactivateButton', defaultMessage: 'Deactivate<who></who>' },
  reactivateButton: { id: 'adminUsers.actions.reactivateButton', defaultMessage: 'Reactivate<who></who>' },
});

const SUCCESS: Record<AdminUserCommand, (u: AdminUser) => string> = {
  'resend-invite': (u) => t(m.resent, { email: u.email }),
  deactivate: (u) => t(m.deactivated, { name: u.name }),
  reactivate: (u) => (u.status === 'invited' ? t(m.invitedAgain, { name: u.name }) : t(m.reactivated, { name: u.name })),
};

function confirmCopy(command: Confirmable, user: AdminUser): CommandCopy {
  const who = user.district ? t(m.whoOfDistrict, { name: user.name, district: user.district.name }) : t(m.whoStaff, { name: user.name });
  if (command === 'deactivate') {
    return {
      title: t(m.deactivateTitle, { name: user.name }),
      message: <p>{t(m.deactivateText, { who })}</p>,
      confirm: t(m.deactivate), danger: true,
    };
  }
  return {
    title: t(m.reactivateTitle, { name: user.name }),
    message: (
      <p>
        {user.last_login_at === null ? t(m.reactivateNeverSignedIn, { who }) : t(m.reactivateText, { who })}
      </p>
    ),
    confirm: t(m.reactivate), danger: false,
  };
}

type Props = {
  user: AdminUser;
  /** The signed-in staff member's own row: no actions. */
  isSelf: boolean;
  /** May change this login (district users: see all districts; staff: manage coaches). */
  canChange: boolean;
  /** Shows "Impersonate" for active district users. */
  canImpersonate?: boolean;
  /** Which API runs the commands: staff rows on Admin user settings use admin/staff. */
  base?: 'user' | 'staff';
};

export function AdminUserActions({ user, isSelf, canChange, canImpersonate = false, base = 'user' }: Props) {
  const toast = useToast();
  const navigate = useNavigate();
  const commands = useRowCommands<AdminUserCommand, AdminUser, Confirmable>(
    (command) => runAdminUserCommand(user.id, command, base), (command, updated) => SUCCESS[command](updated),
  );
  const [impersonating, setImpersonating] = useState(false);

  async function startImpersonating() {
    setImpersonating(true);
    try {
      await impersonate(user.id);
      navigate('/app');
    } catch (err) {
      toast.error(messageOf(err));
      setImpersonating(false);
    }
  }

  if (isSelf) return <span className="muted">—<span className="sr-only">{t(m.noActions)}</span></span>;
  const who = () => <span className="sr-only"> {user.name}</span>;
  const showImpersonate = canImpersonate && user.district !== null && user.status === 'active';

  return (
    <div className="au-actions">
      {showImpersonate && (
        <Button variant="secondary" size="sm" busy={impersonating} onClick={() => void startImpersonating()}>
          {tRich(m.impersonate, { who })}
        </Button>
      )}
      {canChange && user.status === 'invited' && (
        <Button variant="secondary" size="sm" busy={commands.busy === 'resend-invite'} onClick={() => void commands.run('resend-invite')}>
          {tRich(m.resendInvite, { who })}
        </Button>
      )}
      {canChange && user.status !== 'disabled' && (
        <Button variant="ghost" size="sm" className="au-actions__danger" onClick={() => commands.ask('deactivate')}>
          {tRich(m.deactivateButton, { who })}
        </Button>
      )}
      {canChange && user.status === 'disabled' && (
        <Button variant="secondary" size="sm" onClick={() => commands.ask('reactivate')}>
          {tRich(m.reactivateButton, { who })}
        </Button>
      )}
      <ConfirmCommand commands={commands} copy={(command) => confirmCopy(command, user)} />
    </div>
  );
}
