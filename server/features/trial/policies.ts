// Who reads the trial banner's state: any district login (provider staff only while impersonating one).
import type { Request } from 'express';
import { type DistrictAuth, requireDistrict } from '../../access/guards';

export function trialReader(req: Request): DistrictAuth {
  return requireDistrict(req);
}
