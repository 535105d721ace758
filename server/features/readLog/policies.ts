// Who reads the read log: any district login reads its own (the educator records linked to it; none, an
// empty list), provider staff only while impersonating one. 403 when the district turned the view off.
import type { Request } from 'express';
import { READ_LOG_MESSAGES } from '../../../common/readLogValues';
import { districtSettingsOf } from '../../../common/schemas/site';
import { type DistrictAuth, requireDistrict } from '../../access/guards';
import { forbidden } from '../../http/errors';

export function readLogReader(req: Request): DistrictAuth {
  return requireDistrict(req);
}

/** 403 with its message when the district's setting `educator_read_log_visible` is off (Site settings). */
export function requireReadLogVisible(settingsJson: string): void {
  if (!districtSettingsOf(settingsJson).educator_read_log_visible) throw forbidden(READ_LOG_MESSAGES.turnedOff);
}
