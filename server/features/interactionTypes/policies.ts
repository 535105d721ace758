// Who may read and change interaction types. A district's types (/api/interaction-type): every district
// login reads, `manage settings` changes, and custom fields also need the plan feature `custom-fields`.
// The provider's defaults (/api/admin/interaction-type): provider staff with `see admin` read,
// `manage articles` changes (the provider's content permission: defaults are content every new district
// starts from); district users, and provider staff while impersonating one, get 403.
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { INTERACTION_TYPE_MESSAGES } from '../../../common/schemas/interactionTypes';
import { districtActor, requireAuth, requireDistrict, requireFeature, requirePermission, requireProviderStaff } from '../../access/guards';
import type { Actor } from '../../lib/audit';
import type { Owner } from './queries';

export const TYPE_NOT_FOUND = INTERACTION_TYPE_MESSAGES.typeNotFound;
export const FIELD_NOT_FOUND = INTERACTION_TYPE_MESSAGES.fieldNotFound;
export const PROVIDER_ONLY = 'The default interaction types are managed by Coachwell staff.';

/** Who acts on whose types: the owner every query filters by and the actor of the audit rows. */
export interface TypeEditor {
  owner: Owner;
  actor: Actor;
}

/** Any district login: the owner of the types it reads. */
export function districtReader(req: Request): Owner {
  return requireDistrict(req).district.id;
}

/** A district user with `manage settings`. */
export function districtManager(req: Request): TypeEditor {
  requirePermission(requireDistrict(req), PERMISSIONS.manageSettings);
  const actor = districtActor(req);
  return { owner: actor.districtId, actor };
}

/** `manage settings` in a district whose plan has custom fields (else 403 explaining the plan). */
export function districtFieldManager(req: Request): TypeEditor {
  const editor = districtManager(req);
  requireFeature(requireDistrict(req), 'custom-fields');
  return editor;
}

/** Provider staff (not impersonating) with `see admin`: they read the defaults. */
export function adminReader(req: Request): Owner {
  requireProviderStaff(req, PERMISSIONS.seeAdmin, PROVIDER_ONLY);
  return null;
}

/** Provider staff with `manage articles`: they change the defaults. */
export function adminManager(req: Request): TypeEditor {
  adminReader(req);
  requirePermission(requireAuth(req), PERMISSIONS.manageArticles);
  return { owner: null, actor: req.actor };
}
