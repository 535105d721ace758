import { Router } from 'express';
import { buildingListQuerySchema, buildingSchema, districtProfileSchema } from '../../../common/schemas/site';
import type { Deps } from '../../deps';
import { requireDistrict } from '../../access/guards';
import { notFound } from '../../http/errors';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { BUILDING_NOT_FOUND, settingsManager } from './policies';
import { presentBuilding, presentDistrict } from './presenter';
import { districtProfile, findBuilding, listBuildings } from './queries';
import { archiveBuilding, createBuilding, restoreBuilding, updateBuilding, updateDistrictProfile } from './service';

/** Site settings: the district profile and its buildings (schools). */
export function buildingRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/district', async (req, res) => {
    const auth = requireDistrict(req);
    res.json(presentDistrict(await districtProfile(db, auth.district.id)));
  });

  router.put('/district', async (req, res) => {
    requireDistrict(req);
    const input = validate(districtProfileSchema, req.body);
    const actor = settingsManager(req);
    await updateDistrictProfile(db, actor, input);
    res.json(presentDistrict(await districtProfile(db, actor.districtId)));
  });

  router.get('/building', async (req, res) => {
    const auth = requireDistrict(req);
    const { status } = validate(buildingListQuerySchema, { status: req.query.status });
    const rows = await listBuildings(db, auth.district.id, status);
    res.json({ data: rows.map(presentBuilding) });
  });

  router.get('/building/:id', async (req, res) => {
    const auth = requireDistrict(req);
    const row = await findBuilding(db, auth.district.id, routeId(req, 'id', BUILDING_NOT_FOUND));
    if (!row) throw notFound(BUILDING_NOT_FOUND);
    res.json(presentBuilding(row));
  });

  router.post('/building', async (req, res) => {
    requireDistrict(req);
    const input = validate(buildingSchema, req.body);
    const actor = settingsManager(req);
    res.status(201).json(presentBuilding(await createBuilding(db, actor, input)));
  });

  router.put('/building/:id', async (req, res) => {
    requireDistrict(req);
    const id = routeId(req, 'id', BUILDING_NOT_FOUND);
    const input = validate(buildingSchema, req.body);
    const actor = settingsManager(req);
    res.json(presentBuilding(await updateBuilding(db, actor, id, input)));
  });

  router.post('/building/:id/archive', async (req, res) => {
    const actor = settingsManager(req);
    res.json(presentBuilding(await archiveBuilding(db, actor, routeId(req, 'id', BUILDING_NOT_FOUND))));
  });

  router.post('/building/:id/restore', async (req, res) => {
    const actor = settingsManager(req);
    res.json(presentBuilding(await restoreBuilding(db, actor, routeId(req, 'id', BUILDING_NOT_FOUND))));
  });

  return router;
}
