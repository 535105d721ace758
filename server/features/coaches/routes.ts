import { Router } from 'express';
import { assignCaseloadSchema, endAssignmentSchema } from '../../../common/schemas/coaches';
import type { DB } from '../../../db/connection';
import { type DistrictAuth, requireDistrict } from '../../access/guards';
import type { Deps } from '../../deps';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { caseloadManager, coachListReader } from './policies';
import { presentAssignment, presentCoach, presentCoachDetail } from './presenter';
import { buildingsByUser, caseloadCounts, listCoaches, type CoachRow } from './queries';
import { assignCaseload, COACH_NOT_FOUND, coachDetail, endAssignment, requireCoach } from './service';

async function presentDetail(db: DB, auth: DistrictAuth, coach: CoachRow) {
  const d = await coachDetail(db, auth, coach);
  const entry = (a: (typeof d.open)[number]) => presentAssignment(a, d.places.get(a.staff_id) ?? null);
  return presentCoachDetail(d.coach, d.buildings, d.caseloadSize, d.open.map(entry), d.ended.map(entry));
}

/** Coaches and their caseloads. */
export function coachRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/coach', async (req, res) => {
    const auth = coachListReader(req);
    const coaches = await listCoaches(db, auth.district.id);
    const ids = coaches.map((c) => c.id);
    const [buildings, counts] = await Promise.all([buildingsByUser(db, auth.district.id, ids), caseloadCounts(db, auth.district.id, ids)]);
    res.json({ data: coaches.map((c) => presentCoach(c, buildings.get(c.id) ?? [], counts.get(c.id) ?? 0)) });
  });

  router.get('/coach/:id', async (req, res) => {
    const auth = requireDistrict(req);
    const coach = await requireCoach(db, auth.district.id, routeId(req, 'id', COACH_NOT_FOUND));
    res.json(await presentDetail(db, auth, coach));
  });

  router.post('/coach/:id/caseload', async (req, res) => {
    const auth = requireDistrict(req);
    const input = validate(assignCaseloadSchema, req.body);
    const actor = caseloadManager(req);
    const coach = await requireCoach(db, actor.districtId, routeId(req, 'id', COACH_NOT_FOUND));
    await assignCaseload(db, actor, coach, input);
    res.status(201).json(await presentDetail(db, auth, coach));
  });

  router.post('/coach/:id/caseload/:assignmentId/end', async (req, res) => {
    const auth = requireDistrict(req);
    const input = validate(endAssignmentSchema, req.body);
    const actor = caseloadManager(req);
    const coach = await requireCoach(db, actor.districtId, routeId(req, 'id', COACH_NOT_FOUND));
    await endAssignment(db, actor, coach, routeId(req, 'assignmentId', 'We could not find that caseload assignment.'), input);
    res.json(await presentDetail(db, auth, coach));
  });

  return router;
}
