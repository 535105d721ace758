import { Router, type Request, type Response } from 'express';
import {
  acceptInviteSchema, impersonateSchema, loginSchema, passwordResetRequestSchema, passwordResetSchema, registerSchema,
} from '../../../common/schemas/auth';
import type { InviteDetailsAnswer, MessageAnswer, PasswordResetDoneAnswer } from '../../../common/schemas/answers/messages';
import { USER_MESSAGES } from '../../../common/schemas/users';
import { nowIso } from '../../../db/connection';
import type { User } from '../../../db/types';
import type { Deps } from '../../deps';
import { requireAuth } from '../../access/guards';
import { buildAuthContext } from '../../identity/context';
import { issueCsrfToken } from '../../http/csrf';
import { isAdministrator, passwordSignInOff, startSession } from '../../identity/signIn';
import { SSO_MESSAGES } from '../../../common/schemas/ssoSignIn';
import { conflict, forbidden, HttpError, notFound, validationError } from '../../http/errors';
import { DISTRICT_SUSPENDED_MESSAGE } from '../../../common/schemas/adminDistricts';
import { deletionDay, districtScheduledForDeletionMessage } from '../../../common/schemas/districtDeletion';
import { refuseIfScheduledForDeletion } from '../../lib/districtDeletion';
import { EMAIL_LIMITS } from '../../../common/constants';
import { clientKey } from '../../http/rateLimit';
import { validate } from '../../http/validate';
import { recordAudit } from '../../lib/audit';
import { securityEvents } from '../../lib/opsLog';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../identity/passwords';
import { endUserSessions } from '../../identity/sessions';
import { requireImpersonator } from './policies';
import { presentAuthUser } from '../../identity/presenter';
import { findActiveLogin, findUserByEmail, findUserById, normalizeEmail } from '../../identity/users';
import { warnIfOverSeats } from '../../lib/seatWarning';
import { passwordResetEmail } from './resetEmail';
import { accountLocale } from '../../i18n/recipients';
import { guestLocale, requestLocale } from '../../i18n/locale';
import { translate } from '../../i18n/translate';
import {
  createDistrict, createPasswordReset, createUser, findOpenInvite, findOpenPasswordReset, linkStaffToUser,
} from '../../identity/accounts';

export const BAD_CREDENTIALS = 'These credentials do not match our records.';
export const ADMIN_LOGIN_REFUSED = 'This sign-in page is for Coachwell staff. District users sign in at /app/auth/login.';
export const APP_LOGIN_REFUSED = 'This is a Coachwell staff account. Please sign in at /admin/auth/login.';
export const REGISTRATIONS_LIMITED = 'Too many districts were registered from your network today. Please try again tomorrow or contact us.';
export const RESET_SENT = 'If an account exists for that email, we have sent a link to reset its password.';
/** Failed sign-ins one client address may make for one email per minute (finding 14: the owner elsewhere is not locked out). */
export const LOGIN_FAILURES_PER_ADDRESS_AND_EMAIL = 10;
/** Failed sign-ins one client address may make across all emails per 15 minutes (finding 13). */
export const LOGIN_FAILURES_PER_ADDRESS = 50;
const LOGIN_ADDRESS_WINDOW_MS = 15 * 60_000;

async function districtStatus(db: Deps['db'], districtId: number) {
  return db.selectFrom('districts').select(['status', 'timezone', 'deletion_due_at']).where('id', '=', districtId).executeTakeFirst();
}

async function answerUser(deps: Deps, res: Response, user: User, impersonator: User | null, status = 200) {
  res.status(status).json(presentAuthUser(await buildAuthContext(deps.db, user, impersonator)));
}

