// A login's status in words (never by colour alone), with the state of an invitation's link under the
// badge: the district's User settings and the provider's users and staff lists.
import type { DistrictUser } from '../../common/schemas/users';
import { useInstantFormat } from '../lib/session';
import './userStatus.css';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  active: { id: 'ui.userStatus.active', defaultMessage: 'Active' },
  deactivated: { id: 'ui.userStatus.deactivated', defaultMessage: 'Deactivated' },
  invited: { id: 'ui.userStatus.invited', defaultMessage: 'Invited' },
  noLink: { id: 'ui.userStatus.noLink', defaultMessage: 'no active link' },
  linkExpired: { id: 'ui.userStatus.linkExpired', defaultMessage: 'link expired' },
  expires: { id: 'ui.userStatus.expires', defaultMessage: 'expires {date}' },
});

type Status = Pick<DistrictUser, 'status' | 'invite'>;

/** Active, Deactivated, or Invited with its link's state ("expires …", "link expired", "no active link"). */
export function userStatusParts(user: Status, date: (iso: string) => string): { label: string; note: string | null; tone: string } {
  if (user.status === 'active') return { label: t(m.active), note: null, tone: 'success' };
  if (user.status === 'disabled') return { label: t(m.deactivated), note: null, tone: 'neutral' };
  if (!user.invite) return { label: t(m.invited), note: t(m.noLink), tone: 'warning' };
  if (user.invite.expired) return { label: t(m.invited), note: t(m.linkExpired), tone: 'warning' };
  return { label: t(m.invited), note: t(m.expires, { date: date(user.invite.expires_at) }), tone: 'info' };
}

/** "Active", "Deactivated", or "Invited — expires Nov 28, 2026" (the note under the badge). */
export function UserStatus({ user }: { user: Status }) {
  const when = useInstantFormat();
  const { label, note, tone } = userStatusParts(user, when.date);
  return (
    <span className="user-status">
      <span className={`badge badge--${tone}`}>{label}</span>
      {note && (
        <span className={['user-status__note', tone === 'warning' && 'user-status__note--warning'].filter(Boolean).join(' ')}>
          <span className="sr-only"> — </span>
          {note}
        </span>
      )}
    </span>
  );
}
