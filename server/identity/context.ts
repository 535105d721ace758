// Loading the signed-in person on every API request: the session's user (or the user a provider staff
// member impersonates), their roles, permissions, plan features and buildings, and the Actor that
// services and the audit log take.
import type { Request, RequestHandler } from 'express';
import { SESSION_ABSOLUTE_TIMEOUT_MS } from '../../common/constants';
import type { DB } from '../../db/connection';
import { changeVersion } from '../../db/dialect';
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

/** Users whose context is kept between requests (past it, the kept set starts again). */
const KEPT_CONTEXTS = 10_000;

interface KeptContexts {
  version: number;
  byUser: Map<number, AuthContext>;
}

function freezeContext(context: AuthContext): AuthContext {
  Object.freeze(context.user);
  if (context.district) Object.freeze(context.district);
  for (const list of [context.roles, context.permissions, context.features, context.buildings] as unknown[][]) {
    for (const item of list) if (typeof item === 'object' && item) Object.freeze(item);
    Object.freeze(list);
  }
  return Object.freeze(context);
}

/**
 * Each user's context (user, district and plan, roles, permissions, buildings) is kept between requests
 * while the `auth` change version stays the same: SQLite triggers bump it on every row written to
 * those tables, by this process or another (db/dialect.ts changeVersion). Every request reads the
 * version first (in the same statement as its session, identity/sessions.ts); any change (a deactivation, a role, a password, a suspended district,
 * a school taken away) starts a new kept set, so it takes effect on the very next request. Kept
 * contexts are frozen: requests share them.
 */
function contextKeeper(db: DB): (versionRead?: number) => Promise<(userId: number) => Promise<AuthContext | undefined>> {
  let kept: KeptContexts = { version: -1, byUser: new Map() };
  return async (versionRead) => {
    const version = versionRead ?? (await changeVersion(db, 'auth'));
    // A request that read an older version than the kept set's (a write landed meanwhile) keeps nothing.
    if (version > kept.version) kept = { version, byUser: new Map() };
    // No version (the counter row missing) keeps nothing either.
    const current = version === kept.version && version >= 0 ? kept : { version, byUser: new Map<number, AuthContext>() };
    return async (userId) => {
      const hit = current.byUser.get(userId);
      if (hit) return hit;
      const loaded = await findUserWithDistrict(db, userId);
      if (!loaded) return undefined;
      const context = freezeContext(await contextFor(db, loaded.user, loaded.district, null));
      if (current.byUser.size >= KEPT_CONTEXTS) current.byUser.clear();
      current.byUser.set(userId, context);
      return context;
    };
  };
}

/**
 * Loads the signed-in user (or the impersonated one) on every API request. A user's context is kept
 * between requests only while nothing it was read from has changed (contextKeeper above), so a
 * deactivation, a role change or a suspended district takes effect on the very next request.
 * A session whose user was deactivated, or that passed the absolute timeout, is ended. Requests made
 * while impersonating are written to the audit log under both people.
 */
export function loadAuth(db: DB, sessions?: { takeAuthVersion(sid: string): number | undefined }): RequestHandler {
  const keeper = contextKeeper(db);
  return async (req, _res, next) => {
    req.actor = actorOf(req);
    const { userId, impersonatedUserId, startedAt } = req.session ?? {};
    if (!userId) return next();
    if (!startedAt || Date.now() - startedAt > SESSION_ABSOLUTE_TIMEOUT_MS) {
      await endSession(req);
      return next();
    }
    // The version the session store read with this request's session, else one read now.
    const contextOf = await keeper(sessions?.takeAuthVersion(req.sessionID));
    const real = await contextOf(userId);
    if (!real || real.user.status !== 'active') {
      await endSession(req);
      return next();
    }
    // A suspended district's people are signed out on their next request (sign-in then tells them why);
    // provider staff impersonating one of them still get in (support must look).
    // A district scheduled for deletion likewise (issue 32: its sessions were deleted when it was scheduled; this
    // also ends one a request in flight at that moment wrote back).
    if (real.district?.status === 'suspended' || real.district?.deletion_scheduled_at) {
      await endSession(req);
      return next();
    }
    if (impersonatedUserId) {
      const target = await contextOf(impersonatedUserId);
      if (target && target.user.status === 'active') {
        req.auth = { ...target, impersonator: real.user };
        req.actor = { ...req.actor, districtId: target.user.district_id, userId: target.user.id, impersonatorId: real.user.id };
        // Attributed to the staff member as actor and impersonator, the district user as subject.
        await recordAudit(db, { ...req.actor, userId: real.user.id }, {
          action: 'impersonated_request',
          subjectType: 'user',
          subjectId: target.user.id,
          details: { method: req.method, path: req.originalUrl.split('?')[0], screen: screenOf(req) },
        });
        return next();
      }
      delete req.session.impersonatedUserId;
    }
    req.auth = real;
    req.actor = { ...req.actor, districtId: real.user.district_id, userId: real.user.id };
    next();
  };
}

const readerKeys = new WeakMap<AuthContext, string>();

/** The SPA's screen that made the request (client/lib/api.ts sends its path), when it is a plain path. */
function screenOf(req: Request): string | null {
  const value = req.get('x-coachwell-screen');
  return value && /^\/[A-Za-z0-9/_.~-]{0,300}$/.test(value) ? value : null;
}

/**
 * Who a reader is, for answers kept per reader (lib/keptAnswers.ts): everything of the signed-in context
 * an answer may depend on besides the district's data (user, the one impersonating, the district's
 * timezone, permissions, plan features, schools). Contexts are frozen and replaced when any of it changes, so it is worked out once
 * per context.
 */
export function readerKey(auth: AuthContext): string {
  let key = readerKeys.get(auth);
  if (key === undefined) {
    // The district's timezone too: routes read it from the context, which was loaded before the district's
    // version was read (a change in between must not be kept under the newer version).
    key = JSON.stringify([auth.user.id, auth.impersonator?.id ?? null, auth.district?.id ?? null, auth.district?.timezone ?? null,
      auth.permissions, auth.features, auth.buildings.map((b) => b.id)]);
    readerKeys.set(auth, key);
  }
  return key;
}
