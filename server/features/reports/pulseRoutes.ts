// GET /api/report/pulse: the dashboard's pulse (counts only). Its own router, mounted before the
// reports router so `/report/:kind` never sees "pulse".
import { Router } from 'express';
import { requireDistrict } from '../../access/guards';
import type { Deps } from '../../deps';
import { sendJson } from '../../http/respond';
import { readerKey } from '../../identity/context';
import { keptAnswer } from '../../lib/keptAnswers';
import { reportDays, reportReader } from './policies';
import { computePulse } from './pulse';

export function reportPulseRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/report/pulse', async (req, res) => {
    // 401/403 as every report (`see engagement`); the interactions report has no plan gate.
    const reader = reportReader(req, 'interactions');
    // Kept per reader and day while nothing in the district changes (lib/keptAnswers.ts), as the reports:
    // every district admin's dashboard opens with it.
    sendJson(res, await keptAnswer(db, reader.district.id, readerKey(requireDistrict(req)), ['report/pulse', reportDays(reader)],
      async () => ({ answer: await computePulse(db, reader) })));
  });

  return router;
}
