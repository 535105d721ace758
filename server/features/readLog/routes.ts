// "Who has read about me" (issue 29, item 5): GET /api/me/read-log, the signed-in person's own read log.
// The log itself is written by the read endpoints through server/lib/readLog.ts `recordRead`.
// Thin handlers: authorize (policies) → validate → call → present.
import { Router } from 'express';
import type { Deps } from '../../deps';
import { pageMeta, parsePage } from '../../http/pagination';
import { readLogReader, requireReadLogVisible } from './policies';
import { presentReadLogEntry } from './presenter';
import { districtSettingsJson, ownStaffIds, readLogPage } from './queries';

export function readLogRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/me/read-log', async (req, res) => {
    const auth = readLogReader(req);
    const page = parsePage(req.query, 50);
    const districtId = auth.district.id;
    requireReadLogVisible(await districtSettingsJson(db, districtId));
    const staffIds = await ownStaffIds(db, districtId, auth.user.id);
    const { rows, total } = await readLogPage(db, districtId, staffIds, page);
    res.json({ data: rows.map(presentReadLogEntry), meta: pageMeta(page.page, page.perPage, total) });
  });

  return router;
}
