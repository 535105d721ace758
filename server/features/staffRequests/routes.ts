import { type Request, Router } from 'express';
import {
  createStaffRequestSchema, denyStaffRequestSchema, MESSAGES, STAFF_REQUEST_CANDIDATES_MAX,
  staffRequestCandidatesQuerySchema, staffRequestListQuerySchema,
} from '../../../common/schemas/staffRequests';
import { PERMISSIONS, permissionScope } from '../../../common/permissions';
import type { DB } from '../../../db/connection';
import type { Deps } from '../../deps';
import { requireDistrict } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { validate } from '../../http/validate';
import type { ScopedAuth } from '../../lib/staffScope';
import { presentCandidate, presentStaffRequest } from './presenter';
import { candidates, findRequest, fromBuildingOf, historyOf, listRequests, type RequestRow, type RequestVisibility } from './queries';
import { approveRequest, createRequest, denyRequest, withdrawRequest } from './service';

/** `add staff` scope: the whole district, or a principal's buildings; 403 without it. */
function requireAddStaff(req: Request): { auth: ScopedAuth; scope: 'district' | 'building'; visibility: RequestVisibility } {
  const auth = requireDistrict(req);
  const scope = permissionScope(auth.permissions, PERMISSIONS.addStaff);
  if (scope === 'district') return { auth, scope, visibility: { scope: 'district' } };
  if (scope === 'building') return { auth, scope, visibility: { scope: 'building', buildingIds: auth.buildings.map((b) => b.id), userId: auth.user.id } };
  throw forbidden();
}

/** Approving and denying belong to district administrators (`add staff` without a narrower suffix). */
function requireDecider(req: Request): ScopedAuth {
  const { auth, scope } = requireAddStaff(req);
  if (scope !== 'district') throw forbidden(MESSAGES.districtOnly);
  return auth;
}

function idParam(req: Request): number {
  const id = Number(req.params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

async function presentAll(db: DB, districtId: number, rows: RequestRow[]) {
  const history = await historyOf(db, districtId, [...new Set(rows.map((r) => r.staff_id))]);
  return rows.map((row) => presentStaffRequest(row, fromBuildingOf(row, history)));
}

async function presentOne(db: DB, districtId: number, id: number) {
  const row = await findRequest(db, districtId, id);
  if (!row) throw notFound();
  return (await presentAll(db, districtId, [row]))[0];
}

/** School staff requests (/app/settings/building-history-requests). */
export function staffRequestRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/staff-request', async (req, res) => {
    const { auth, visibility } = requireAddStaff(req);
    const { status } = validate(staffRequestListQuerySchema, { status: req.query.status });
    const { page, perPage, offset } = parsePage(req.query);
    const { rows, total } = await listRequests(db, auth.district.id, { visibility, status, offset, limit: perPage });
    res.json({ data: await presentAll(db, auth.district.id, rows), meta: pageMeta(page, perPage, total) });
  });

  router.get('/staff-request/candidates', async (req, res) => {
    const { auth, scope } = requireAddStaff(req);
    const { search } = validate(staffRequestCandidatesQuerySchema, { search: req.query.search });
    const exclude = scope === 'district' ? null : auth.buildings.map((b) => b.id);
    const rows = await candidates(db, auth.district.id, exclude, search, STAFF_REQUEST_CANDIDATES_MAX);
    res.json({ data: rows.map(presentCandidate) });
  });

  router.post('/staff-request', async (req, res) => {
    const { auth, scope } = requireAddStaff(req);
    const input = validate(createStaffRequestSchema, req.body);
    const id = await createRequest(db, req, auth, scope, input);
    res.status(201).json(await presentOne(db, auth.district.id, id));
  });

  router.post('/staff-request/:id/approve', async (req, res) => {
    const auth = requireDecider(req);
    const id = idParam(req);
    await approveRequest(db, req, auth, id);
    res.json(await presentOne(db, auth.district.id, id));
  });

  router.post('/staff-request/:id/deny', async (req, res) => {
    const auth = requireDecider(req);
    const id = idParam(req);
    const { reason } = validate(denyStaffRequestSchema, req.body);
    await denyRequest(db, req, auth, id, reason);
    res.json(await presentOne(db, auth.district.id, id));
  });

  router.delete('/staff-request/:id', async (req, res) => {
    const { auth, visibility } = requireAddStaff(req);
    const id = idParam(req);
    await withdrawRequest(db, req, auth, visibility, id);
    res.status(204).end();
  });

  return router;
}
