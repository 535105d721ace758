import { Router } from 'express';
import type { Deps } from '../../deps';
import { presentPlan } from '../../lib/billing/presenter';

/** Public: the plans shown on /pricing, prices in US cents per coach seat per school year. */
export function planRoutes({ db }: Deps): Router {
  const router = Router();
  router.get('/plan', async (_req, res) => {
    const plans = await db.selectFrom('plans').selectAll().orderBy('sort_order').execute();
    res.json({ data: plans.map(presentPlan) });
  });
  return router;
}
