// District users: the multi-table commands behind User settings (invite, migrate, edit, resend,
// revoke, deactivate, reactivate). Every command works inside the caller's district only.
import { addDays } from 'date-fns';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import type { User } from '../../../db/types';
import { INVITE_TTL_DAYS } from '../../../common/constants';
import { ROLE_LABELS, USER_MESSAGES, type DistrictRole } from '../../../common/schemas/users';
import type { Deps } from '../../deps';
import type { DistrictAuth } from '../../access/guards';
import { conflict, validationError } from '../../http/errors';
import { endUserSessions } from '../../identity/sessions';
import { type DistrictActor, recordAudit } from '../../lib/audit';
import { actionEmail } from '../../lib/mailer';
import { newToken } from '../../identity/tokens';
import { createInvite, createUser } from '../../identity/accounts';
import { findUserByEmail } from '../../identity/users';
import {
  countActiveDistrictAdmins, districtBuildingIds, replaceRolesAndBuildings, revokeOpenInvites, roleNamesOf,
  setUserStatus,
} from './queries';

/** Who acts: the request's actor (for the audit log) and the signed-in manager (names in emails). */
export interface Caller {
  actor: DistrictActor;
  auth: DistrictAuth;
}

function audit(db: DB, caller: Caller, action: string, subjectId: number, details?: Record<string, unknown>) {
  return recordAudit(db, caller.actor, { action, subjectType: 'user', subjectId, details });
}

/** "your role: Coach" or "your roles: Coach and Educator" for the emails. */
const roleList = (roles: readonly string[]) => {
  const labels = roles.map((r) => ROLE_LABELS[r as DistrictRole] ?? r);
  return labels.length > 1 ? `your roles: ${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : `your role: ${labels[0] ?? ''}`;
};

/** 422 building_ids unless every id is a current school of the district. */
async function checkBuildings(db: DB, districtId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await districtBuildingIds(db, districtId, unique);
  if (found.length !== unique.length) throw validationError({ building_ids: [USER_MESSAGES.buildingsUnknown] });
  return unique;
}

async function sendInviteEmail(deps: Deps, actor: Caller, user: { email: string; name: string }, roles: readonly string[], token: string) {
  const district = actor.auth.district.name;
  await deps.mailer.send(actionEmail({
    to: user.email,
    subject: `You're invited to ${district} on Coachwell`,
    intro: `Hi ${user.name}, ${actor.auth.user.name} invited you to join ${district} on Coachwell (${roleList(roles)}). Coachwell is where your district plans, logs and follows up on instructional coaching.`,
    action: 'Accept the invitation',
    link: `${deps.config.appUrl}/app/auth/invite/${token}`,
    outro: `The link works once and expires in ${INVITE_TTL_DAYS} days. If you were not expecting this invitation, you can ignore this email.`,
  }));
}

export interface InviteInput {
  name: string;
  email: string;
  roles: DistrictRole[];
  building_ids: number[];
}

export type InviteOutcome = { kind: 'invited'; user: User } | { kind: 'migration'; email: string };

/**
 * Invites a person by email. A new email becomes an invited login with a 7-day invite link; an email
 * with a login in another district gets an account migration link instead.
 */
export async function inviteUser(deps: Deps, actor: Caller, input: InviteInput): Promise<InviteOutcome> {
  const { db } = deps;
  const districtId = actor.auth.district.id;
  const email = input.email.trim().toLowerCase();
  const buildingIds = await checkBuildings(db, districtId, input.building_ids);
  const existing = await findUserByEmail(db, email);
  if (existing && existing.district_id === districtId) throw validationError({ email: [USER_MESSAGES.emailInDistrict] });
  if (existing && existing.district_id === null) throw validationError({ email: [USER_MESSAGES.emailProviderStaff] });
  if (existing) {
    if (!existing.password_hash) throw validationError({ email: [USER_MESSAGES.emailInvitedElsewhere] });
    return startMigration(deps, actor, existing, { ...input, building_ids: buildingIds });
  }

  const { user, token } = await db.transaction().execute(async (trx) => {
    const created = await createUser(trx, { districtId, email, name: input.name, roles: input.roles, buildingIds });
    return { user: created, token: await createInvite(trx, created, actor.auth.user.id) };
  });
  await audit(db, actor, 'user_invited', user.id, { email, roles: input.roles, building_ids: buildingIds });
  await sendInviteEmail(deps, actor, user, input.roles, token);
  return { kind: 'invited', user };
}

