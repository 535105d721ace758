import { type Request, type Response, Router } from 'express';
import {
  ACCOUNT_MESSAGES, accountEmailSchema, accountPasswordSchema, accountProfileSchema, confirmEmailChangeSchema,
} from '../../../common/schemas/account';
import { EMAIL_LIMITS } from '../../../common/constants';
import type { EmailChangedAnswer, EmailChangeSentAnswer, MessageAnswer } from '../../../common/schemas/answers/messages';
import { nowIso } from '../../../db/connection';
import type { Deps } from '../../deps';
import { requireAuth } from '../../access/guards';
import { buildAuthContext } from '../../identity/context';
import { conflict, HttpError, notFound, validationError } from '../../http/errors';
import { refuseWhileImpersonating } from '../../access/impersonation';

const IMPERSONATION_ACCOUNT_REFUSED = 'Email and password cannot be changed while impersonating.';
import { clientKey } from '../../http/rateLimit';
import { endUserSessions } from '../../identity/sessions';
import { validate } from '../../http/validate';
import { changedFields, recordAudit } from '../../lib/audit';
import { hashPassword, verifyPassword } from '../../identity/passwords';
import { presentAuthUser } from '../../identity/presenter';
import { findUserById, normalizeEmail } from '../../identity/users';
import { confirmEmailChange, emailTakenFor, findOpenEmailChange, requestEmailChange } from './emailChange';
import { addPreferenceRoutes } from './preferences';
import { requestLocale } from '../../i18n/locale';
import { translate } from '../../i18n/translate';

/** Account Settings: the signed-in person's own name, email, password, date language, timezone and email preferences. */
export function accountRoutes(deps: Deps): Router {
  const { db, limiter } = deps;
  const router = Router();

  async function answer(req: Request, res: Response) {
    const auth = requireAuth(req);
    const user = (await findUserById(db, auth.user.id))!;
    res.json(presentAuthUser(await buildAuthContext(db, user, auth.impersonator)));
  }

  router.put('/account/profile', async (req, res) => {
    const auth = requireAuth(req);
    const input = validate(accountProfileSchema, req.body);
    await db.updateTable('users').set({ ...input, updated_at: nowIso() }).where('id', '=', auth.user.id).execute();
    // Before and after values, under both people while impersonating (security finding 11).
    const changes = changedFields(auth.user, input);
    if (Object.keys(changes).length) {
      await recordAudit(db, req.actor, { action: 'profile_updated', subjectType: 'user', subjectId: auth.user.id, details: changes });
    }
    await answer(req, res);
  });

  // Security finding 12: the new address confirms the change (202 "check your inbox").
  router.put('/account/email', async (req, res) => {
    const auth = requireAuth(req);
    const input = validate(accountEmailSchema, req.body);
    refuseWhileImpersonating(auth, IMPERSONATION_ACCOUNT_REFUSED);
    await limiter.hit(clientKey(req, 'account-password', String(auth.user.id)), 10);
    if (!(await verifyPassword(input.current_password, auth.user.password_hash))) {
      throw validationError({ current_password: ['The password is incorrect.'] });
    }
    const email = normalizeEmail(input.email);
    if (email === auth.user.email) throw validationError({ email: [ACCOUNT_MESSAGES.emailUnchanged] });
    if (await emailTakenFor(db, auth.user, email)) throw validationError({ email: [ACCOUNT_MESSAGES.emailTaken] });
    try {
      await limiter.hit(`email-changes|user|${auth.user.id}`, EMAIL_LIMITS.emailChangesPerUserPerDay, 24 * 60 * 60 * 1000);
    } catch (err) {
      if (err instanceof HttpError && err.status === 429) throw new HttpError(429, ACCOUNT_MESSAGES.tooManyEmailChanges, 'rate_limited');
      throw err;
    }
    await requestEmailChange(deps, auth.user, email);
    await recordAudit(db, { ...req.actor, districtId: auth.user.district_id, userId: auth.user.id }, {
      action: 'email_change_requested', subjectType: 'user', subjectId: auth.user.id, details: { from: auth.user.email, to: email },
    });
    res.status(202).json({ message: translate(requestLocale(req), ACCOUNT_MESSAGES.emailChangeSent(email)), pending_email: email } satisfies EmailChangeSentAnswer);
  });

  // Public: the link may be opened in any browser, signed in or not.
  router.post('/account/email/confirm', async (req, res) => {
    await limiter.hit(clientKey(req, 'email-confirm'), 30);
    const input = validate(confirmEmailChangeSchema, req.body);
    const change = await findOpenEmailChange(db, input.token);
    if (!change) throw notFound(ACCOUNT_MESSAGES.emailChangeInvalid);
    if (await emailTakenFor(db, { id: change.user_id, district_id: change.district_id }, change.new_email)) {
      throw conflict(ACCOUNT_MESSAGES.emailTakenMeanwhile);
    }
    const own = req.session.userId === change.user_id && !req.session.impersonatedUserId;
    await confirmEmailChange(db, change, own ? req.sessionID : undefined);
    await recordAudit(db, { ...req.actor, districtId: change.district_id, userId: change.user_id, impersonatorId: null }, {
      action: 'email_changed', subjectType: 'user', subjectId: change.user_id, details: { from: change.old_email, to: change.new_email },
    });
    res.json({ message: translate(requestLocale(req), ACCOUNT_MESSAGES.emailChanged(change.new_email)), email: change.new_email } satisfies EmailChangedAnswer);
  });

  router.put('/account/password', async (req, res) => {
    const auth = requireAuth(req);
    const input = validate(accountPasswordSchema, req.body);
    refuseWhileImpersonating(auth, IMPERSONATION_ACCOUNT_REFUSED);
    await limiter.hit(clientKey(req, 'account-password', String(auth.user.id)), 10);
    if (!(await verifyPassword(input.current_password, auth.user.password_hash))) {
      throw validationError({ current_password: ['The password is incorrect.'] });
    }
    await db.updateTable('users').set({ password_hash: await hashPassword(input.password), updated_at: nowIso() }).where('id', '=', auth.user.id).execute();
    // A new password ends every other session of this person; this one stays signed in.
    await endUserSessions(db, auth.user.id, req.sessionID);
    await recordAudit(db, { ...req.actor, districtId: auth.user.district_id, userId: auth.user.id }, {
      action: 'password_changed',
    });
    res.json({ message: translate(requestLocale(req), 'Your password has been changed. Other devices have been signed out.') } satisfies MessageAnswer);
  });

  addPreferenceRoutes(router, db);

  return router;
}
