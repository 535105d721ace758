// Who may do what with alerts. The provider's announcements (/api/admin/alert): provider staff with
// `manage alerts` (provider administrators); provider support, district users and provider staff while
// impersonating one get 403. The banner (/api/alert): any district login, provider staff impersonating
// one included (they see that person's alerts, but cannot dismiss them for the person).
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { ALERT_MESSAGES } from '../../../common/schemas/alerts';
import { requireDistrict, requireProviderStaff } from '../../access/guards';
import { forbidden } from '../../http/errors';
import type { Actor } from '../../lib/audit';

/** A provider staff member (not impersonating) holding `manage alerts`: the actor of the audit rows. */
export function alertManager(req: Request): Actor {
  requireProviderStaff(req, PERMISSIONS.manageAlerts, ALERT_MESSAGES.providerOnly);
  return req.actor;
}

/** Whose alerts the banner reads: the signed-in district user (or the one impersonated). */
export interface AlertReader {
  userId: number;
  districtId: number;
  planKey: string;
  roles: string[];
  impersonating: boolean;
}

export function alertReader(req: Request): AlertReader {
  const auth = requireDistrict(req);
  return {
    userId: auth.user.id,
    districtId: auth.district.id,
    planKey: auth.district.plan_key,
    roles: [...auth.roles],
    impersonating: auth.impersonator !== null,
  };
}

/** Dismissing remembers a choice for the person: refused (403) while impersonating them. */
export function refuseDismissWhileImpersonating(reader: AlertReader): void {
  if (reader.impersonating) throw forbidden(ALERT_MESSAGES.dismissWhileImpersonating);
}
