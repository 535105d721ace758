// What every way of signing in shares: a fresh session for the person (new id against fixation, a new CSRF
// token, the login time for the absolute timeout), and the district's single sign-on rule for passwords
// (issue 30). Used by the password sign-in (features/auth) and single sign-on (features/sso).
import type { Request, Response } from 'express';
import type { DB } from '../../db/connection';
import type { User } from '../../db/types';
import { issueCsrfToken } from '../http/csrf';

/** Starts a fresh session for the user: new id (no fixation), new CSRF token, login time for the absolute timeout. */
export async function startSession(req: Request, res: Response, user: User, secure: boolean): Promise<void> {
  await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
  req.session.userId = user.id;
  req.session.startedAt = Date.now();
  issueCsrfToken(req, res, secure, true);
}

/**
 * A district's sign-in connections that are in force: only while its plan has single sign-on (`sso`, Enterprise).
 * A district moved to a plan without it signs in with passwords again (its password-off setting lapses too, so
 * nobody is locked out); its connections are kept for when the plan returns.
 */
export function connectionsInForce(db: DB) {
  return db.selectFrom('sso_connections').where((eb) => eb.exists(
    eb.selectFrom('districts').innerJoin('plans', 'plans.id', 'districts.plan_id').select('districts.id')
      .whereRef('districts.id', '=', 'sso_connections.district_id')
      // plans.features is a JSON array of names; a quoted name matches only itself.
      .where('plans.features', 'like', '%"sso"%'),
  ));
}

/**
 * Whether the district turned password sign-in off: any of its connections in force says `password_login = 0`.
 * Its district administrators keep their password as a break-glass (when the provider is down or the
 * connection is misconfigured, someone must still reach the settings to fix it).
 */
export async function passwordSignInOff(db: DB, districtId: number): Promise<boolean> {
  const row = await connectionsInForce(db).select('id')
    .where('district_id', '=', districtId).where('password_login', '=', 0).executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the login holds the administrator role of its side: district administrator for a district's login,
 * provider administrator for Coachwell staff (the password break-glass above, and PROVIDER_SSO_PASSWORD_LOGIN=0's).
 */
export async function isAdministrator(db: DB, user: Pick<User, 'id' | 'district_id'>): Promise<boolean> {
  const row = await db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('roles.id')
    .where('user_roles.user_id', '=', user.id).where('roles.name', '=', user.district_id === null ? 'provider-admin' : 'district-admin').executeTakeFirst();
  return row !== undefined;
}
