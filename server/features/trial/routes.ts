// GET /api/trial (issue 14, "Plans and trials"): the app's trial banner — the district's status, its
// trial's end and days left, whether it is read-only (access/trial.ts refuses its writes with 402) and
// whom to ask to buy a plan. validate → authorize → call → present.
import { Router } from 'express';
import type { Deps } from '../../deps';
import { trialDaysLeft, trialHasEnded } from '../../access/trial';
import { trialReader } from './policies';
import { presentTrial } from './presenter';
import { billingManagers } from './queries';

export function trialRoutes({ db }: Deps): Router {
  const router = Router();
  router.get('/trial', async (req, res) => {
    const { district } = trialReader(req);
    const now = Date.now();
    const ask = district.status === 'trial' ? await billingManagers(db, district.id) : [];
    res.json(presentTrial(district, trialDaysLeft(district, now), trialHasEnded(district, now), ask));
  });
  return router;
}
