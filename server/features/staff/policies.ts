// Who may see and change educators. Reading follows the `see educators` scope; writing follows
// `add staff`: district-wide any educator, `.building` only those now at the caller's schools;
// moving an educator between schools is district-wide `add staff` only.
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { STAFF_MESSAGES } from '../../../common/schemas/staff';
import type { DB } from '../../../db/connection';
import { type DistrictAuth, requireDistrict, requireScope, type Scope, scopeOf } from '../../access/guards';
import { forbidden } from '../../http/errors';
import { isInScopeBuildings } from './queries';

export function staffReader(req: Request): { auth: DistrictAuth; scope: Scope } {
  const auth = requireDistrict(req);
  return { auth, scope: requireScope(auth, PERMISSIONS.seeEducators) };
}

/** The `add staff` scope for adding and editing: district or building; anything else is 403. */
export function staffWriteScope(auth: DistrictAuth): Scope {
  return requireScope(auth, PERMISSIONS.addStaff, ['district', 'building']);
}

/** Edit, deactivate, reactivate: district scope any educator; building scope those now at the caller's schools. */
export async function canEditStaff(db: DB, auth: DistrictAuth, staffId: number): Promise<boolean> {
  const scope = scopeOf(auth, PERMISSIONS.addStaff);
  if (scope?.kind === 'district') return true;
  if (scope?.kind === 'building') return isInScopeBuildings(db, scope, staffId);
  return false;
}

export async function requireEditable(db: DB, auth: DistrictAuth, staffId: number): Promise<void> {
  if (!(await canEditStaff(db, auth, staffId))) throw forbidden();
}

export const canMoveStaff = (auth: DistrictAuth) => scopeOf(auth, PERMISSIONS.addStaff)?.kind === 'district';

/** Moving schools: a principal is told to ask the district (a school staff request). */
export function requireMover(auth: DistrictAuth): void {
  requireScope(auth, PERMISSIONS.addStaff, ['district'], scopeOf(auth, PERMISSIONS.addStaff)?.kind === 'building' ? STAFF_MESSAGES.moveAskDistrict : undefined);
}
