// What provider staff can do with one login: impersonate (active district users), resend an invitation,
// deactivate or reactivate. Deactivating and reactivating ask first; every outcome ends in a toast.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AdminUser } from '../../../../common/schemas/adminUsers';
import { Button } from '../../../components/Button';
import { type CommandCopy, ConfirmCommand, useRowCommands } from '../../../components/RowCommands';
import { useToast } from '../../../components/Toasts';
import { messageOf } from '../../../lib/formErrors';
import { impersonate } from '../../../lib/session';
import { type AdminUserCommand, runAdminUserCommand } from '../api';

type Confirmable = 'deactivate' | 'reactivate';

const SUCCESS: Record<AdminUserCommand, (u: AdminUser) => string> = {
  'resend-invite': (u) => `A new invitation is on its way to ${u.email}. The earlier link no longer works.`,
  deactivate: (u) => `${u.name} has been deactivated and signed out everywhere.`,
  reactivate: (u) => (u.status === 'invited' ? `${u.name} is invited again. Resend the invitation so they can finish signing up.` : `${u.name} can sign in again.`),
};

function confirmCopy(command: Confirmable, user: AdminUser): CommandCopy {
  const where = user.district ? ` of ${user.district.name}` : ' (Coachwell staff)';
  if (command === 'deactivate') {
    return {
      title: `Deactivate ${user.name}?`,
      message: (
        <p>
          {user.name}{where} is signed out on every device and can no longer sign in. Their records stay, and they can be
          reactivated at any time.
        </p>
      ),
      confirm: 'Deactivate', danger: true,
    };
  }
  return {
    title: `Reactivate ${user.name}?`,
    message: (
      <p>
        {user.last_login_at === null
          ? `${user.name}${where} gets back the roles they had. If they never finished creating their account, resend the invitation afterwards.`
          : `${user.name}${where} can sign in again with their existing password and the roles they had.`}
      </p>
    ),
    confirm: 'Reactivate', danger: false,
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

  if (isSelf) return <span className="muted">—<span className="sr-only">No actions on your own login</span></span>;
  const who = <span className="sr-only"> {user.name}</span>;
  const showImpersonate = canImpersonate && user.district !== null && user.status === 'active';

  return (
    <div className="au-actions">
      {showImpersonate && (
        <Button variant="secondary" size="sm" busy={impersonating} onClick={() => void startImpersonating()}>
          Impersonate{who}
        </Button>
      )}
      {canChange && user.status === 'invited' && (
        <Button variant="secondary" size="sm" busy={commands.busy === 'resend-invite'} onClick={() => void commands.run('resend-invite')}>
          Resend invite{who}
        </Button>
      )}
      {canChange && user.status !== 'disabled' && (
        <Button variant="ghost" size="sm" className="au-actions__danger" onClick={() => commands.ask('deactivate')}>
          Deactivate{who}
        </Button>
      )}
      {canChange && user.status === 'disabled' && (
        <Button variant="secondary" size="sm" onClick={() => commands.ask('reactivate')}>
          Reactivate{who}
        </Button>
      )}
      <ConfirmCommand commands={commands} copy={(command) => confirmCopy(command, user)} />
    </div>
  );
}
