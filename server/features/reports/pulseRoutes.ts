// GET /api/report/pulse: the dashboard's pulse (counts only). Its own router, mounted before the
// reports router so `/report/:kind` never sees "pulse".
import { Router } from 'express';
import type { Deps } from '../../deps';
import { reportReader } from './policies';
import { computePulse } from './pulse';

export function reportPulseRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/report/pulse', async (req, res) => {
    // 401/403 as every report (`see engagement`); the interactions report has no plan gate.
    const reader = reportReader(req, 'interactions');
    res.json(await computePulse(db, reader));
  });

  return router;
}
