import { Router } from 'express';
import {
  createStaffRequestSchema, denyStaffRequestSchema, STAFF_REQUEST_CANDIDATES_MAX,
  staffRequestCandidatesQuerySchema, staffRequestListQuerySchema,
} from '../../../common/schemas/staffRequests';
import type { DB } from '../../../db/connection';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { requestDecider, requestParticipant } from './policies';
import { presentCandidate, presentStaffRequest } from './presenter';
import { candidates, findRequest, fromBuildingOf, historyOf, listRequests, type RequestRow } from './queries';
import { approveRequest, createRequest, denyRequest, withdrawRequest } from './service';

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
    const { scope } = requestParticipant(req);
    const { status } = validate(staffRequestListQuerySchema, { status: req.query.status });
    const { page, perPage, offset } = parsePage(req.query);
    const { rows, total } = await listRequests(db, scope.districtId, { visibility: scope, status, offset, limit: perPage });
    res.json({ data: await presentAll(db, scope.districtId, rows), meta: pageMeta(page, perPage, total) });
  });

  router.get('/staff-request/candidates', async (req, res) => {
    const { scope } = requestParticipant(req);
    const { search } = validate(staffRequestCandidatesQuerySchema, { search: req.query.search });
    const exclude = scope.kind === 'district' ? null : scope.buildingIds;
    const rows = await candidates(db, scope.districtId, exclude, search, STAFF_REQUEST_CANDIDATES_MAX);
    res.json({ data: rows.map(presentCandidate) });
  });

  router.post('/staff-request', async (req, res) => {
    const { actor, scope } = requestParticipant(req);
    const input = validate(createStaffRequestSchema, req.body);
    const id = await createRequest(db, actor, scope, input);
    res.status(201).json(await presentOne(db, actor.districtId, id));
  });

  router.post('/staff-request/:id/approve', async (req, res) => {
    const actor = requestDecider(req);
    const id = routeId(req);
    await approveRequest(db, actor, id);
    res.json(await presentOne(db, actor.districtId, id));
  });

  router.post('/staff-request/:id/deny', async (req, res) => {
    const actor = requestDecider(req);
    const id = routeId(req);
    const { reason } = validate(denyStaffRequestSchema, req.body);
    await denyRequest(db, actor, id, reason);
    res.json(await presentOne(db, actor.districtId, id));
  });

  router.delete('/staff-request/:id', async (req, res) => {
    const { actor, scope } = requestParticipant(req);
    const id = routeId(req);
    await withdrawRequest(db, actor, scope, id);
    res.status(204).end();
  });

  return router;
}
