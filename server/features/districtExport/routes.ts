// A district's full export (issue 32, item 1): POST /api/district/export (202 { id }: the job runs in this process, its
// zip written in a worker thread, job.ts), GET /api/district/export/{id} (its status and progress; `download_url` while it can be downloaded),
// GET /api/district/exports (the latest five, for the screen) and GET /api/district/export/{id}/download (the zip).
// validate → authorize → call → present.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { DISTRICT_EXPORT_MESSAGES, DISTRICT_EXPORTS_PER_HOUR } from '../../../common/schemas/districtExport';
import type { Deps } from '../../deps';
import { conflict, HttpError, notFound } from '../../http/errors';
import { routeId } from '../../http/params';
import { hitWithMessage } from '../../http/rateLimit';
import { attachment } from '../../lib/csv';
import { exportFile, failStaleExports, startExportJob } from './job';
import { exportReader, exportTaker } from './policies';
import { isExpired, presentExport } from './presenter';
import { findExport, recentExports } from './queries';
import { recordDownload, requestExport } from './service';

const HOUR_MS = 60 * 60_000;

export const gone = (message: string) => new HttpError(410, message, 'gone');

export function districtExportRoutes(deps: Deps): Router {
  const { db, config } = deps;
  const router = Router();
  // The zip is written in a worker thread on a connection of its own to the server's database (job.ts).
  const jobDeps = {
    db, dataDir: config.dataDir, appUrl: config.appUrl, mailer: deps.mailer, log: deps.log,
    database: { databaseUrl: config.databaseUrl, databaseFile: config.databaseFile },
  };

  router.post('/district/export', async (req, res) => {
    const { actor } = exportTaker(req);
    // An export whose process died is failed first, so it never blocks a new one.
    await failStaleExports(db, config.dataDir, actor.districtId);
    await hitWithMessage(deps.limiter, `district-export|${actor.districtId}`, DISTRICT_EXPORTS_PER_HOUR, HOUR_MS, DISTRICT_EXPORT_MESSAGES.tooMany);
    const id = await requestExport(db, actor);
    startExportJob(jobDeps, id);
    res.status(202).json({ id });
  });

  router.get('/district/exports', async (req, res) => {
    const auth = exportReader(req);
    res.json({ data: (await recentExports(db, auth.district.id)).map((row) => presentExport(row)) });
  });

  router.get('/district/export/:id', async (req, res) => {
    const auth = exportReader(req);
    const row = await findExport(db, auth.district.id, routeId(req, 'id', DISTRICT_EXPORT_MESSAGES.notFound));
    if (!row) throw notFound(DISTRICT_EXPORT_MESSAGES.notFound);
    res.json(presentExport(row));
  });

  router.get('/district/export/:id/download', async (req, res) => {
    const { auth, actor } = exportTaker(req);
    const row = await findExport(db, auth.district.id, routeId(req, 'id', DISTRICT_EXPORT_MESSAGES.notFound));
    if (!row) throw notFound(DISTRICT_EXPORT_MESSAGES.notFound);
    if (row.status === 'failed') throw conflict(DISTRICT_EXPORT_MESSAGES.failedNoDownload);
    if (row.status !== 'ready' || !row.file_path) throw conflict(DISTRICT_EXPORT_MESSAGES.notReady);
    if (isExpired(row)) throw gone(DISTRICT_EXPORT_MESSAGES.expired);
    const file = exportFile(config.dataDir, row.file_path);
    const size = await stat(file).then((s) => s.size, () => null);
    if (size === null) throw gone(DISTRICT_EXPORT_MESSAGES.expired);
    await recordDownload(db, actor, row.id);
    res.status(200).set({
      'Content-Type': 'application/zip',
      'Content-Length': String(size),
      'Content-Disposition': attachment(`${auth.district.slug}-all-data-${row.created_at.slice(0, 10)}.zip`),
    });
    await pipeline(createReadStream(file), res).catch(() => {});
  });

  return router;
}
