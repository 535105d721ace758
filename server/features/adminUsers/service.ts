// The provider's user administration commands: deactivate, reactivate and resend an invitation for any
// login, and invite Coachwell staff and change their role. Each writes its audit row in its transaction.
import type { DB } from '../../../db/connection';
import { lockDistrictWrites, lockNamed } from '../../../db/locks';
import type { User } from '../../../db/types';
import { EMAIL_LIMITS, INVITE_TTL_DAYS } from '../../../common/constants';
import { ADMIN_USER_MESSAGES, ROLE_NAMES, type ProviderRole } from '../../../common/schemas/adminUsers';
import type { Deps } from '../../deps';
import { conflict, validationError } from '../../http/errors';
import { hitWithMessage } from '../../http/rateLimit';
import { createInvite, createUser } from '../../identity/accounts';
import { dropLapsedCalendarFeeds } from '../../identity/lapsedFeeds';
import { endUserSessions } from '../../identity/sessions';
import { findActiveLogin, findUserInDistrictByEmail, normalizeEmail } from '../../identity/users';
import { type Actor, recordAudit } from '../../lib/audit';
import { actionEmail, quoted } from '../../lib/mailer';
import { invitationEmail, roleListText } from '../../lib/invitationEmail';
import { districtLocale } from '../../i18n/recipients';
import type { AdminCaller } from './policies';
import {
  type AdminUserRow, countActiveWithRole, latestInviter, revokeOpenInvites, revokeOpenMigrations, roleNamesOf, setProviderRole,
  setUserStatus,
} from './queries';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The audit actor for a change to this login: the provider staff member, filed under the login's
 * district (as impersonation is), so the district's trail and the admin activity filter by district
 * show it; changes to Coachwell staff stay outside every district.
 */
function actorFor(caller: AdminCaller, target: Pick<User, 'district_id'>): Actor {
  return { ...caller.actor, districtId: target.district_id };
}



/**
 * The last-administrator rules, checked inside the write's transaction: a district keeps at least one
 * active district administrator (the same rule as the district's own User settings; the provider
 * suspends a district instead of locking its last administrator out), and Coachwell keeps at least one
 * active provider administrator.
 */
async function refuseLastAdmin(db: DB, target: AdminUserRow): Promise<void> {
  if (target.status !== 'active') return;
  const roles = await roleNamesOf(db, target.id);
  if (target.district_id === null) {
    if (roles.includes('provider-admin') && (await countActiveWithRole(db, null, 'provider-admin', target.id)) === 0) {
      throw validationError({ id: [ADMIN_USER_MESSAGES.lastProviderAdmin] });
    }
  } else if (roles.includes('district-admin') && (await countActiveWithRole(db, target.district_id, 'district-admin', target.id)) === 0) {
    throw conflict(ADMIN_USER_MESSAGES.lastDistrictAdmin(target.district_name ?? 'this district'));
  }
}

/**
 * The last-administrator rules read the administrators before the write: a district login's changes take
 * its district's writes one at a time, provider staff's a named lock (db/locks.ts).
 */
async function lockLastAdminRule(trx: DB, target: AdminUserRow): Promise<void> {
  if (target.district_id === null) await lockNamed(trx, 'provider administrators');
  else await lockDistrictWrites(trx, target.district_id);
}

/** Deactivates a login: no sign-in, every session ended, open invitation links revoked. */
export async function deactivateLogin(deps: Deps, caller: AdminCaller, target: AdminUserRow): Promise<void> {
  if (target.status === 'disabled') throw conflict(ADMIN_USER_MESSAGES.alreadyDisabled);
  if (target.id === caller.auth.user.id) throw validationError({ id: [ADMIN_USER_MESSAGES.deactivateSelf] });
  await deps.db.transaction().execute(async (trx) => {
    await lockLastAdminRule(trx, target);
    await refuseLastAdmin(trx, target);
    await setUserStatus(trx, target.id, 'disabled');
    await revokeOpenInvites(trx, target.id);
    await revokeOpenMigrations(trx, target.id);
    await endUserSessions(trx, target.id);
    await dropLapsedCalendarFeeds(trx, [target.id]);
    await recordAudit(trx, actorFor(caller, target), {
      action: 'user_deactivated', subjectType: 'user', subjectId: target.id, details: { status: { from: target.status, to: 'disabled' } },
    });
  });
}

/**
 * Reactivates a login: active again, or invited when the person never set a password or their email
 * has meanwhile become an active login elsewhere (only one active login holds an email).
 */
export async function reactivateLogin(deps: Deps, caller: AdminCaller, target: AdminUserRow): Promise<void> {
  if (target.status !== 'disabled') throw conflict(ADMIN_USER_MESSAGES.notDisabled);
  await deps.db.transaction().execute(async (trx) => {
    // One active login per email (db/locks.ts), read before the status is written.
    await lockNamed(trx, `login ${target.email.toLowerCase()}`);
    const elsewhere = await findActiveLogin(trx, target.email);
    const status = target.password_hash && !elsewhere ? 'active' : 'invited';
    await setUserStatus(trx, target.id, status);
    await recordAudit(trx, actorFor(caller, target), {
      action: 'user_reactivated', subjectType: 'user', subjectId: target.id, details: { status: { from: 'disabled', to: status } },
    });
  });
}

async function sendDistrictInvite(deps: Deps, target: AdminUserRow, roles: string[], token: string): Promise<void> {
  const district = target.district_id === null ? null
    : await deps.db.selectFrom('districts').select('settings').where('id', '=', target.district_id).executeTakeFirst();
  const locale = district ? districtLocale(district) : 'en';
  await deps.mailer.send(invitationEmail(locale, 'again', {
    to: target.email,
    name: quoted(target.name),
    district: quoted(target.district_name ?? ''),
    roles: roleListText(locale, roles, ROLE_NAMES),
    link: `${deps.config.appUrl}/app/auth/invite/${token}`,
    days: INVITE_TTL_DAYS,
  }));
}

