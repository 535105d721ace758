import { type Request, type Response, Router } from 'express';
import { accountEmailSchema, accountPasswordSchema, accountProfileSchema } from '../../../common/schemas/auth';
import { nowIso } from '../../../db/connection';
import type { Deps } from '../../deps';
import { buildAuthContext, requireAuth } from '../../http/auth';
import { forbidden, validationError } from '../../http/errors';
import { clientKey } from '../../http/rateLimit';
import { endUserSessions } from '../../http/sessionStore';
import { validate } from '../../http/validate';
import { recordAudit } from '../../lib/audit';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { presentAuthUser } from '../auth/presenter';
import { findUserByEmail, findUserById, normalizeEmail } from '../auth/queries';

/** Account Settings: the signed-in person's own name, email, password, date language and timezone. */
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
    await answer(req, res);
  });

  router.put('/account/email', async (req, res) => {
    const auth = requireAuth(req);
    const input = validate(accountEmailSchema, req.body);
    if (auth.impersonator) throw forbidden('Email and password cannot be changed while impersonating.');
    limiter.hit(clientKey(req, 'account-password', String(auth.user.id)), 10);
    if (!(await verifyPassword(input.current_password, auth.user.password_hash))) {
      throw validationError({ current_password: ['The password is incorrect.'] });
    }
    const email = normalizeEmail(input.email);
    const owner = await findUserByEmail(db, email);
    if (owner && owner.id !== auth.user.id) throw validationError({ email: ['Another account already uses this email.'] });
    await db.updateTable('users').set({ email, updated_at: nowIso() }).where('id', '=', auth.user.id).execute();
    await recordAudit(db, req, { action: 'email_changed', districtId: auth.user.district_id, actorId: auth.user.id, details: { from: auth.user.email, to: email } });
    await answer(req, res);
  });

  router.put('/account/password', async (req, res) => {
    const auth = requireAuth(req);
    const input = validate(accountPasswordSchema, req.body);
    if (auth.impersonator) throw forbidden('Email and password cannot be changed while impersonating.');
    limiter.hit(clientKey(req, 'account-password', String(auth.user.id)), 10);
    if (!(await verifyPassword(input.current_password, auth.user.password_hash))) {
      throw validationError({ current_password: ['The password is incorrect.'] });
    }
    await db.updateTable('users').set({ password_hash: await hashPassword(input.password), updated_at: nowIso() }).where('id', '=', auth.user.id).execute();
    // A new password ends every other session of this person; this one stays signed in.
    await endUserSessions(db, auth.user.id, req.sessionID);
    await recordAudit(db, req, { action: 'password_changed', districtId: auth.user.district_id, actorId: auth.user.id });
    res.json({ message: 'Your password has been changed. Other devices have been signed out.' });
  });

  return router;
}
