// The admin Users answer: an explicit whitelist (no password hash, no preferences).
import type { AdminUserAnswer } from '../../../common/schemas/answers/adminUsers';
import type { AdminUserRow } from './queries';

export interface AdminUserRelations {
  roles: Map<number, { name: string; label: string }[]>;
  invites: Map<number, { expires_at: string }>;
}

export function presentAdminUser(user: AdminUserRow, rel: AdminUserRelations, now = new Date().toISOString()): AdminUserAnswer {
  const invite = user.status === 'invited' ? rel.invites.get(user.id) : undefined;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    area: user.district_id === null ? 'admin' : 'app',
    district: user.district_id === null ? null : { id: user.district_id, name: user.district_name ?? '', status: user.district_status ?? '' },
    roles: rel.roles.get(user.id) ?? [],
    status: user.status,
    last_login_at: user.last_login_at,
    created_at: user.created_at,
    invite: invite ? { expires_at: invite.expires_at, expired: invite.expires_at <= now } : null,
  };
}
