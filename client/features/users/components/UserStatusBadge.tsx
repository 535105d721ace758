import type { Locale } from 'date-fns';
import type { DistrictUser } from '../../../../common/schemas/users';
import { useInstantFormat } from '../../../lib/session';

type Status = Pick<DistrictUser, 'status' | 'invite'>;

/** Status in words (never by colour alone): Active, Deactivated, or Invited with the state of its link. */
export function statusParts(user: Status, date: (iso: string) => string): { label: string; note: string | null; tone: string } {
  if (user.status === 'active') return { label: 'Active', note: null, tone: 'success' };
  if (user.status === 'disabled') return { label: 'Deactivated', note: null, tone: 'neutral' };
  if (!user.invite) return { label: 'Invited', note: 'no active link', tone: 'warning' };
  if (user.invite.expired) return { label: 'Invited', note: 'link expired', tone: 'warning' };
  return { label: 'Invited', note: `expires ${date(user.invite.expires_at)}`, tone: 'info' };
}

/** "Active", "Deactivated", or "Invited — expires Nov 28, 2026" (the note under the badge). */
export function UserStatusBadge({ user }: { user: Status; locale?: Locale }) {
  const when = useInstantFormat();
  const { label, note, tone } = statusParts(user, when.date);
  return (
    <span className="users-status">
      <span className={`badge badge--${tone}`}>{label}</span>
      {note && (
        <span className={['users-status__note', tone === 'warning' && 'users-status__note--warning'].filter(Boolean).join(' ')}>
          <span className="sr-only"> — </span>
          {note}
        </span>
      )}
    </span>
  );
}
