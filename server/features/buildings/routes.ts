import { type Request, Router } from 'express';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import { buildingListQuerySchema, buildingSchema, districtProfileSchema } from '../../../common/schemas/site';
import type { Deps } from '../../deps';
import { requireDistrict } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import { validate } from '../../http/validate';
import { presentBuilding, presentDistrict } from './presenter';
import { districtProfile, findBuilding, listBuildings } from './queries';
import { archiveBuilding, createBuilding, restoreBuilding, updateBuilding, updateDistrictProfile } from './service';

/** The district user, who must hold `manage settings` for any change. */
function requireSettingsManager(req: Request) {
  const auth = requireDistrict(req);
  if (!hasPermission(auth.permissions, PERMISSIONS.manageSettings)) throw forbidden();
  return auth;
}

/** A positive whole-number id from the path; anything else is simply not found. */
function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound('We could not find that school.');
  return id;
}

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
    const auth = requireSettingsManager(req);
    await updateDistrictProfile(db, req, auth, input);
    res.json(presentDistrict(await districtProfile(db, auth.district.id)));
  });

  router.get('/building', async (req, res) => {
    const auth = requireDistrict(req);
    const { status } = validate(buildingListQuerySchema, { status: req.query.status });
    const rows = await listBuildings(db, auth.district.id, status);
    res.json({ data: rows.map(presentBuilding) });
  });

  router.get('/building/:id', async (req, res) => {
    const auth = requireDistrict(req);
    const row = await findBuilding(db, auth.district.id, idParam(req.params.id));
    if (!row) throw notFound('We could not find that school.');
    res.json(presentBuilding(row));
  });

  router.post('/building', async (req, res) => {
    requireDistrict(req);
    const input = validate(buildingSchema, req.body);
    const auth = requireSettingsManager(req);
    res.status(201).json(presentBuilding(await createBuilding(db, req, auth, input)));
  });

  router.put('/building/:id', async (req, res) => {
    requireDistrict(req);
    const id = idParam(req.params.id);
    const input = validate(buildingSchema, req.body);
    const auth = requireSettingsManager(req);
    res.json(presentBuilding(await updateBuilding(db, req, auth, id, input)));
  });

  router.post('/building/:id/archive', async (req, res) => {
    const auth = requireSettingsManager(req);
    res.json(presentBuilding(await archiveBuilding(db, req, auth, idParam(req.params.id))));
  });

  router.post('/building/:id/restore', async (req, res) => {
    const auth = requireSettingsManager(req);
    res.json(presentBuilding(await restoreBuilding(db, req, auth, idParam(req.params.id))));
  });

  return router;
}
