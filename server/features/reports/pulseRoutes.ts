// GET /api/report/pulse: the dashboard's pulse (counts only). Its own router, mounted before the
// reports router so `/report/:kind` never sees "pulse".
import { Router } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import type { Deps } from '../../deps';
import { requireDistrict, scopeOf } from '../../access/guards';
import { forbidden } from '../../http/errors';
import { computePulse } from './pulse';

export function reportPulseRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/report/pulse', async (req, res) => {
    const auth = requireDistrict(req);
    const scope = scopeOf(auth, PERMISSIONS.seeEngagement);
    if (!scope) throw forbidden();
    const district = await db.selectFrom('districts').select(['id', 'timezone', 'school_year_start_month'])
      .where('id', '=', auth.district.id).executeTakeFirstOrThrow();
    res.json(await computePulse(db, { district, scope, features: auth.features }));
  });

  return router;
}
