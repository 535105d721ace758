// Who may read and change coaching cycles and their settings.
// - Settings (stages, goal templates): any district login reads; `manage settings` changes, on a plan
//   with `coaching-cycles`.
// - Cycles (plan feature `coaching-cycles`, else 403 with its planFeatureMessage): `see skill
//   mapping` district-wide reads every cycle; `.building` the cycles of educators currently at the
//   caller's schools; every scope also the cycles the caller coaches or started. An educator without
//   `see skill mapping` (`see educators.self`) reads only the cycles they are in. Writing needs `see skill
//   mapping`; changing one cycle needs to be its coach, its author or district-wide.
import type { Request } from 'express';
import { CYCLE_MESSAGES } from '../../../common/schemas/cycles';
import { PERMISSIONS } from '../../../common/permissions';
import { coachingReach, isCoachOrAuthor, type Visibility } from '../../access/coachingReach';
import { type DistrictAuth, districtActor, requireDistrict, requireFeature, requirePermission, type Scope } from '../../access/guards';
import { forbidden } from '../../http/errors';
import type { DistrictActor } from '../../lib/audit';

export type { Visibility };

export interface Reader {
  auth: DistrictAuth;
  visibility: Visibility;
  /** The caller's `see educators` scope: which educators they may name (null: none). */
  staffScope: Scope | null;
  /** A `see skill mapping` holder (may start and change cycles); false for an educator reading their own. */
  runs: boolean;
}
export type Writer = Reader & { actor: DistrictActor };

/** Stages and goal templates: any district login reads (401 for guests, 403 for provider staff). */
export function settingsReader(req: Request): DistrictAuth {
  return requireDistrict(req);
}

/** `manage settings` on a plan with coaching cycles. */
export function settingsManager(req: Request): DistrictActor {
  const auth = requirePermission(requireDistrict(req), PERMISSIONS.manageSettings);
  requireFeature(auth, 'coaching-cycles');
  return districtActor(req);
}

export function cycleReader(req: Request): Reader {
  const auth = requireFeature(requireDistrict(req), 'coaching-cycles');
  const { visibility, staffScope, leads } = coachingReach(auth, PERMISSIONS.seeSkillMapping);
  return { auth, visibility, staffScope, runs: leads };
}

export function cycleWriter(req: Request): Writer {
  const reader = cycleReader(req);
  if (!reader.runs) throw forbidden();
  return { ...reader, actor: districtActor(req) };
}

export function canEditCycle(reader: Reader, row: { coach_id: number; created_by: number | null }): boolean {
  return reader.runs && isCoachOrAuthor(reader.visibility, reader.auth.user.id, row);
}

export function requireEditableCycle(reader: Reader, row: { coach_id: number; created_by: number | null }): void {
  if (!canEditCycle(reader, row)) throw forbidden(CYCLE_MESSAGES.cannotEdit);
}