async function startMigration(deps: Deps, actor: Caller, user: User, input: InviteInput): Promise<InviteOutcome> {
  const { db } = deps;
  const districtId = actor.auth.district.id;
  const { token, hash } = newToken();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    // A new link to the same district replaces any earlier one still open.
    await trx.updateTable('account_migrations').set({ revoked_at: now })
      .where('user_id', '=', user.id).where('to_district_id', '=', districtId)
      .where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute();
    await trx.insertInto('account_migrations').values({
      user_id: user.id,
      from_district_id: user.district_id,
      to_district_id: districtId,
      name: input.name.trim(),
      roles: JSON.stringify(input.roles),
      building_ids: JSON.stringify(input.building_ids),
      invited_by: actor.auth.user.id,
      token_hash: hash,
      expires_at: addDays(new Date(), INVITE_TTL_DAYS).toISOString(),
      created_at: now,
    }).execute();
  });
  // The person is not one of this district's users yet: the subject is their login, details say why.
  await audit(db, actor, 'account_migration_requested', user.id, { email: user.email, roles: input.roles, building_ids: input.building_ids });
  const district = actor.auth.district.name;
  await deps.mailer.send(actionEmail({
    to: user.email,
    subject: `Move your Coachwell login to ${district}`,
    intro: `Hi ${user.name}, ${actor.auth.user.name} invited you to join ${district} on Coachwell (${roleList(input.roles)}). You already sign in to Coachwell with ${user.email} in another district, so you can move your login there. Your password stays the same, and your former district keeps its records.`,
    action: 'Review and move my login',
    link: `${deps.config.appUrl}/migrate-account/${token}`,
    outro: `The link works once and expires in ${INVITE_TTL_DAYS} days. If you were not expecting this, ignore this email and your login stays where it is.`,
  }));
  return { kind: 'migration', email: user.email };
}

/** True when removing this user's admin access would leave the district without an active admin. */
async function isLastActiveAdmin(db: DB, districtId: number, user: User): Promise<boolean> {
  if (user.status !== 'active') return false;
  if (!(await roleNamesOf(db, user.id)).includes('district-admin')) return false;
  return (await countActiveDistrictAdmins(db, districtId, user.id)) === 0;
}

export async function updateUser(
  deps: Deps, actor: Caller, user: User, input: { name?: string; roles: DistrictRole[]; building_ids: number[] },
): Promise<void> {
  const { db } = deps;
  const districtId = actor.auth.district.id;
  const buildingIds = await checkBuildings(db, districtId, input.building_ids);
  // The last-admin check and the write share one transaction, so two concurrent demotions cannot both pass.
  const before = await db.transaction().execute(async (trx) => {
    if (!input.roles.includes('district-admin') && (await isLastActiveAdmin(trx, districtId, user))) {
      throw validationError({ roles: [USER_MESSAGES.lastAdmin] });
    }
    const roleNames = await roleNamesOf(trx, user.id);
    await trx.updateTable('users').set({ ...(input.name !== undefined ? { name: input.name } : {}), updated_at: nowIso() })
      .where('id', '=', user.id).where('district_id', '=', districtId).execute();
    await replaceRolesAndBuildings(trx, user.id, input.roles, buildingIds);
    return roleNames;
  });
  await audit(db, actor, 'user_updated', user.id, {
    ...(input.name !== undefined && input.name !== user.name ? { name: { from: user.name, to: input.name } } : {}),
    roles: { from: before.sort(), to: [...input.roles].sort() },
    building_ids: buildingIds,
  });
}

/** A fresh invite link for an invited user; older open links stop working. */
export async function resendInvite(deps: Deps, actor: Caller, user: User): Promise<void> {
  const { db } = deps;
  if (user.status !== 'invited') throw conflict(USER_MESSAGES.notInvited);
  const token = await db.transaction().execute(async (trx) => {
    await revokeOpenInvites(trx, user.id);
    return createInvite(trx, user, actor.auth.user.id);
  });
  await audit(db, actor, 'user_invite_resent', user.id);
  await sendInviteEmail(deps, actor, user, await roleNamesOf(db, user.id), token);
}

/**
 * Revokes the open invite links. The person stays listed as invited without a valid link (so the
 * audit trail and their roles stay), and "Resend invite" can send a new one later.
 */
export async function revokeInvite(deps: Deps, actor: Caller, user: User): Promise<void> {
  const { db } = deps;
  if (user.status !== 'invited') throw conflict(USER_MESSAGES.notInvited);
  const revoked = await revokeOpenInvites(db, user.id);
  if (revoked === 0) throw conflict(USER_MESSAGES.noOpenInvite);
  await audit(db, actor, 'user_invite_revoked', user.id, { revoked });
}

/** Deactivates a login: no sign-in, every session ended, open invite links revoked. */
export async function deactivateUser(deps: Deps, actor: Caller, user: User): Promise<void> {
  const { db } = deps;
  const districtId = actor.auth.district.id;
  if (user.status === 'disabled') throw conflict(USER_MESSAGES.alreadyDisabled);
  if (user.id === actor.auth.user.id) throw validationError({ id: [USER_MESSAGES.deactivateSelf] });
  // The last-admin check and the write share one transaction, so two concurrent deactivations cannot both pass.
  await db.transaction().execute(async (trx) => {
    if (await isLastActiveAdmin(trx, districtId, user)) throw conflict(USER_MESSAGES.lastAdmin);
    await setUserStatus(trx, user.id, 'disabled');
    await revokeOpenInvites(trx, user.id);
    await endUserSessions(trx, user.id);
  });
  await audit(db, actor, 'user_deactivated', user.id, { previous_status: user.status });
}

/** Reactivates a login: active again, or invited again when the person never set a password. */
export async function reactivateUser(deps: Deps, actor: Caller, user: User): Promise<void> {
  const { db } = deps;
  if (user.status !== 'disabled') throw conflict(USER_MESSAGES.notDisabled);
  const status = user.password_hash ? 'active' : 'invited';
  await setUserStatus(db, user.id, status);
  await audit(db, actor, 'user_reactivated', user.id, { status });
}
