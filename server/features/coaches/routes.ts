import { type Request, Router } from 'express';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import { assignCaseloadSchema, endAssignmentSchema } from '../../../common/schemas/coaches';
import type { Deps } from '../../deps';
import { requireDistrict } from '../../http/auth';
import { forbidden } from '../../http/errors';
import { validate } from '../../http/validate';
import { presentCoach } from './presenter';
import { buildingsByUser, caseloadCounts, listCoaches } from './queries';
import { assignCaseload, coachDetail, endAssignment, requireCoach } from './service';

function requireDistrictPermission(req: Request, permission: string) {
  const auth = requireDistrict(req);
  if (!hasPermission(auth.permissions, permission)) throw forbidden();
  return auth;
}

/** Coaches and their caseloads. */
export function coachRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/coach', async (req, res) => {
    const auth = requireDistrictPermission(req, PERMISSIONS.seeCoaches);
    const coaches = await listCoaches(db, auth.district.id);
    const ids = coaches.map((c) => c.id);
    const [buildings, counts] = await Promise.all([buildingsByUser(db, auth.district.id, ids), caseloadCounts(db, auth.district.id, ids)]);
    res.json({ data: coaches.map((c) => presentCoach(c, buildings.get(c.id) ?? [], counts.get(c.id) ?? 0)) });
  });

  router.get('/coach/:id', async (req, res) => {
    const auth = requireDistrict(req);
    const coach = await requireCoach(db, auth, Number(req.params.id));
    res.json(await coachDetail(db, auth, coach));
  });

  router.post('/coach/:id/caseload', async (req, res) => {
    requireDistrict(req);
    const input = validate(assignCaseloadSchema, req.body);
    const auth = requireDistrictPermission(req, PERMISSIONS.manageCoaches);
    const coach = await requireCoach(db, auth, Number(req.params.id));
    await assignCaseload(db, req, auth, coach, input);
    res.status(201).json(await coachDetail(db, auth, coach));
  });

  router.post('/coach/:id/caseload/:assignmentId/end', async (req, res) => {
    requireDistrict(req);
    const input = validate(endAssignmentSchema, req.body);
    const auth = requireDistrictPermission(req, PERMISSIONS.manageCoaches);
    const coach = await requireCoach(db, auth, Number(req.params.id));
    await endAssignment(db, req, auth, coach, Number(req.params.assignmentId), input);
    res.json(await coachDetail(db, auth, coach));
  });

  return router;
}
