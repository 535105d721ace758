// Records a coach keeps about educators (interactions, coaching cycles): who reads them, as data the
// feature's queries apply, and who changes one. A reader reaches what the feature's permission scope
// reaches (`see activity` for interactions, `see skill mapping` for cycles) plus, in every scope, what they
// coach or started; an educator without the permission (`see educators.self`) reads only the records they
// take part in. Changing one needs the permission and to be its coach, its author or district-wide.
import { PERMISSIONS } from '../../common/permissions';
import { forbidden } from '../http/errors';
import { type DistrictAuth, type Scope, scopeOf } from './guards';

/**
 * What a reader may see, as data the queries apply. `participant`: an educator's own records (their staff
 * rows are linked by staff.user_id).
 */
export interface Visibility {
  kind: Scope['kind'] | 'participant';
  districtId: number;
  userId: number;
  buildingIds: number[];
}

export interface CoachingReach {
  visibility: Visibility;
  /** The caller's `see educators` scope: which educators they may name (null: none). */
  staffScope: Scope | null;
  /** True for a holder of the feature's permission (may write); false for an educator reading their own. */
  leads: boolean;
}

/** The reach of `permission`, else an educator's own records; 403 for anyone with neither. */
export function coachingReach(auth: DistrictAuth, permission: string): CoachingReach {
  const scope = scopeOf(auth, permission);
  const staffScope = scopeOf(auth, PERMISSIONS.seeEducators);
  if (scope) return { visibility: scope, staffScope, leads: true };
  if (staffScope?.kind === 'self') return { visibility: { ...staffScope, kind: 'participant' }, staffScope, leads: false };
  throw forbidden();
}

/** A district-wide reader, or the record's coach or author (the caller must also lead: see `leads`). */
export function isCoachOrAuthor(visibility: Visibility, userId: number, row: { coach_id: number; created_by: number | null }): boolean {
  return visibility.kind === 'district' || row.coach_id === userId || row.created_by === userId;
}
