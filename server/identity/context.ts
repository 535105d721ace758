// Loading the signed-in person on every API request: the session's user (or the user a provider staff
// member impersonates), their roles, permissions, plan features and buildings, and the Actor that
// services and the audit log take.
import type { Request, RequestHandler } from 'express';
import { SESSION_ABSOLUTE_TIMEOUT_MS } from '../../common/constants';
import type { DB } from '../../db/connection';
import type { User } from '../../db/types';
import { type Actor, recordAudit } from '../lib/audit';
import { type DistrictWithPlan, findUserWithDistrict, grantsOf } from './users';

export interface AuthContext {
  user: User;
  /** The provider staff member behind an impersonated session, else null. */
  impersonator: User | null;
  roles: string[];
  area: 'app' | 'admin';
  permissions: string[];
  features: string[];
  district: DistrictWithPlan | null;
  buildings: { id: number; name: string }[];
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      auth?: AuthContext;
      /** Always set by loadAuth: the signed-in user (or a guest) with IP and user agent, for services and audit. */
      actor: Actor;
    }
  }
}

/** The context for a user row and district already loaded (one more query: roles, permissions, buildings). */
async function contextFor(db: DB, user: User, district: DistrictWithPlan | null, impersonator: User | null): Promise<AuthContext> {
  const grants = await grantsOf(db, user.id, user.district_id);
  return {
    user,
    impersonator,
    roles: grants.roles,
    area: user.district_id === null ? 'admin' : 'app',
    permissions: grants.permissions,
    features: district ? (JSON.parse(district.features) as string[]) : [],
    district,
    buildings: user.district_id === null ? [] : grants.buildings,
  };
}

/** The full context of a user, read fresh from the database (after logins and account changes). */
export async function buildAuthContext(db: DB, user: User, impersonator: User | null): Promise<AuthContext> {
  const loaded = await findUserWithDistrict(db, user.id);
  return contextFor(db, loaded?.user ?? user, loaded?.district ?? null, impersonator);
}

/** The actor of a request: who (if anyone) is signed in, from where. */
export function actorOf(req: Request, auth?: AuthContext): Actor {
  return {
    districtId: auth?.user.district_id ?? null,
    userId: auth?.user.id ?? null,
    impersonatorId: auth?.impersonator?.id ?? null,
    ip: req.ip ?? null,
    userAgent: req.get('user-agent')?.slice(0, 300) ?? null,
  };
}

function endSession(req: Request): Promise<void> {
  return new Promise((resolve) => req.session.regenerate(() => resolve()));
}

/**
 * Loads the signed-in user (or the impersonated one) on every API request, always from the database,
 * so a deactivation, a role change or a suspended district takes effect on the very next request.
 * Two queries for a signed-in user: the user with their district and plan, then their grants.
 * A session whose user was deactivated, or that passed the absolute timeout, is ended. Requests made
 * while impersonating are written to the audit log under both people.
 */
export function loadAuth(db: DB): RequestHandler {
  return async (req, _res, next) => {
    req.actor = actorOf(req);
    const { userId, impersonatedUserId, startedAt } = req.session;
    if (!userId) return next();
    if (!startedAt || Date.now() - startedAt > SESSION_ABSOLUTE_TIMEOUT_MS) {
      await endSession(req);
      return next();
    }
    const real = await findUserWithDistrict(db, userId);
    if (!real || real.user.status !== 'active') {
      await endSession(req);
      return next();
    }
    if (impersonatedUserId) {
      const target = await findUserWithDistrict(db, impersonatedUserId);
      if (target && target.user.status === 'active') {
        req.auth = await contextFor(db, target.user, target.district, real.user);
        req.actor = actorOf(req, req.auth);
        // Attributed to the staff member as actor and impersonator, the district user as subject.
        await recordAudit(db, { ...req.actor, userId: real.user.id }, {
          action: 'impersonated_request',
          subjectType: 'user',
          subjectId: target.user.id,
          details: { method: req.method, path: req.originalUrl.split('?')[0] },
        });
        return next();
      }
      delete req.session.impersonatedUserId;
    }
    req.auth = await contextFor(db, real.user, real.district, null);
    req.actor = actorOf(req, req.auth);
    next();
  };
}
