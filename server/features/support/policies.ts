// Who may write to the provider's support: a signed-in district person (every role; 401 for guests).
// Provider staff have no district to write from (403), and an impersonated session is refused (403):
// the message would go out in the district person's name without them.
import type { Request } from 'express';
import { SUPPORT_MESSAGES } from '../../../common/schemas/support';
import { type DistrictAuth, requireAuth } from '../../access/guards';
import { forbidden } from '../../http/errors';
import type { DistrictActor } from '../../lib/audit';

export interface SupportWriter {
  auth: DistrictAuth;
  actor: DistrictActor;
}

export function supportWriter(req: Request): SupportWriter {
  const auth = requireAuth(req);
  if (!auth.district) throw forbidden(SUPPORT_MESSAGES.districtOnly);
  if (auth.impersonator) throw forbidden(SUPPORT_MESSAGES.impersonating);
  return { auth: auth as DistrictAuth, actor: req.actor as DistrictActor };
}
