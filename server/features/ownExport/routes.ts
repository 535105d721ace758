import { Router } from 'express';
import type { Deps } from '../../deps';
import { hitWithMessage } from '../../http/rateLimit';
import { recordAudit } from '../../lib/audit';
import { OWN_EXPORT_MESSAGES, OWN_EXPORTS_PER_HOUR, ownExporter } from './policies';
import { writeOwnExport } from './export';
import { linkedStaffIds } from './queries';

const HOUR_MS = 60 * 60_000;

/** GET /api/me/export (issue 32, item 2): a zip of what Coachwell holds about the signed-in person and what they wrote. */
export function ownExportRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/me/export', async (req, res) => {
    const auth = ownExporter(req);
    const { user } = auth;
    await hitWithMessage(deps.limiter, `own-export|${user.id}`, OWN_EXPORTS_PER_HOUR, HOUR_MS, OWN_EXPORT_MESSAGES.tooMany);
    const staffIds = user.district_id === null ? [] : await linkedStaffIds(db, user.district_id, user.id);
    // Audited when the download starts (one row per download; nothing of what it holds).
    await recordAudit(db, req.actor, { action: 'own_data_exported', subjectType: 'user', subjectId: user.id });
    const day = new Date().toISOString().slice(0, 10);
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="coachwell-my-data-${day}.zip"`);
    try {
      await writeOwnExport(db, res, { userId: user.id, districtId: user.district_id, staffIds, name: user.name });
    } catch (error) {
      // The headers are gone: the connection is cut (the browser shows a failed download), and the error logged.
      deps.log('[own-export] failed:', error);
      res.destroy();
    }
  });

  return router;
}
