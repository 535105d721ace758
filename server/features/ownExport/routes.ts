import { Router } from 'express';
import type { Deps } from '../../deps';
import { hitWithMessage } from '../../http/rateLimit';
import { recordAudit } from '../../lib/audit';
import { OWN_EXPORT_MESSAGES, OWN_EXPORTS_PER_HOUR, ownExporter } from './policies';
import { writeOwnExport } from './export';
import { linkedStaffIds, readLogVisible } from './queries';
import { requestLocale } from '../../i18n/locale';

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
    // Provider staff have no district and no educator record: no read log, and nothing turned off to explain.
    const readLog = user.district_id === null ? true : await readLogVisible(db, user.district_id);
    // Audited when the download starts (one row per download; nothing of what it holds).
    await recordAudit(db, req.actor, { action: 'own_data_exported', subjectType: 'user', subjectId: user.id });
    const day = new Date().toISOString().slice(0, 10);
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="coachwell-my-data-${day}.zip"`);
    // The person closed the download (or the connection broke) before the zip ended: Node reports no error on the
    // response, so its 'close' stops the export (the zip aborted, no further batch read).
    const closed = new AbortController();
    res.on('close', () => { if (!res.writableFinished) closed.abort(); });
    try {
      await writeOwnExport(db, res, { userId: user.id, districtId: user.district_id, staffIds, readLogVisible: readLog, name: user.name, locale: requestLocale(req) }, closed.signal);
    } catch (error) {
      if (closed.signal.aborted) return;
      // The headers are gone: the connection is cut (the browser shows a failed download), and the error logged.
      deps.log('[own-export] failed:', error);
      res.destroy();
    }
  });

  return router;
}
