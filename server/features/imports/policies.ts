// Who may export and import. Exports need the matching `see …` permission at district scope (a
// principal's `.building` scope is refused with a message saying why); running a staff import needs
// district-wide `add staff` and the plan feature `csv-import`; reading imports needs district-wide
// `add staff` (no plan check, so a district that changed plans still sees its history).
import type { Request } from 'express';
import { hasFeature, PERMISSIONS } from '../../../common/permissions';
import { IMPORT_MESSAGES } from '../../../common/schemas/imports';
import { type DistrictAuth, districtActor, requireAuth, requireDistrict, requireFeature, requirePermission, requireScope } from '../../access/guards';
import type { Actor, DistrictActor } from '../../lib/audit';

export const CSV_IMPORT_FEATURE = 'csv-import' as const;

export function staffExporter(req: Request): DistrictAuth {
  const auth = requireDistrict(req);
  requireScope(auth, PERMISSIONS.seeEducators, ['district'], IMPORT_MESSAGES.exportStaffNeedsDistrict);
  return auth;
}

/** The users export follows the user list: `manage coaches` (district-wide by nature). */
export function usersExporter(req: Request): DistrictAuth {
  return requirePermission(requireDistrict(req), PERMISSIONS.manageCoaches, IMPORT_MESSAGES.exportUsersNeedsPermission);
}

/** The interactions export: `see activity` for the whole district. */
export function interactionsExporter(req: Request): DistrictAuth {
  const auth = requireDistrict(req);
  requireScope(auth, PERMISSIONS.seeActivity, ['district'], IMPORT_MESSAGES.exportInteractionsNeedsDistrict);
  return auth;
}

/** The skill ratings export: a plan with skill mapping and `see skill mapping` for the whole district. */
export function skillRatingsExporter(req: Request): DistrictAuth {
  const auth = requireFeature(requireDistrict(req), 'skill-mapping');
  requireScope(auth, PERMISSIONS.seeSkillMapping, ['district'], IMPORT_MESSAGES.exportSkillsNeedsDistrict);
  return auth;
}

export function importReader(req: Request): DistrictAuth {
  const auth = requireDistrict(req);
  requireScope(auth, PERMISSIONS.addStaff, ['district'], IMPORT_MESSAGES.readNeedsPermission);
  return auth;
}

/** Whether the caller may upload and run staff imports (the screen shows the import only then). */
export function canImportStaff(auth: DistrictAuth): boolean {
  return hasFeature(auth.features, CSV_IMPORT_FEATURE) && auth.permissions.includes(PERMISSIONS.addStaff);
}

export function staffImporter(req: Request): { auth: DistrictAuth; actor: DistrictActor } {
  const auth = requireDistrict(req);
  requireScope(auth, PERMISSIONS.addStaff, ['district'], IMPORT_MESSAGES.needsPermission);
  requireFeature(auth, CSV_IMPORT_FEATURE);
  return { auth, actor: districtActor(req) };
}

/** The admin User CSV Import: provider staff who see all districts; the actor is the staff member. */
export function userImporter(req: Request): Actor & { userId: number } {
  requirePermission(requireAuth(req), PERMISSIONS.seeAllDistricts);
  return req.actor as Actor & { userId: number };
}
