import type { Locale } from 'date-fns';
import type { AdminUser } from '../../../../common/schemas/adminUsers';
import { formatRelative } from '../../../lib/format';
import { useInstantFormat } from '../../../lib/session';

/** Status in words (never by colour alone): Active, Deactivated, or Invited with the state of its link. */
export function AdminUserStatus({ user }: { user: Pick<AdminUser, 'status' | 'invite'>; locale?: Locale }) {
  const when = useInstantFormat();
  let label = 'Active';
  let tone = 'success';
  let note: string | null = null;
  if (user.status === 'disabled') {
    label = 'Deactivated';
    tone = 'neutral';
  } else if (user.status === 'invited') {
    label = 'Invited';
    tone = user.invite && !user.invite.expired ? 'info' : 'warning';
    note = !user.invite ? 'no active link' : user.invite.expired ? 'link expired' : `expires ${when.date(user.invite.expires_at)}`;
  }
  return (
    <span className="au-status">
      <span className={`badge badge--${tone}`}>{label}</span>
      {note && (
        <span className="au-status__note">
          <span className="sr-only"> — </span>
          {note}
        </span>
      )}
    </span>
  );
}

/** "3 days ago" (full date and time on hover); "Never" before a first sign-in. */
export function LastSignIn({ value, locale }: { value: string | null; locale?: Locale }) {
  const when = useInstantFormat();
  if (!value) return <span className="muted">Never</span>;
  return <time dateTime={value} title={when.dateTime(value)}>{formatRelative(value, locale)}</time>;
}