export function authRoutes(deps: Deps): Router {
  const { db, config, mailer, limiter } = deps;
  const secure = config.env === 'production';
  const router = Router();

  /** A security event for the admin Logs (never delays or breaks the answer). */
  const signInFailed = (req: Request, input: { email: string; area: string }, user: User | undefined, reason: string) =>
    securityEvents(db, deps.log).record(req, {
      kind: 'failed-sign-in', email: input.email, userId: user?.id ?? null, districtId: user?.district_id ?? null, details: { area: input.area, reason },
    });

  router.get('/auth/user', async (req, res) => {
    res.json(presentAuthUser(requireAuth(req)));
  });

  router.post('/auth/login', async (req, res) => {
    const input = validate(loginSchema, req.body);
    // Only failures count, per address and email together and per address across all emails;
    // a refused attempt costs no password hash. Hashes run through one bounded queue (identity/passwords).
    const pairKey = clientKey(req, 'login-failed', input.email);
    const addressKey = clientKey(req, 'login-failed');
    await limiter.check(addressKey, LOGIN_FAILURES_PER_ADDRESS);
    await limiter.check(pairKey, LOGIN_FAILURES_PER_ADDRESS_AND_EMAIL);
    const user = await findUserByEmail(db, input.email);
    // An unknown email costs the same hash as a known one, so timing does not tell them apart.
    const passwordOk = await verifyPassword(input.password, user?.password_hash ?? (await DUMMY_HASH_PROMISE));
    if (!user || !passwordOk || user.status === 'invited') {
      await limiter.record(pairKey, 60_000);
      await limiter.record(addressKey, LOGIN_ADDRESS_WINDOW_MS);
      await recordAudit(db, { ...req.actor, districtId: user?.district_id ?? null, userId: user?.id ?? null }, {
        action: 'login_failed', details: { email: normalizeEmail(input.email), area: input.area },
      });
      signInFailed(req, input, user, !user ? 'unknown_email' : user.status === 'invited' ? 'invited' : 'wrong_password');
      throw validationError({ email: [BAD_CREDENTIALS] });
    }
    if (user.status === 'disabled') {
      signInFailed(req, input, user, 'deactivated');
      throw validationError({ email: ['This account has been deactivated. Contact your district administrator.'] });
    }
    const userArea = user.district_id === null ? 'admin' : 'app';
    if (userArea !== input.area) {
      throw validationError({ email: [input.area === 'admin' ? ADMIN_LOGIN_REFUSED : APP_LOGIN_REFUSED] });
    }
    // A suspended district's people are told why and whom to contact; its data stays (issue 13).
    const district = user.district_id !== null ? await districtStatus(db, user.district_id) : undefined;
    if (user.district_id !== null && district?.status === 'suspended') {
      await recordAudit(db, { ...req.actor, districtId: user.district_id, userId: user.id }, {
        action: 'login_refused', details: { reason: 'district_suspended', area: input.area },
      });
      throw forbidden(DISTRICT_SUSPENDED_MESSAGE);
    }
    // A district scheduled for deletion (issue 32): its people are told when and whom to contact.
    if (user.district_id !== null && district?.deletion_due_at) {
      await recordAudit(db, { ...req.actor, districtId: user.district_id, userId: user.id }, {
        action: 'login_refused', details: { reason: 'district_scheduled_for_deletion', area: input.area },
      });
      throw forbidden(districtScheduledForDeletionMessage(deletionDay(district.deletion_due_at, district.timezone)));
    }
    // Single sign-on only (issue 30): the district's people use their school account; its district
    // administrators keep the password as a break-glass, and that sign-in says so in the audit log.
    // Coachwell staff likewise when PROVIDER_SSO_PASSWORD_LOGIN=0; provider administrators keep theirs.
    const breakGlass = user.district_id === null
      ? config.sso.providerStaff?.passwordLogin === false
      : await passwordSignInOff(db, user.district_id);
    if (breakGlass && !(await isAdministrator(db, user))) {
      await recordAudit(db, { ...req.actor, districtId: user.district_id, userId: user.id }, {
        action: 'login_refused', details: { reason: 'password_sign_in_off', area: input.area },
      });
      throw forbidden(user.district_id === null ? SSO_MESSAGES.staffPasswordOff : SSO_MESSAGES.passwordOff);
    }
    await startSession(req, res, user, secure);
    const now = nowIso();
    await db.updateTable('users').set({ last_login_at: now }).where('id', '=', user.id).execute();
    await recordAudit(db, { ...req.actor, districtId: user.district_id, userId: user.id }, {
      action: 'login', details: breakGlass ? { area: input.area, break_glass: true } : { area: input.area },
    });
    await answerUser(deps, res, { ...user, last_login_at: now }, null);
  });

  router.post('/auth/logout', async (req, res) => {
    const auth = req.auth;
    if (auth) {
      await recordAudit(db, { ...req.actor, districtId: auth.impersonator ? null : auth.user.district_id, userId: (auth.impersonator ?? auth.user).id }, {
        action: 'logout',
      });
    }
    await new Promise<void>((resolve) => req.session.regenerate(() => resolve()));
    issueCsrfToken(req, res, secure, true);
    res.status(204).end();
  });

  router.post('/auth/register', async (req, res) => {
    await limiter.hit(clientKey(req, 'register'), 10);
    const input = validate(registerSchema, req.body);
    // Only an active login holds an email: invited or deactivated rows elsewhere do not (finding 1).
    if (await findActiveLogin(db, input.email)) {
      throw validationError({ email: ['An account with this email already exists. Sign in instead.'] });
    }
    // A few new districts per client address and day (security finding 2): each can send email.
    try {
      await limiter.hit(clientKey(req, 'register-day'), EMAIL_LIMITS.registrationsPerAddressPerDay, 24 * 60 * 60 * 1000);
    } catch (err) {
      if (err instanceof HttpError && err.status === 429) throw new HttpError(429, REGISTRATIONS_LIMITED, 'rate_limited');
      throw err;
    }
    const user = await db.transaction().execute(async (trx) => {
      // The district's language: the one chosen, else the registering guest's (their page's, or their browser's).
      const districtId = await createDistrict(trx, {
        name: input.district_name, state: input.state, timezone: input.timezone, planKey: 'essentials', language: input.language ?? guestLocale(req),
      });
      return createUser(trx, { districtId, email: input.email, name: input.name, roles: ['district-admin'], password: input.password });
    });
    await startSession(req, res, user, secure);
    await db.updateTable('users').set({ last_login_at: nowIso() }).where('id', '=', user.id).execute();
    await recordAudit(db, { ...req.actor, districtId: user.district_id, userId: user.id }, { action: 'district_registered' });
    await answerUser(deps, res, user, null, 201);
  });

  /** The work behind a reset request: runs after the answer, so its cost cannot tell who has an account. */
  async function sendPasswordReset(req: Request, input: { email: string; area: 'app' | 'admin' }): Promise<void> {
    const user = await findUserByEmail(db, input.email);
    const userArea = user && (user.district_id === null ? 'admin' : 'app');
    if (!user || user.status !== 'active' || userArea !== input.area) return;
    const token = await createPasswordReset(db, user.id);
    const link = `${config.appUrl}/${input.area}/auth/password-reset/${token}/${encodeURIComponent(user.email)}`;
    await mailer.send(passwordResetEmail(await accountLocale(db, user), user, link));
    await recordAudit(db, { ...req.actor, districtId: user.district_id, userId: user.id }, {
      action: 'password_reset_requested',
    });
  }

  router.post('/auth/password-reset', async (req, res) => {
    const input = validate(passwordResetRequestSchema, req.body);
    await limiter.hit(clientKey(req, 'reset', input.email), 5);
    // Finding 4: answer before any lookup, write or mail, so a known email takes exactly as long
    // as an unknown one; failures afterwards are logged (the client never learns either way).
    res.json({ message: translate(requestLocale(req), RESET_SENT) } satisfies MessageAnswer);
    sendPasswordReset(req, input).catch((err) => deps.log('Password reset after answering failed:', err));
  });

  router.post('/auth/password-reset/confirm', async (req, res) => {
    const input = validate(passwordResetSchema, req.body);
    await limiter.hit(clientKey(req, 'reset-confirm', input.email), 10);
    const user = await findUserByEmail(db, input.email);
    const reset = user && user.status === 'active' ? await findOpenPasswordReset(db, input.token, user.id) : undefined;
    if (!user || !reset) throw validationError({ token: ['This password reset link is invalid or has expired. Ask for a new one.'] });
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: await hashPassword(input.password), updated_at: nowIso() }).where('id', '=', user.id).execute();
      await trx.updateTable('password_resets').set({ used_at: nowIso() }).where('id', '=', reset.id).execute();
      await endUserSessions(trx, user.id);
    });
    await recordAudit(db, { ...req.actor, districtId: user.district_id, userId: user.id }, { action: 'password_reset' });
    res.json({ message: translate(requestLocale(req), 'Your password has been reset. Sign in with your new password.'), area: user.district_id === null ? 'admin' : 'app' } satisfies PasswordResetDoneAnswer);
  });

  router.get('/auth/invite/:token', async (req, res) => {
    await limiter.hit(clientKey(req, 'invite'), 30);
    const invite = await findOpenInvite(db, req.params.token);
    if (!invite) throw notFound('This invitation is invalid or has expired. Ask your administrator for a new one.');
    res.json({
      email: invite.email,
      name: invite.name,
      area: invite.district_id === null ? 'admin' : 'app',
      district: invite.district_name ? { name: invite.district_name } : null,
      invited_by: invite.invited_by_name ? { name: invite.invited_by_name } : null,
      expires_at: invite.expires_at,
    } satisfies InviteDetailsAnswer);
  });

  router.post('/auth/invite/:token', async (req, res) => {
    await limiter.hit(clientKey(req, 'invite'), 30);
    const input = validate(acceptInviteSchema, req.body);
    const invite = await findOpenInvite(db, req.params.token);
    if (!invite) throw notFound('This invitation is invalid or has expired. Ask your administrator for a new one.');
    await refuseIfScheduledForDeletion(db, invite.district_id);
    // Invitations hold no email: when the person has meanwhile become active elsewhere, this one
    // waits for the district to send it again (it then offers to move that login).
    const active = await findActiveLogin(db, invite.email);
    if (active && active.id !== invite.user_id) throw conflict(USER_MESSAGES.inviteLoginExists);
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({
        name: input.name, password_hash: await hashPassword(input.password), status: 'active', updated_at: now, last_login_at: now,
      }).where('id', '=', invite.user_id).execute();
      await trx.updateTable('invites').set({ accepted_at: now }).where('id', '=', invite.id).execute();
      await linkStaffToUser(trx, { id: invite.user_id, district_id: invite.district_id, email: invite.email });
    });
    const user = (await findUserById(db, invite.user_id))!;
    await startSession(req, res, user, secure);
    await recordAudit(db, { ...req.actor, districtId: user.district_id, userId: user.id }, { action: 'invite_accepted' });
    if (user.district_id !== null) await warnIfOverSeats(db, mailer, user.district_id);
    await answerUser(deps, res, user, null);
  });

  router.post('/auth/impersonate', async (req, res) => {
    const caller = requireAuth(req);
    const input = validate(impersonateSchema, req.body);
    const target = input.user_id <= Number.MAX_SAFE_INTEGER ? await findUserById(db, input.user_id) : undefined;
    // Every refused attempt is audited (security finding 11), under the person who tried.
    const refuse = async (reason: string, error: Error): Promise<never> => {
      await recordAudit(db, { ...req.actor, districtId: caller.user.district_id, userId: caller.user.id }, {
        action: 'impersonation_refused', subjectType: 'user', subjectId: target?.id, details: { reason, user_id: input.user_id },
      });
      throw error;
    };
    let auth;
    try {
      auth = requireImpersonator(req);
    } catch (err) {
      if (err instanceof HttpError && err.status === 403) return refuse('no_permission', err);
      throw err;
    }
    if (!target) return refuse('unknown_user', notFound('We could not find that district user.'));
    if (target.district_id === null) return refuse('provider_staff', notFound('We could not find that district user.'));
    if (target.status !== 'active') return refuse('not_active', validationError({ user_id: ['Only active users can be impersonated.'] }));
    req.session.impersonatedUserId = target.id;
    await recordAudit(db, { ...req.actor, districtId: target.district_id, userId: auth.user.id, impersonatorId: auth.user.id }, {
      action: 'impersonation_started', subjectType: 'user', subjectId: target.id,
    });
    await answerUser(deps, res, target, auth.user);
  });

  router.post('/auth/unimpersonate', async (req, res) => {
    const auth = requireAuth(req);
    if (!auth.impersonator) throw conflict('You are not impersonating anyone.');
    delete req.session.impersonatedUserId;
    await recordAudit(db, { ...req.actor, districtId: auth.user.district_id, userId: auth.impersonator.id, impersonatorId: auth.impersonator.id }, {
      action: 'impersonation_stopped', subjectType: 'user', subjectId: auth.user.id,
    });
    await answerUser(deps, res, auth.impersonator, null);
  });

  return router;
}
