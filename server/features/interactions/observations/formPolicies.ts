// Who may read and change observation forms (issue 28). Every district login reads them (observers need
// them to capture); on a plan without `observation-forms` only the built-in walkthrough is there, any other
// form reads as missing (404). `manage settings` on a plan with the feature changes them (403 otherwise,
// with the plan's message when it is the plan that is missing).
import type { Request } from 'express';
import { hasFeature, PERMISSIONS } from '../../../../common/permissions';
import { OBSERVATION_MESSAGES } from '../../../../common/schemas/observations';
import { districtActor, requireDistrict, requireFeature, requirePermission } from '../../../access/guards';
import type { DistrictActor } from '../../../lib/audit';
import type { FormAccess } from './formQueries';

export const FORM_NOT_FOUND = OBSERVATION_MESSAGES.formNotFound;

/** Any district login: the forms it may read. */
export function formReader(req: Request): FormAccess {
  const auth = requireDistrict(req);
  return { districtId: auth.district.id, builtinOnly: !hasFeature(auth.features, 'observation-forms') };
}

/** A district user with `manage settings` whose plan has observation forms. */
export function formManager(req: Request): DistrictActor {
  const auth = requirePermission(requireDistrict(req), PERMISSIONS.manageSettings);
  requireFeature(auth, 'observation-forms');
  return districtActor(req);
}
