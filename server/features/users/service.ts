// District users: the multi-table commands behind User settings (invite, migrate, edit, resend,
// revoke, deactivate, reactivate). Every command works inside the caller's district only.
import { addDays } from 'date-fns';
import { lockDistrictWrites } from '../../../db/locks';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import type { User } from '../../../db/types';
import { EMAIL_LIMITS, INVITE_TTL_DAYS } from '../../../common/constants';
import { USER_MESSAGES, type DistrictRole } from '../../../common/schemas/users';
import type { Deps } from '../../deps';
import type { DistrictAuth } from '../../access/guards';
import { conflict, HttpError, validationError } from '../../http/errors';
import { hitWithMessage } from '../../http/rateLimit';
import { dropLapsedCalendarFeeds } from '../../identity/lapsedFeeds';
import { endUserSessions } from '../../identity/sessions';
import { type DistrictActor, recordAudit } from '../../lib/audit';
import { defang, quoted } from '../../lib/mailer';
import { invitationEmail, moveLoginEmail, roleListText } from '../../lib/invitationEmail';
import { districtLocale } from '../../i18n/recipients';
import { newToken } from '../../identity/tokens';
import { createInvite, createUser } from '../../identity/accounts';
import { findActiveLogin } from '../../identity/users';
import {
  countActiveDistrictAdmins, districtBuildingIds, findDistrictUserByEmail, invitedPeopleSince, replaceRolesAndBuildings,
  revokeOpenInvites, revokeOpenMigrations, roleNamesOf, setUserStatus,
} from './queries';
import { refuseWhileImpersonating } from '../../access/impersonation';
import { warnIfOverSeats } from '../../lib/seatWarning';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Who acts: the request's actor (for the audit log) and the signed-in manager (names in emails). */
export interface Caller {
  actor: DistrictActor;
  auth: DistrictAuth;
}

function audit(db: DB, caller: Caller, action: string, subjectId: number, details?: Record<string, unknown>) {
  return recordAudit(db, caller.actor, { action, subjectType: 'user', subjectId, details });
}


/** 422 building_ids unless every id is a current school of the district. */
async function checkBuildings(db: DB, districtId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await districtBuildingIds(db, districtId, unique);
  if (found.length !== unique.length) throw validationError({ building_ids: [USER_MESSAGES.buildingsUnknown] });
  return unique;
}


/**
 * Security finding 2: invitation emails (invites, resends and account-migration offers, whatever is
 * really sent) are limited per user and per district, and a trial district may invite only
 * EMAIL_LIMITS.trialFirstDayPeople people during its first day. Counted before anything is written.
 */
async function limitInvitationEmails(deps: Deps, caller: Caller, email: string): Promise<void> {
  const district = caller.auth.district;
  await hitWithMessage(deps.limiter, `invite-emails|user|${caller.auth.user.id}`, EMAIL_LIMITS.invitesPerUserPerHour, HOUR_MS, USER_MESSAGES.tooManyInvites);
  await hitWithMessage(deps.limiter, `invite-emails|district|${district.id}`, EMAIL_LIMITS.invitesPerDistrictPerDay, DAY_MS, USER_MESSAGES.tooManyInvites);
  if (district.status !== 'trial') return;
  const row = await deps.db.selectFrom('districts').select('created_at').where('id', '=', district.id).executeTakeFirst();
  if (!row || Date.now() - Date.parse(row.created_at) >= DAY_MS) return;
  const people = await invitedPeopleSince(deps.db, district.id, row.created_at);
  if (!people.has(email) && people.size >= EMAIL_LIMITS.trialFirstDayPeople) throw new HttpError(429, USER_MESSAGES.trialInviteLimit, 'rate_limited');
}

async function sendInviteEmail(deps: Deps, caller: Caller, user: { email: string; name: string }, roles: readonly string[], token: string) {
  const locale = districtLocale(caller.auth.district);
  await deps.mailer.send(invitationEmail(locale, 'invite', {
    to: user.email,
    name: quoted(user.name),
    sender: quoted(caller.auth.user.name),
    district: quoted(caller.auth.district.name),
    roles: roleListText(locale, roles),
    link: `${deps.config.appUrl}/app/auth/invite/${token}`,
    days: INVITE_TTL_DAYS,
  }));
}

export interface InviteInput {
  name: string;
  email: string;
  roles: DistrictRole[];
  building_ids: number[];
}

/**
 * Invites a person by email. Whatever the address is elsewhere (nothing, a login in another district,
 * provider staff, an invitation or a deactivated login elsewhere), the district gets the same answer:
 * an invited user of its own with a 7-day invitation (security finding 3). What is sent is decided
 * out of band by deliverInvitation.
 */
