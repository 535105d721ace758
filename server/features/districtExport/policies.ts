// Who may use the district's full export: district administrators (`manage settings`) of that district. Reading
// the exports' status works while impersonating (support can see what happened); starting one or downloading the
// file does not: Coachwell staff never take a district's whole data out (403 with its own message).
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { DISTRICT_EXPORT_MESSAGES } from '../../../common/schemas/districtExport';
import { type DistrictAuth, districtActor, requireDistrict, requirePermission } from '../../access/guards';
import { forbidden } from '../../http/errors';
import type { DistrictActor } from '../../lib/audit';

/** Reads the district's exports: `manage settings`. */
export function exportReader(req: Request): DistrictAuth {
  return requirePermission(requireDistrict(req), PERMISSIONS.manageSettings, DISTRICT_EXPORT_MESSAGES.needsPermission);
}

/** Starts or downloads an export: `manage settings`, signed in as themselves (never impersonated). */
export function exportTaker(req: Request): { auth: DistrictAuth; actor: DistrictActor } {
  const auth = exportReader(req);
  if (auth.impersonator) throw forbidden(DISTRICT_EXPORT_MESSAGES.impersonated);
  return { auth, actor: districtActor(req) };
}
