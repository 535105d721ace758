import type { Locale } from 'date-fns';
import type { AdminUser } from '../../../../common/schemas/adminUsers';
import { formatDate, formatDateTime, formatRelative } from '../../../lib/format';

/** Status in words (never by colour alone): Active, Deactivated, or Invited with the state of its link. */
export function AdminUserStatus({ user, locale }: { user: Pick<AdminUser, 'status' | 'invite'>; locale?: Locale }) {
  let label = 'Active';
  let tone = 'success';
  let note: string | null = null;
  if (user.status === 'disabled') {
    label = 'Deactivated';
    tone = 'neutral';
  } else if (user.status === 'invited') {
    label = 'Invited';
    tone = user.invite && !user.invite.expired ? 'info' : 'warning';
    note = !user.invite ? 'no active link' : user.invite.expired ? 'link expired' : `expires ${formatDate(user.invite.expires_at, locale)}`;
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
  if (!value) return <span className="muted">Never</span>;
  return <time dateTime={value} title={formatDateTime(value, locale)}>{formatRelative(value, locale)}</time>;
}