async function sendStaffInvite(deps: Deps, caller: AdminCaller, user: { email: string; name: string }, role: string, token: string) {
  await deps.mailer.send(actionEmail({
    to: user.email,
    subject: 'Coachwell invitation: join the Coachwell team',
    intro: `Hi ${quoted(user.name)}, ${quoted(caller.auth.user.name)} invited you to Coachwell's admin area, where the Coachwell team runs districts, users, alerts and help articles (your role: ${ROLE_NAMES[role] ?? role}).`,
    action: 'Accept the invitation',
    link: `${deps.config.appUrl}/admin/auth/invite/${token}`,
    outro: `The link works once and expires in ${INVITE_TTL_DAYS} days. If you were not expecting this invitation, you can ignore this email.`,
  }));
}

/**
 * A fresh invitation for an invited login (older links stop working), counted against the same email
 * limits as the district's own invitations (security finding 2). When the email has meanwhile become
 * an active login elsewhere, nothing is sent (409): the district's own resend offers to move that login.
 */
export async function resendLoginInvite(deps: Deps, caller: AdminCaller, target: AdminUserRow): Promise<void> {
  const { db } = deps;
  if (target.status !== 'invited') throw conflict(ADMIN_USER_MESSAGES.notInvited);
  const elsewhere = await findActiveLogin(db, target.email);
  if (elsewhere && elsewhere.id !== target.id) throw conflict(ADMIN_USER_MESSAGES.activeElsewhere);
  await hitWithMessage(deps.limiter, `invite-resends|user|${target.id}`, EMAIL_LIMITS.resendsPerPersonPerDay, DAY_MS, ADMIN_USER_MESSAGES.tooManyResends);
  await hitWithMessage(deps.limiter, `invite-emails|user|${caller.auth.user.id}`, EMAIL_LIMITS.invitesPerUserPerHour, HOUR_MS, ADMIN_USER_MESSAGES.tooManyInvites);
  if (target.district_id !== null) {
    await hitWithMessage(deps.limiter, `invite-emails|district|${target.district_id}`, EMAIL_LIMITS.invitesPerDistrictPerDay, DAY_MS, ADMIN_USER_MESSAGES.tooManyInvites);
  }
  const roles = await roleNamesOf(db, target.id);
  const token = await db.transaction().execute(async (trx) => {
    // A district user's link keeps naming the person who invited them; a staff member's names the caller.
    const inviter = target.district_id === null ? caller.auth.user.id : await latestInviter(trx, target.id);
    await revokeOpenInvites(trx, target.id);
    await revokeOpenMigrations(trx, target.id);
    const token = await createInvite(trx, target, inviter);
    await recordAudit(trx, actorFor(caller, target), { action: 'user_invite_resent', subjectType: 'user', subjectId: target.id });
    return token;
  });
  if (target.district_id === null) await sendStaffInvite(deps, caller, target, roles[0] ?? 'provider-support', token);
  else await sendDistrictInvite(deps, target, roles, token);
}

/** Invites a Coachwell staff member by email with a provider role: a 7-day link to /admin/auth/invite/…. */
export async function inviteStaff(deps: Deps, caller: AdminCaller, input: { name: string; email: string; role: ProviderRole }): Promise<User> {
  const { db } = deps;
  const email = normalizeEmail(input.email);
  if (await findUserInDistrictByEmail(db, null, email)) throw validationError({ email: [ADMIN_USER_MESSAGES.emailIsStaff] });
  if (await findActiveLogin(db, email)) throw validationError({ email: [ADMIN_USER_MESSAGES.emailIsDistrictLogin] });
  await hitWithMessage(deps.limiter, `invite-emails|user|${caller.auth.user.id}`, EMAIL_LIMITS.invitesPerUserPerHour, HOUR_MS, ADMIN_USER_MESSAGES.tooManyInvites);
  const { user, token } = await db.transaction().execute(async (trx) => {
    const user = await createUser(trx, { districtId: null, email, name: input.name, roles: [input.role] });
    const token = await createInvite(trx, user, caller.auth.user.id);
    await recordAudit(trx, caller.actor, {
      action: 'staff_invited', subjectType: 'user', subjectId: user.id, details: { email, role: input.role },
    });
    return { user, token };
  });
  await sendStaffInvite(deps, caller, user, input.role, token);
  return user;
}

/**
 * Changes a staff member's provider role. Nobody changes their own role, and demoting the last active
 * provider administrator is refused (checked in the write's transaction). The same role changes nothing.
 */
export async function changeStaffRole(deps: Deps, caller: AdminCaller, target: AdminUserRow, role: ProviderRole): Promise<void> {
  if (target.id === caller.auth.user.id) throw validationError({ role: [ADMIN_USER_MESSAGES.changeOwnRole] });
  await deps.db.transaction().execute(async (trx) => {
    await lockLastAdminRule(trx, target);
    const before = await roleNamesOf(trx, target.id);
    if (before.length === 1 && before[0] === role) return;
    if (role !== 'provider-admin' && target.status === 'active' && before.includes('provider-admin')
      && (await countActiveWithRole(trx, null, 'provider-admin', target.id)) === 0) {
      throw validationError({ role: [ADMIN_USER_MESSAGES.lastProviderAdmin] });
    }
    await setProviderRole(trx, target.id, role);
    await dropLapsedCalendarFeeds(trx, [target.id]);
    await recordAudit(trx, caller.actor, {
      action: 'staff_role_changed', subjectType: 'user', subjectId: target.id, details: { role: { from: before.sort().join(','), to: role } },
    });
  });
}
