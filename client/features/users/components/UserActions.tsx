// What a manager can do with one login: edit, resend or revoke the invitation, deactivate or
// reactivate. Destructive changes ask first; every outcome ends in a toast.
import type { DistrictUser } from '../../../../common/schemas/users';
import { Button, ButtonLink } from '../../../components/Button';
import { type CommandCopy, ConfirmCommand, useRowCommands } from '../../../components/RowCommands';
import { runUserCommand, type UserCommand } from '../api';

type Confirmable = Exclude<UserCommand, 'resend-invite'>;

const SUCCESS: Record<UserCommand, (u: DistrictUser) => string> = {
  'resend-invite': (u) => `A new invitation is on its way to ${u.email}. The earlier link no longer works.`,
  'revoke-invite': (u) => `The invitation for ${u.name} no longer works.`,
  deactivate: (u) => `${u.name} has been deactivated and signed out everywhere.`,
  reactivate: (u) => (u.status === 'invited' ? `${u.name} is invited again. Send a new invitation so they can finish signing up.` : `${u.name} can sign in again.`),
};

function confirmCopy(command: Confirmable, user: DistrictUser): CommandCopy {
  switch (command) {
    case 'revoke-invite':
      return {
        title: `Revoke the invitation for ${user.name}?`,
        message: <p>The link we emailed to <strong>{user.email}</strong> stops working. {user.name} stays on the list as invited, and you can send a new invitation at any time.</p>,
        confirm: 'Revoke invitation', danger: true,
      };
    case 'deactivate':
      return {
        title: `Deactivate ${user.name}?`,
        message: (
          <p>
            {user.name} is signed out on every device and can no longer sign in. Their coaching records stay with your district,
            and you can reactivate them at any time.
          </p>
        ),
        confirm: 'Deactivate', danger: true,
      };
    case 'reactivate':
      return {
        title: `Reactivate ${user.name}?`,
        message: (
          <p>
            {user.last_login_at === null
              ? `${user.name} gets back the roles and schools they had. If they never finished creating their account, send them a new invitation afterwards.`
              : `${user.name} can sign in again with their existing password, with the roles and schools they had.`}
          </p>
        ),
        confirm: 'Reactivate', danger: false,
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
          Edit{who}
        </ButtonLink>
      )}
      {user.status === 'invited' && (
        <>
          <Button variant="secondary" size={size} busy={commands.busy === 'resend-invite'} onClick={() => void commands.run('resend-invite')}>
            Resend invite{who}
          </Button>
          {user.invite && (
            <Button variant="ghost" size={size} onClick={() => commands.ask('revoke-invite')}>
              Revoke invite{who}
            </Button>
          )}
        </>
      )}
      {user.status !== 'disabled' && !isSelf && (
        <Button variant={showEdit ? 'ghost' : 'secondary'} size={size} className="users-actions__danger" onClick={() => commands.ask('deactivate')}>
          Deactivate{who}
        </Button>
      )}
      {user.status === 'disabled' && (
        <Button variant="secondary" size={size} onClick={() => commands.ask('reactivate')}>
          Reactivate{who}
        </Button>
      )}
      <ConfirmCommand commands={commands} copy={(command) => confirmCopy(command, user)} />
    </div>
  );
}