export async function inviteUser(deps: Deps, caller: Caller, input: InviteInput): Promise<User> {
  const { db } = deps;
  refuseWhileImpersonating(caller.auth);
  const districtId = caller.auth.district.id;
  const email = input.email.trim().toLowerCase();
  const buildingIds = await checkBuildings(db, districtId, input.building_ids);
  if (await findDistrictUserByEmail(db, districtId, email)) throw validationError({ email: [USER_MESSAGES.emailInDistrict] });
  await limitInvitationEmails(deps, caller, email);

  const user = await db.transaction().execute((trx) => createUser(trx, { districtId, email, name: input.name, roles: input.roles, buildingIds }));
  await audit(db, caller, 'user_invited', user.id, { email, roles: input.roles, building_ids: buildingIds });
  await deliverInvitation(deps, caller, user, input.roles);
  await warnIfOverSeats(db, deps.mailer, districtId);
  return user;
}

/**
 * Opens a fresh invitation for an invited user (older links stop working) and sends what fits the
 * address today: an invite link when no active login holds it; an offer to move the login when one
 * in another district does; nothing for a Coachwell staff account. The district sees none of this.
 */
async function deliverInvitation(deps: Deps, caller: Caller, user: User, roles: readonly string[]): Promise<void> {
  const { db } = deps;
  const login = await findActiveLogin(db, user.email);
  const token = await db.transaction().execute(async (trx) => {
    await revokeOpenInvites(trx, user.id);
    await revokeOpenMigrations(trx, user.id);
    return createInvite(trx, user, caller.auth.user.id);
  });
  if (!login || login.id === user.id) {
    await sendInviteEmail(deps, caller, user, roles, token);
  } else if (login.district_id === null) {
    // Provider staff: nothing is sent; recorded outside the district's own trail.
    await recordAudit(db, { ...caller.actor, districtId: null }, {
      action: 'invitation_not_sent', subjectType: 'user', subjectId: user.id,
      details: { reason: 'provider_staff', district_id: caller.auth.district.id },
    });
  } else {
    await startMigration(deps, caller, login, user, roles);
  }
}

async function startMigration(deps: Deps, caller: Caller, login: User, invited: User, roles: readonly string[]): Promise<void> {
  const { db } = deps;
  const districtId = caller.auth.district.id;
  const { token, hash } = newToken();
  const now = nowIso();
  await db.insertInto('account_migrations').values({
    user_id: login.id,
    from_district_id: login.district_id,
    to_district_id: districtId,
    invite_user_id: invited.id,
    name: invited.name,
    roles: JSON.stringify(roles),
    building_ids: '[]',
    invited_by: caller.auth.user.id,
    token_hash: hash,
    expires_at: addDays(new Date(), INVITE_TTL_DAYS).toISOString(),
    created_at: now,
  }).execute();
  // Recorded outside the inviting district's trail: it must not learn the person signs in elsewhere.
  await recordAudit(db, { ...caller.actor, districtId: null }, {
    action: 'account_migration_requested', subjectType: 'user', subjectId: login.id,
    details: { to_district_id: districtId, invited_user_id: invited.id },
  });
  const locale = districtLocale(caller.auth.district);
  await deps.mailer.send(moveLoginEmail(locale, {
    to: login.email,
    name: quoted(login.name),
    sender: quoted(caller.auth.user.name),
    district: quoted(caller.auth.district.name),
    roles: roleListText(locale, roles),
    email: defang(login.email),
    link: `${deps.config.appUrl}/migrate-account/${token}`,
    days: INVITE_TTL_DAYS,
  }));
}

/** True when removing this user's admin access would leave the district without an active admin. */
async function isLastActiveAdmin(db: DB, districtId: number, user: User): Promise<boolean> {
  if (user.status !== 'active') return false;
  if (!(await roleNamesOf(db, user.id)).includes('district-admin')) return false;
  return (await countActiveDistrictAdmins(db, districtId, user.id)) === 0;
}

