import type { DistrictUserAnswer, OwnUserSettingsAnswer } from '../../../common/schemas/answers/users';
import type { User } from '../../../db/types';

export interface UserRelations {
  roles: Map<number, { name: string; label: string }[]>;
  buildings: Map<number, { id: number; name: string }[]>;
  invites: Map<number, { expires_at: string }>;
}

/** A district login for the User settings screens: an explicit whitelist (no hash, no district id). */
export function presentDistrictUser(user: User, rel: UserRelations, now = new Date().toISOString()): DistrictUserAnswer {
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

/**
 * The caller's own User settings (GET /api/user/self): an explicit whitelist of their login, roles and
 * schools, their district's name, and the names and emails of whom to ask (no ids, hashes or dates of others).
 */
export function presentOwnSettings(
  user: User,
  rel: { roles: { name: string; label: string }[]; buildings: { id: number; name: string }[] },
  district: { name: string },
  administrators: { name: string; email: string }[],
): OwnUserSettingsAnswer {
  return {
    name: user.name,
    email: user.email,
    status: user.status,
    last_login_at: user.last_login_at,
    roles: rel.roles.map((r) => ({ name: r.name, label: r.label })),
    buildings: rel.buildings.map((b) => ({ id: b.id, name: b.name })),
    district: { name: district.name },
    administrators: administrators.map((a) => ({ name: a.name, email: a.email })),
  };
}
