import { Router } from 'express';
import { retentionPreviewQuerySchema } from '../../../common/schemas/retention';
import { nextRetentionNight } from '../../../common/retention';
import { districtSettingsOf } from '../../../common/schemas/site';
import type { Deps } from '../../deps';
import { validate } from '../../http/validate';
import { retentionManager } from './policies';
import { presentPreview } from './presenter';
import { countPastCutoff } from './removal';
import { cutoffOf } from './jobs';
import { lastRun, retentionDistrict } from './queries';

/** The retention setting's preview (issue 32, item 4); the setting itself is read and written with GET/PUT /api/district. */
export function retentionRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/district/retention-preview', async (req, res) => {
    const auth = retentionManager(req);
    const query = validate(retentionPreviewQuerySchema, { years: req.query.years });
    const district = await retentionDistrict(db, auth.district.id);
    const saved = districtSettingsOf(district.settings).data_retention_years;
    const years = query.years ?? saved;
    const night = nextRetentionNight(district.timezone, new Date());
    const cutoff = years === null ? null : cutoffOf(district, night, years);
    const counts = cutoff ? await countPastCutoff(db, cutoff) : null;
    res.json(presentPreview({ years, saved, night, cutoffDay: cutoff?.day ?? null, counts, last: await lastRun(db, auth.district.id) }));
  });

  return router;
}
