import { Router } from 'express';
import type { Deps } from '../../deps';
import { PLAN_FEATURES } from '../../../common/permissions';

/** Public: the plans shown on /pricing, prices in US cents per coach seat per school year. */
export function planRoutes({ db }: Deps): Router {
  const router = Router();
  router.get('/plan', async (_req, res) => {
    const plans = await db.selectFrom('plans').selectAll().orderBy('sort_order').execute();
    res.json({
      data: plans.map((p) => ({
        key: p.key,
        name: p.name,
        description: p.description,
        price_per_seat_cents: p.price_per_seat_cents,
        features: (JSON.parse(p.features) as (keyof typeof PLAN_FEATURES)[]).map((key) => ({ key, label: PLAN_FEATURES[key] ?? key })),
      })),
    });
  });
  return router;
}
