// Who reads and acts on coaching requests (issue 29, item 4). Any district login may call; what they reach
// is data:
// - an educator (a login linked to an educator record, staff.user_id): their own requests; only they ask
//   (POST) and withdraw;
// - a coach (any login): the requests they hold or held (their queue); only a current holder accepts or passes;
// - `see activity` at district or building scope (administrators, principals): the requests of the educators
//   that scope reaches, without the educator's words (topic and where it stands only).
// Another district's request, and one the reader does not reach, is 404.
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { COACHING_REQUEST_MESSAGES as M } from '../../../common/schemas/coachingRequests';
import { type DistrictAuth, districtActor, requireDistrict, scopeOf, type Scope } from '../../access/guards';
import { forbidden } from '../../http/errors';
import type { DistrictActor } from '../../lib/audit';
import type { DB } from '../../../db/connection';
import { ownStaff } from './queries';

export interface RequestReader {
  auth: DistrictAuth;
  actor: DistrictActor;
  /** The reader's own educator record (linked login), if any. */
  staffId: number | null;
  /** `see activity` at district or building scope: the educators whose requests they oversee. */
  oversight: Scope | null;
}

export async function requestReader(db: DB, req: Request): Promise<RequestReader> {
  const auth = requireDistrict(req);
  const actor = districtActor(req);
  const scope = scopeOf(auth, PERMISSIONS.seeActivity);
  const own = await ownStaff(db, auth.district.id, auth.user.id);
  return {
    auth, actor, staffId: own?.id ?? null,
    oversight: scope && (scope.kind === 'district' || scope.kind === 'building') ? scope : null,
  };
}

/** POST /api/coaching-request: an educator for themself (their linked, active educator record); never while impersonating. */
export function requireAsker(reader: RequestReader): number {
  if (reader.auth.impersonator) throw forbidden(M.impersonating);
  if (reader.staffId === null) throw forbidden(M.educatorsOnly);
  return reader.staffId;
}
