// The one place a route asks "who is calling and may they?". Every feature's policies.ts is built from
// these guards; nothing else reads permissions off the session.
import type { Request } from 'express';
import { hasFeature, hasPermission, permissionScope, type PlanFeature, type Scope as ScopeKind } from '../../common/permissions';
import { planFeatureMessage } from '../../common/plans';
import type { AuthContext } from '../identity/context';
import type { DistrictActor } from '../lib/audit';
import { forbidden, notFound, unauthenticated } from '../http/errors';

/** A signed-in district user (or provider staff acting as one): `district` is the tenant every query filters by. */
export type DistrictAuth = AuthContext & { district: NonNullable<AuthContext['district']> };

/**
 * What a permission's suffix lets the caller see, as data the queries apply: the whole district, the
 * caller's buildings, the caller's caseload (`assigned`) or their own records (`self`).
 */
export interface Scope {
  kind: ScopeKind;
  districtId: number;
  userId: number;
  buildingIds: number[];
}

export function requireAuth(req: Request): AuthContext {
  if (!req.auth) throw unauthenticated();
  return req.auth;
}

/** A district user: 401 for guests, 403 for provider staff who are not impersonating. */
export function requireDistrict(req: Request): DistrictAuth {
  const auth = requireAuth(req);
  if (!auth.district) throw forbidden('This area is for district accounts.');
  return auth as DistrictAuth;
}

/** The actor of a district user's request, for commands and the audit log (401/403 as requireDistrict). */
export function districtActor(req: Request): DistrictActor {
  requireDistrict(req);
  return req.actor as DistrictActor;
}

/**
 * Provider staff acting as themselves, holding `permission`: 401 for guests, 403 with `refusal` for district
 * users (provider staff impersonating one included), 403 without the permission.
 */
export function requireProviderStaff(req: Request, permission: string, refusal: string): AuthContext {
  const auth = requireAuth(req);
  if (auth.user.district_id !== null) throw forbidden(refusal);
  return requirePermission(auth, permission);
}

/** Throws 403 unless the signed-in user holds the permission (any suffix counts). */
export function requirePermission<A extends AuthContext>(auth: A, permission: string, message?: string): A {
  if (!hasPermission(auth.permissions, permission)) throw forbidden(message);
  return auth;
}

/**
 * The one plan-feature check of every gated endpoint: 403 with `planFeatureMessage(feature)` (the feature
 * and the cheapest plan that has it) unless the district's plan includes it. Takes anything carrying the
 * plan's features (a DistrictAuth, or a report reader built for a scheduled email).
 */
export function requireFeature<A extends { features: readonly string[] }>(auth: A, feature: PlanFeature): A {
  if (!hasFeature(auth.features, feature)) throw forbidden(planFeatureMessage(feature));
  return auth;
}

/** The caller's scope for a permission, or null when they do not hold it at all. */
export function scopeOf(auth: DistrictAuth, permission: string): Scope | null {
  const kind = permissionScope(auth.permissions, permission);
  if (!kind) return null;
  return { kind, districtId: auth.district.id, userId: auth.user.id, buildingIds: auth.buildings.map((b) => b.id) };
}

/**
 * The caller's scope for a permission; 403 when it is not held, or (with `allowed`) when its suffix is
 * narrower than the action needs, e.g. `requireScope(auth, 'add staff', ['district'], 'Ask …')`.
 */
export function requireScope(auth: DistrictAuth, permission: string, allowed?: readonly ScopeKind[], message?: string): Scope {
  const scope = scopeOf(auth, permission);
  if (!scope || (allowed && !allowed.includes(scope.kind))) throw forbidden(message);
  return scope;
}

/**
 * The check on a set of ids: every id asked for must be among those the caller may reach. Missing and
 * forbidden answer the same 404, so a caller never learns that a record outside their scope exists.
 */
export function requireAllFound(wanted: readonly number[], found: Iterable<number>, message?: string): void {
  const have = new Set(found);
  if (wanted.some((id) => !have.has(id))) throw notFound(message);
}
