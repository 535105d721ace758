// What a manager can do with one login: edit, resend or revoke the invitation, deactivate or
// reactivate. Destructive changes ask first; every outcome ends in a toast.
import type { DistrictUser } from '../../../../common/schemas/users';
import { Button, ButtonLink } from '../../../components/Button';
import { type CommandCopy, ConfirmCommand, useRowCommands } from '../../../components/RowCommands';
import { runUserCommand, type UserCommand } from '../api';
import { defineMessages, t, tRich } from '../../../lib/i18n';

const m = defineMessages({
  resent: { id: 'users.resent', defaultMessage: 'A new invitation is on its way to {email}. The earlier link no longer works.' },
  revoked: { id: 'users.revoked', defaultMessage: 'The invitation for {name} no longer works.' },
  deactivatedToast: { id: 'users.deactivatedToast', defaultMessage: '{name} has been deactivated and signed out everywhere.' },
  reinvited: { id: 'users.reinvited', defaultMessage: '{name} is invited again. Send a new invitation so they can finish signing up.' },
  canSignIn: { id: 'users.canSignIn', defaultMessage: '{name} can sign in again.' },
  revokeTitle: { id: 'users.revokeTitle', defaultMessage: 'Revoke the invitation for {name}?' },
  revokeMessage: { id: 'users.revokeMessage', defaultMessage: 'The link we emailed to <b>{email}</b> stops working. {name} stays on the list as invited, and you can send a new invitation at any time.' },
  revokeConfirm: { id: 'users.revokeConfirm', defaultMessage: 'Revoke invitation' },
  deactivateTitle: { id: 'users.deactivateTitle', defaultMessage: 'Deactivate {name}?' },
  deactivateMessage: { id: 'users.deactivateMessage', defaultMessage: '{name} is signed out on every device and can no longer sign in. Their coaching records stay with your district, and you can reactivate them at any time.' },
  deactivate: { id: 'users.deactivate', defaultMessage: 'Deactivate' },
  reactivateTitle: { id: 'users.reactivateTitle', defaultMessage: 'Reactivate {name}?' },
  reactivateNever: { id: 'users.reactivateNever', defaultMessage: '{name} gets back the roles and schools they had. If they never finished creating their account, send them a new invitation afterwards.' },
  reactivateSeen: { id: 'users.reactivateSeen', defaultMessage: '{name} can sign in again with their existing password, with the roles and schools they had.' },
  reactivate: { id: 'users.reactivate', defaultMessage: 'Reactivate' },
  edit: { id: 'users.edit', defaultMessage: 'Edit' },
  resend: { id: 'users.resend', defaultMessage: 'Resend invite' },
  revoke: { id: 'users.revoke', defaultMessage: 'Revoke invite' },
});

type Confirmable = Exclude<UserCommand, 'resend-invite'>;

const SUCCESS: Record<UserCommand, (u: DistrictUser) => string> = {
  'resend-invite': (u) => t(m.resent, { email: u.email }),
  'revoke-invite': (u) => t(m.revoked, { name: u.name }),
  deactivate: (u) => t(m.deactivatedToast, { name: u.name }),
  reactivate: (u) => t(u.status === 'invited' ? m.reinvited : m.canSignIn, { name: u.name }),
};

function confirmCopy(command: Confirmable, user: DistrictUser): CommandCopy {
  switch (command) {
    case 'revoke-invite':
      return {
        title: t(m.revokeTitle, { name: user.name }),
        message: <p>{tRich(m.revokeMessage, { b: (chunks) => <strong>{chunks}</strong>, email: user.email, name: user.name })}</p>,
        confirm: t(m.revokeConfirm), danger: true,
      };
    case 'deactivate':
      return {
        title: t(m.deactivateTitle, { name: user.name }),
        message: <p>{t(m.deactivateMessage, { name: user.name })}</p>,
        confirm: t(m.deactivate), danger: true,
      };
    case 'reactivate':
      return {
        title: t(m.reactivateTitle, { name: user.name }),
        message: <p>{t(user.last_login_at === null ? m.reactivateNever : m.reactivateSeen, { name: user.name })}</p>,
        confirm: t(m.reactivate), danger: false,
      };
  }
}

type Props = {
  user: DistrictUser;
  isSelf: boolean;
  /** Rows link to the edit screen; the edit screen itself does not. */
  showEdit?: boolean;
  size?: 'sm' | 'md';
};

export function UserActions({ user, isSelf, showEdit = false, size = 'sm' }: Props) {
  const commands = useRowCommands<UserCommand, DistrictUser, Confirmable>(
    (command) => runUserCommand(user.id, command), (command, updated) => SUCCESS[command](updated),
  );

  const who = <span className="sr-only"> {user.name}</span>;

  return (
    <div className="users-actions">
      {showEdit && (
        <ButtonLink to={`/app/settings/user/${user.id}`} variant="secondary" size={size}>
          {t(m.edit)}{who}
        </ButtonLink>
      )}
      {user.status === 'invited' && (
        <>
          <Button variant="secondary" size={size} busy={commands.busy === 'resend-invite'} onClick={() => void commands.run('resend-invite')}>
            {t(m.resend)}{who}
          </Button>
          {user.invite && (
            <Button variant="ghost" size={size} onClick={() => commands.ask('revoke-invite')}>
              {t(m.revoke)}{who}
            </Button>
          )}
        </>
      )}
      {user.status !== 'disabled' && !isSelf && (
        <Button variant={showEdit ? 'ghost' : 'secondary'} size={size} className="users-actions__danger" onClick={() => commands.ask('deactivate')}>
          {t(m.deactivate)}{who}
        </Button>
      )}
      {user.status === 'disabled' && (
        <Button variant="secondary" size={size} onClick={() => commands.ask('reactivate')}>
          {t(m.reactivate)}{who}
        </Button>
      )}
      <ConfirmCommand commands={commands} copy={(command) => confirmCopy(command, user)} />
    </div>
  );
}
