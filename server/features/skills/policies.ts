// Who may read and change skill mapping. Every call needs the plan feature `skill-mapping` (403 with
// planFeatureMessage, naming the plan that has it). Reading the framework: any `see skill mapping` holder, and educators
// (`see educators.self`) for their own profile. The heat map and rating: `see skill mapping`, whose
// suffix (district / building) is the set of educators reached. An educator reads only their own
// ratings. Editing the framework: `manage settings`. Self-assessment: the educator themself only (the staff row
// linked to the login); a login who sees that educator otherwise gets 403, anyone else 404; never while
// impersonated (403).
import type { Request } from 'express';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import { type DistrictAuth, districtActor, requireDistrict, requireFeature, requirePermission, type Scope, scopeOf } from '../../access/guards';
import { SKILL_MESSAGES } from '../../../common/schemas/skills';
import { forbidden } from '../../http/errors';
import type { DistrictActor } from '../../lib/audit';

/** A district user whose plan includes skill mapping (401 for guests, 403 otherwise). */
export function skillsAuth(req: Request): DistrictAuth {
  return requireFeature(requireDistrict(req), 'skill-mapping');
}

export function canEditFramework(auth: DistrictAuth): boolean {
  return hasPermission(auth.permissions, PERMISSIONS.manageSettings);
}

/** Anyone who maps skills, plus educators reading their own (for their profile). */
export function frameworkReader(req: Request): DistrictAuth {
  const auth = skillsAuth(req);
  if (scopeOf(auth, PERMISSIONS.seeSkillMapping) || scopeOf(auth, PERMISSIONS.seeEducators)?.kind === 'self' || canEditFramework(auth)) return auth;
  throw forbidden();
}

export function frameworkEditor(req: Request): { auth: DistrictAuth; actor: DistrictActor } {
  const auth = requirePermission(skillsAuth(req), PERMISSIONS.manageSettings);
  return { auth, actor: districtActor(req) };
}

/** The heat map's reader: the `see skill mapping` scope. */
export function mapReader(req: Request): { auth: DistrictAuth; scope: Scope } {
  const auth = skillsAuth(req);
  const scope = scopeOf(auth, PERMISSIONS.seeSkillMapping);
  if (!scope) throw forbidden();
  return { auth, scope };
}

/**
 * Reading one educator's ratings: through `see skill mapping`, or an educator's own profile through
 * `see educators.self`. `rates`: the caller may also rate (holds `see skill mapping`).
 */
export function educatorSkillsReader(req: Request): { auth: DistrictAuth; scope: Scope; rates: boolean } {
  const auth = skillsAuth(req);
  const mapping = scopeOf(auth, PERMISSIONS.seeSkillMapping);
  if (mapping) return { auth, scope: mapping, rates: true };
  const own = scopeOf(auth, PERMISSIONS.seeEducators);
  if (own?.kind === 'self') return { auth, scope: own, rates: false };
  throw forbidden();
}

/** Rating an educator: a `see skill mapping` holder (coach, principal, district user). */
export function rater(req: Request): { auth: DistrictAuth; scope: Scope; actor: DistrictActor } {
  const { auth, scope } = mapReader(req);
  return { auth, scope, actor: districtActor(req) };
}

/**
 * Giving a self-assessment: any district login of a plan with skill mapping, for their own staff row (the
 * route checks it). `sight`: the scope through which the caller sees other educators (to tell a coach's 403
 * from a stranger's 404), null when they see none. Refused while impersonating: it is the educator's own word.
 */
export function selfAssessor(req: Request): { auth: DistrictAuth; actor: DistrictActor; sight: Scope | null } {
  const auth = skillsAuth(req);
  const mapping = scopeOf(auth, PERMISSIONS.seeSkillMapping);
  const educators = scopeOf(auth, PERMISSIONS.seeEducators);
  return { auth, actor: districtActor(req), sight: mapping ?? (educators && educators.kind !== 'self' ? educators : null) };
}

/** The self-assessment is the educator's own word: not while Coachwell support is signed in as them. */
export function refuseImpersonatedSelfAssessment(actor: DistrictActor): void {
  if (actor.impersonatorId !== null) throw forbidden(SKILL_MESSAGES.selfImpersonated);
}
