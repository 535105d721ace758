import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { hasPermission } from '../../common/permissions';
import type { DB } from '../../db/connection';
import type { User } from '../../db/types';
import { buildingsOf, districtWithPlan, findUserById, permissionsOf, rolesOf } from '../features/auth/queries';
import { recordAudit } from '../lib/audit';
import { forbidden, unauthenticated } from './errors';
import { SESSION_ABSOLUTE_TIMEOUT_MS } from '../../common/constants';

export interface AuthContext {
  user: User;
  /** The provider staff member behind an impersonated session, else null. */
  impersonator: User | null;
  roles: string[];
  area: 'app' | 'admin';
  permissions: string[];
  features: string[];
  district: NonNullable<Awaited<ReturnType<typeof districtWithPlan>>> | null;
  buildings: { id: number; name: string }[];
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      auth?: AuthContext;
    }
  }
}

export async function buildAuthContext(db: DB, user: User, impersonator: User | null): Promise<AuthContext> {
  const [roles, permissions, district, buildings] = await Promise.all([
    rolesOf(db, user.id),
    permissionsOf(db, user.id),
    user.district_id ? districtWithPlan(db, user.district_id) : Promise.resolve(undefined),
    user.district_id ? buildingsOf(db, user.id, user.district_id) : Promise.resolve([]),
  ]);
  return {
    user,
    impersonator,
    roles: roles.map((r) => r.name),
    area: user.district_id === null ? 'admin' : 'app',
    permissions,
    features: district ? (JSON.parse(district.features) as string[]) : [],
    district: district ?? null,
    buildings,
  };
}

function endSession(req: Request): Promise<void> {
  return new Promise((resolve) => req.session.regenerate(() => resolve()));
}

/**
 * Loads the signed-in user (or the impersonated one) on every API request. A session whose user was
 * deactivated, or that passed the absolute timeout, is ended. Requests made while impersonating are
 * written to the audit log under both people.
 */
export function loadAuth(db: DB): RequestHandler {
  return async (req, _res, next) => {
    const { userId, impersonatedUserId, startedAt } = req.session;
    if (!userId) return next();
    if (!startedAt || Date.now() - startedAt > SESSION_ABSOLUTE_TIMEOUT_MS) {
      await endSession(req);
      return next();
    }
    const real = await findUserById(db, userId);
    if (!real || real.status !== 'active') {
      await endSession(req);
      return next();
    }
    if (impersonatedUserId) {
      const target = await findUserById(db, impersonatedUserId);
      if (target && target.status === 'active') {
        req.auth = await buildAuthContext(db, target, real);
        await recordAudit(db, req, {
          action: 'impersonated_request',
          districtId: target.district_id,
          actorId: real.id,
          impersonatorId: real.id,
          subjectType: 'user',
          subjectId: target.id,
          details: { method: req.method, path: req.originalUrl.split('?')[0] },
        });
        return next();
      }
      delete req.session.impersonatedUserId;
    }
    req.auth = await buildAuthContext(db, real, null);
    next();
  };
}

export function requireAuth(req: Request): AuthContext {
  if (!req.auth) throw unauthenticated();
  return req.auth;
}

/** Throws 403 unless the signed-in user holds the permission (any suffix counts). */
export function requirePermission(req: Request, permission: string): AuthContext {
  const auth = requireAuth(req);
  if (!hasPermission(auth.permissions, permission)) throw forbidden();
  return auth;
}

/** A district user (or a provider acting as one): gives the district id every query must filter by. */
export function requireDistrict(req: Request): AuthContext & { district: NonNullable<AuthContext['district']> } {
  const auth = requireAuth(req);
  if (!auth.district) throw forbidden('This area is for district accounts.');
  return auth as AuthContext & { district: NonNullable<AuthContext['district']> };
}

/** Wraps an async handler so thrown errors reach the error middleware (Express 5 does this too). */
export const handler =
  (fn: (req: Request, res: Response, next: NextFunction) => Promise<unknown> | unknown): RequestHandler =>
  async (req, res, next) => {
    try {
      await fn(req, res, next);
    } catch (err) {
      next(err);
    }
  };