export async function updateUser(
  deps: Deps, caller: Caller, user: User, input: { name?: string; roles: DistrictRole[]; building_ids: number[] },
): Promise<void> {
  const { db } = deps;
  refuseWhileImpersonating(caller.auth);
  const districtId = caller.auth.district.id;
  const buildingIds = await checkBuildings(db, districtId, input.building_ids);
  // The last-admin check and the write share one transaction, so two concurrent demotions cannot both pass.
  const before = await db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): a district keeps an administrator.
    await lockDistrictWrites(trx, districtId);
    if (!input.roles.includes('district-admin') && (await isLastActiveAdmin(trx, districtId, user))) {
      throw validationError({ roles: [USER_MESSAGES.lastAdmin] });
    }
    const roleNames = await roleNamesOf(trx, user.id);
    const buildingRows = await trx.selectFrom('user_buildings').select('building_id').where('user_id', '=', user.id).execute();
    await trx.updateTable('users').set({ ...(input.name !== undefined ? { name: input.name } : {}), updated_at: nowIso() })
      .where('id', '=', user.id).where('district_id', '=', districtId).execute();
    await replaceRolesAndBuildings(trx, user.id, input.roles, buildingIds);
    await dropLapsedCalendarFeeds(trx, [user.id]);
    return { roles: roleNames, buildingIds: buildingRows.map((r) => r.building_id) };
  });
  await audit(db, caller, 'user_updated', user.id, {
    ...(input.name !== undefined && input.name !== user.name ? { name: { from: user.name, to: input.name } } : {}),
    roles: { from: before.roles.sort(), to: [...input.roles].sort() },
    building_ids: { from: before.buildingIds.sort((a, b) => a - b), to: [...buildingIds].sort((a, b) => a - b) },
  });
  await warnIfOverSeats(db, deps.mailer, districtId);
}

/** A fresh invitation for an invited user; older open links stop working. */
export async function resendInvite(deps: Deps, caller: Caller, user: User): Promise<void> {
  const { db } = deps;
  refuseWhileImpersonating(caller.auth);
  if (user.status !== 'invited') throw conflict(USER_MESSAGES.notInvited);
  await hitWithMessage(deps.limiter, `invite-resends|user|${user.id}`, EMAIL_LIMITS.resendsPerPersonPerDay, DAY_MS, USER_MESSAGES.tooManyResends);
  await limitInvitationEmails(deps, caller, user.email);
  await audit(db, caller, 'user_invite_resent', user.id);
  await deliverInvitation(deps, caller, user, await roleNamesOf(db, user.id));
}

/**
 * Revokes the open invite links. The person stays listed as invited without a valid link (so the
 * audit trail and their roles stay), and "Resend invite" can send a new one later.
 */
export async function revokeInvite(deps: Deps, caller: Caller, user: User): Promise<void> {
  const { db } = deps;
  if (user.status !== 'invited') throw conflict(USER_MESSAGES.notInvited);
  const revoked = await db.transaction().execute(async (trx) => {
    await revokeOpenMigrations(trx, user.id);
    return revokeOpenInvites(trx, user.id);
  });
  if (revoked === 0) throw conflict(USER_MESSAGES.noOpenInvite);
  await audit(db, caller, 'user_invite_revoked', user.id, { revoked });
}

/** Deactivates a login: no sign-in, every session ended, open invite links revoked. */
export async function deactivateUser(deps: Deps, caller: Caller, user: User): Promise<void> {
  const { db } = deps;
  const districtId = caller.auth.district.id;
  if (user.status === 'disabled') throw conflict(USER_MESSAGES.alreadyDisabled);
  if (user.id === caller.auth.user.id) throw validationError({ id: [USER_MESSAGES.deactivateSelf] });
  // The last-admin check and the write share one transaction, so two concurrent deactivations cannot both pass.
  await db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): a district keeps an administrator.
    await lockDistrictWrites(trx, districtId);
    if (await isLastActiveAdmin(trx, districtId, user)) throw conflict(USER_MESSAGES.lastAdmin);
    await setUserStatus(trx, user.id, 'disabled');
    await revokeOpenInvites(trx, user.id);
    await revokeOpenMigrations(trx, user.id);
    await endUserSessions(trx, user.id);
    await dropLapsedCalendarFeeds(trx, [user.id]);
  });
  await audit(db, caller, 'user_deactivated', user.id, { status: { from: user.status, to: 'disabled' } });
}

/**
 * Reactivates a login: active again, or invited again when the person never set a password, or when
 * their email has meanwhile become an active login elsewhere (only one active login holds an email;
 * "Resend invite" then offers the person to move that login here).
 */
export async function reactivateUser(deps: Deps, caller: Caller, user: User): Promise<void> {
  const { db } = deps;
  refuseWhileImpersonating(caller.auth);
  if (user.status !== 'disabled') throw conflict(USER_MESSAGES.notDisabled);
  const elsewhere = await findActiveLogin(db, user.email);
  const status = user.password_hash && !elsewhere ? 'active' : 'invited';
  await setUserStatus(db, user.id, status);
  await audit(db, caller, 'user_reactivated', user.id, { status: { from: 'disabled', to: status } });
  await warnIfOverSeats(db, deps.mailer, caller.auth.district.id);
}
