// What provider staff can do with one login: impersonate (active district users), resend an invitation,
// deactivate or reactivate. Deactivating and reactivating ask first; every outcome ends in a toast.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AdminUser } from '../../../../common/schemas/adminUsers';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/Modal';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { impersonate } from '../../../lib/session';
import { type AdminUserCommand, runAdminUserCommand } from '../api';

type Confirmable = 'deactivate' | 'reactivate';
type Busy = AdminUserCommand | 'impersonate';

const SUCCESS: Record<AdminUserCommand, (u: AdminUser) => string> = {
  'resend-invite': (u) => `A new invitation is on its way to ${u.email}. The earlier link no longer works.`,
  deactivate: (u) => `${u.name} has been deactivated and signed out everywhere.`,
  reactivate: (u) => (u.status === 'invited' ? `${u.name} is invited again. Resend the invitation so they can finish signing up.` : `${u.name} can sign in again.`),
};

function confirmCopy(command: Confirmable, user: AdminUser) {
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
  const [busy, setBusy] = useState<Busy | null>(null);
  const [asking, setAsking] = useState<Confirmable | null>(null);

  async function run(command: AdminUserCommand) {
    setBusy(command);
    try {
      const updated = await runAdminUserCommand(user.id, command, base);
      toast.success(SUCCESS[command](updated));
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setAsking(null);
      setBusy(null);
    }
  }

  async function startImpersonating() {
    setBusy('impersonate');
    try {
      await impersonate(user.id);
      navigate('/app');
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
      setBusy(null);
    }
  }

  if (isSelf) return <span className="muted">—<span className="sr-only">No actions on your own login</span></span>;
  const who = <span className="sr-only"> {user.name}</span>;
  const copy = asking ? confirmCopy(asking, user) : null;
  const showImpersonate = canImpersonate && user.district !== null && user.status === 'active';

  return (
    <div className="au-actions">
      {showImpersonate && (
        <Button variant="secondary" size="sm" busy={busy === 'impersonate'} onClick={() => void startImpersonating()}>
          Impersonate{who}
        </Button>
      )}
      {canChange && user.status === 'invited' && (
        <Button variant="secondary" size="sm" busy={busy === 'resend-invite'} onClick={() => void run('resend-invite')}>
          Resend invite{who}
        </Button>
      )}
      {canChange && user.status !== 'disabled' && (
        <Button variant="ghost" size="sm" className="au-actions__danger" onClick={() => setAsking('deactivate')}>
          Deactivate{who}
        </Button>
      )}
      {canChange && user.status === 'disabled' && (
        <Button variant="secondary" size="sm" onClick={() => setAsking('reactivate')}>
          Reactivate{who}
        </Button>
      )}
      {copy && asking && (
        <ConfirmDialog
          open
          title={copy.title}
          message={copy.message}
          confirmLabel={copy.confirm}
          danger={copy.danger}
          busy={busy === asking}
          onConfirm={() => void run(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}
