// Who may read and change interactions and activities. Reading follows `see activity` (district = all;
// `.building` = held at the caller's schools or with an educator currently at one of them; `.self` =
// the caller's own), plus, for every scope, the interactions the caller coaches or authored. An educator
// without `see activity` (`see educators.self`) reads only the interactions they took part in. Writing
// needs `see activity`; changing one interaction needs to be its coach, its author or district-wide.
import type { Request } from 'express';
import { INTERACTION_MESSAGES } from '../../../common/schemas/interactions';
import { PERMISSIONS } from '../../../common/permissions';
import { type DistrictAuth, districtActor, requireDistrict, type Scope, scopeOf } from '../../access/guards';
import { forbidden } from '../../http/errors';
import type { DistrictActor } from '../../lib/audit';

/**
 * What an interaction reader may see, as data the queries apply. `participant`: an educator's own
 * participations (their staff rows are linked by staff.user_id).
 */
export interface Visibility {
  kind: Scope['kind'] | 'participant';
  districtId: number;
  userId: number;
  buildingIds: number[];
}

export interface Reader {
  auth: DistrictAuth;
  visibility: Visibility;
  /** The caller's `see educators` scope: which educators they may name as participants (null: none). */
  staffScope: Scope | null;
  /** True for a `see activity` holder (may write); false for an educator reading their own coaching. */
  logs: boolean;
}

/** 401 for guests, 403 for provider staff outside a district and for anyone without a way to read. */
export function interactionReader(req: Request): Reader {
  const auth = requireDistrict(req);
  const activity = scopeOf(auth, PERMISSIONS.seeActivity);
  const staffScope = scopeOf(auth, PERMISSIONS.seeEducators);
  if (activity) return { auth, visibility: activity, staffScope, logs: true };
  if (staffScope?.kind === 'self') {
    return { auth, visibility: { ...staffScope, kind: 'participant' }, staffScope, logs: false };
  }
  throw forbidden();
}

/** A `see activity` holder who logs interactions and time (403 for everyone else). */
export function interactionWriter(req: Request): Reader & { actor: DistrictActor } {
  const reader = interactionReader(req);
  if (!reader.logs) throw forbidden();
  return { ...reader, actor: districtActor(req) };
}

/** Activities ("Log time"): `see activity` only, educators included in the 403. */
export const activityReader = interactionWriter;

/** The caller may edit, complete, cancel, duplicate and delete it. */
export function canEditInteraction(reader: Reader, row: { coach_id: number; created_by: number | null }): boolean {
  if (!reader.logs) return false;
  return reader.visibility.kind === 'district' || row.coach_id === reader.auth.user.id || row.created_by === reader.auth.user.id;
}

export function requireEditableInteraction(reader: Reader, row: { coach_id: number; created_by: number | null }): void {
  if (!canEditInteraction(reader, row)) throw forbidden(INTERACTION_MESSAGES.cannotEdit);
}

/** Activities are their user's own: only they change them. */
export function canEditActivity(reader: Reader, row: { user_id: number }): boolean {
  return reader.logs && row.user_id === reader.auth.user.id;
}
