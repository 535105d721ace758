import type { User } from '../../../db/types';
import type { DistrictUser } from '../../../common/schemas/users';

export interface UserRelations {
  roles: Map<number, { name: string; label: string }[]>;
  buildings: Map<number, { id: number; name: string }[]>;
  invites: Map<number, { expires_at: string }>;
}

/** A district login for the User settings screens: an explicit whitelist (no hash, no district id). */
export function presentDistrictUser(user: User, rel: UserRelations, now = new Date().toISOString()): DistrictUser {
  const invite = user.status === 'invited' ? rel.invites.get(user.id) : undefined;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    status: user.status,
    roles: rel.roles.get(user.id) ?? [],
    buildings: rel.buildings.get(user.id) ?? [],
    last_login_at: user.last_login_at,
    invite: invite ? { expires_at: invite.expires_at, expired: invite.expires_at <= now } : null,
  };
}
