// Who reads the read log: a district login with the educator role reads its own (the educator records linked
// to it; none, an empty list), provider staff only while impersonating one; anyone else 403. 403 too when the
// district turned the view off.
import type { Request } from 'express';
import { hasRole } from '../../../common/permissions';
import { READ_LOG_MESSAGES } from '../../../common/readLogValues';
import { districtSettingsOf } from '../../../common/schemas/site';
import { type DistrictAuth, requireDistrict } from '../../access/guards';
import { forbidden } from '../../http/errors';

export function readLogReader(req: Request): DistrictAuth {
  const auth = requireDistrict(req);
  if (!hasRole(auth.roles, 'educator')) throw forbidden(READ_LOG_MESSAGES.notEducator);
  return auth;
}

/** 403 with its message when the district's setting `educator_read_log_visible` is off (Site settings). */
export function requireReadLogVisible(settingsJson: string): void {
  if (!districtSettingsOf(settingsJson).educator_read_log_visible) throw forbidden(READ_LOG_MESSAGES.turnedOff);
}
