// Who opens the educator's home: a district login whose `see educators` reaches only their own roster row
// (`see educators.self`, the educator role). Coaches, principals and administrators have their dashboard;
// guests 401.
import type { Request } from 'express';
import { PERMISSIONS, permissionScope } from '../../../common/permissions';
import { type DistrictAuth, requireDistrict } from '../../access/guards';
import { forbidden } from '../../http/errors';

export const EDUCATOR_HOME_MESSAGES = {
  notEducator: "The educator's home is for educators: your dashboard has your coaching.",
} as const;

export function educatorHomeReader(req: Request): DistrictAuth {
  const auth = requireDistrict(req);
  if (permissionScope(auth.permissions, PERMISSIONS.seeEducators) !== 'self') throw forbidden(EDUCATOR_HOME_MESSAGES.notEducator);
  return auth;
}
