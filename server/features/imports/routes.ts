// Export and import: CSV downloads of educators and users (streamed), and the staff import (upload →
// mapping → preview → run), its list, one import, its rows and its failed rows as CSV.
import { Router } from 'express';
import {
  IMPORT_MESSAGES, IMPORT_UPLOADS_PER_HOUR, importMappingSchema, importRowsQuerySchema, importRunSchema, interactionExportQuerySchema,
} from '../../../common/schemas/imports';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import type { ImportRow } from './queries';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { today } from '../../lib/dates';
import { streamCsv } from '../../lib/csv';
import {
  INTERACTIONS_EXPORT_HEADER, interactionsExportPages, SKILL_RATINGS_EXPORT_HEADER, skillRatingsExportPages,
} from './coachingExports';
import { STAFF_EXPORT_HEADER, staffExportPages, USERS_EXPORT_HEADER, usersExportPages } from './exportQueries';
import {
  canImportStaff, importReader, interactionsExporter, skillRatingsExporter, staffExporter, staffImporter, userImporter, usersExporter,
} from './policies';
import { presentImport, presentImportRow, rowErrorsIn } from './presenter';
import { requestLocale } from '../../i18n/locale';
import { failedRowPages, findImport, listImportRows, listImports } from './queries';
import type { Request, Response } from 'express';
import { createImport, previewStaffImport, reloadImport, runStaffImport, saveMapping } from './service';
import { previewUserImport, runUserImport } from './userService';
import { readTable } from './sources';
import { readUpload } from './upload';

export function importRoutes(deps: Deps): Router {
  const { db, limiter } = deps;
  const router = Router();

  router.get('/export/staff.csv', async (req, res) => {
    const auth = staffExporter(req);
    await streamCsv(res, `educators-${today()}.csv`, STAFF_EXPORT_HEADER, staffExportPages(db, auth.district.id));
  });

  router.get('/export/users.csv', async (req, res) => {
    const auth = usersExporter(req);
    await streamCsv(res, `users-${today()}.csv`, USERS_EXPORT_HEADER, usersExportPages(db, auth.district.id));
  });

  router.get('/export/interactions.csv', async (req, res) => {
    const auth = interactionsExporter(req);
    const { from, to } = validate(interactionExportQuerySchema, req.query);
    const name = `interactions${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}${from || to ? '' : `-${today()}`}.csv`;
    await streamCsv(res, name, INTERACTIONS_EXPORT_HEADER, interactionsExportPages(db, {
      districtId: auth.district.id, timeZone: auth.district.timezone, userId: auth.user.id, from, to,
    }));
  });

  router.get('/export/skill-ratings.csv', async (req, res) => {
    const auth = skillRatingsExporter(req);
    await streamCsv(res, `skill-ratings-${today()}.csv`, SKILL_RATINGS_EXPORT_HEADER, skillRatingsExportPages(db, auth.district.id));
  });

  /** Past staff imports, newest first, and whether the caller may start one. */
  router.get('/import', async (req, res) => {
    const auth = importReader(req);
    const page = parsePage(req.query, 10);
    const { rows, total } = await listImports(db, auth.district.id, 'staff', page);
    res.json({ data: rows.map(presentImport), meta: { ...pageMeta(page.page, page.perPage, total), can_import: canImportStaff(auth) } });
  });

  router.post('/import/staff', async (req, res) => {
    const { actor } = staffImporter(req);
    await limiter.hit(`import-upload|${actor.userId}`, IMPORT_UPLOADS_PER_HOUR, 60 * 60_000);
    const files = await readUpload(req);
    const table = await readTable(files, files.length === 1 ? files[0]!.name : 'oneroster.zip');
    const id = await createImport(db, actor, 'staff', table);
    res.status(201).json(presentImport(await reloadImport(db, actor.districtId, id)));
  });

  async function staffImport(districtId: number, id: number) {
    const row = await findImport(db, districtId, id, 'staff');
    if (!row) throw notFound(IMPORT_MESSAGES.notFound);
    return row;
  }

  router.get('/import/:id', async (req, res) => {
    const auth = importReader(req);
    const row = await staffImport(auth.district.id, routeId(req, 'id', IMPORT_MESSAGES.notFound));
    res.json(presentImport(row));
  });

  router.put('/import/:id/mapping', async (req, res) => {
    const id = routeId(req, 'id', IMPORT_MESSAGES.notFound);
    const { auth } = staffImporter(req);
    const input = validate(importMappingSchema, req.body);
    const row = await staffImport(auth.district.id, id);
    await saveMapping(db, auth.district.id, row, input.mapping, input);
    res.json(presentImport(await reloadImport(db, auth.district.id, id)));
  });

  router.post('/import/:id/preview', async (req, res) => {
    const id = routeId(req, 'id', IMPORT_MESSAGES.notFound);
    const { auth } = staffImporter(req);
    const row = await staffImport(auth.district.id, id);
    res.json(await previewStaffImport(db, auth.district.id, row));
  });

  router.post('/import/:id/run', async (req, res) => {
    const id = routeId(req, 'id', IMPORT_MESSAGES.notFound);
    const { auth, actor } = staffImporter(req);
    const input = validate(importRunSchema, req.body);
    const row = await staffImport(auth.district.id, id);
    await runStaffImport(db, actor, row, input.confirm_deactivations);
    res.json(presentImport(await reloadImport(db, auth.district.id, id)));
  });

  async function answerRows(req: Request, res: Response, row: ImportRow) {
    const query = validate(importRowsQuerySchema, req.query);
    const page = parsePage(req.query, 50);
    const { rows, total } = await listImportRows(db, row.district_id, row.id, query.outcome ?? 'all', page);
    const headers = JSON.parse(row.headers) as string[];
    const locale = requestLocale(req);
    res.json({ data: rows.map((r) => presentImportRow(headers, r, locale)), meta: pageMeta(page.page, page.perPage, total) });
  }

  router.get('/import/:id/rows', async (req, res) => {
    const auth = importReader(req);
    const id = routeId(req, 'id', IMPORT_MESSAGES.notFound);
    validate(importRowsQuerySchema, req.query);
    parsePage(req.query, 50);
    await answerRows(req, res, await staffImport(auth.district.id, id));
  });

  /** The failed rows as the file had them, with an Errors column: fix and upload again. */
  async function answerFailedRows(req: Request, res: Response, row: ImportRow) {
    const headers = JSON.parse(row.headers) as string[];
    const locale = requestLocale(req);
    async function* pages() {
      for await (const rows of failedRowPages(db, row.district_id, row.id)) {
        yield rows.map((r) => {
          const errors = rowErrorsIn(locale, r.errors).map((e) => (e.column ? `${e.column}: ${e.message}` : e.message));
          return [...(JSON.parse(r.raw) as string[]), r.row_number, errors.join(' ')];
        });
      }
    }
    const base = row.file_name.replace(/\.(csv|zip|txt)$/i, '');
    await streamCsv(res, `${base}-failed-rows.csv`, [...headers, 'Row', 'Errors'], pages());
  }

  router.get('/import/:id/failed.csv', async (req, res) => {
    const auth = importReader(req);
    await answerFailedRows(req, res, await staffImport(auth.district.id, routeId(req, 'id', IMPORT_MESSAGES.notFound)));
  });

  // ---- The admin User CSV Import: provider staff, for a district they choose -------------------------

  const DISTRICT_NOT_FOUND = 'We could not find that district.';
  async function targetDistrict(req: Request) {
    const districtId = routeId(req, 'districtId', DISTRICT_NOT_FOUND);
    const district = await db.selectFrom('districts').select(['id', 'name']).where('id', '=', districtId).executeTakeFirst();
    if (!district) throw notFound(DISTRICT_NOT_FOUND);
    return district;
  }
  async function userImport(req: Request) {
    const id = routeId(req, 'id', IMPORT_MESSAGES.notFound);
    const district = await targetDistrict(req);
    const row = await findImport(db, district.id, id, 'users');
    if (!row) throw notFound(IMPORT_MESSAGES.notFound);
    return row;
  }
  const ADMIN = '/admin/district/:districtId/user-import';

  router.get(ADMIN, async (req, res) => {
    userImporter(req);
    const page = parsePage(req.query, 10);
    const district = await targetDistrict(req);
    const { rows, total } = await listImports(db, district.id, 'users', page);
    res.json({ data: rows.map(presentImport), meta: { ...pageMeta(page.page, page.perPage, total), can_import: true, district } });
  });

  router.post(ADMIN, async (req, res) => {
    const actor = userImporter(req);
    await limiter.hit(`import-upload|${actor.userId}`, IMPORT_UPLOADS_PER_HOUR, 60 * 60_000);
    const district = await targetDistrict(req);
    const files = await readUpload(req);
    const table = await readTable(files, files[0]!.name);
    const id = await createImport(db, { ...actor, districtId: district.id }, 'users', table);
    res.status(201).json(presentImport(await reloadImport(db, district.id, id)));
  });

  router.get(`${ADMIN}/:id`, async (req, res) => {
    userImporter(req);
    res.json(presentImport(await userImport(req)));
  });

  router.put(`${ADMIN}/:id/mapping`, async (req, res) => {
    userImporter(req);
    const input = validate(importMappingSchema, req.body);
    const row = await userImport(req);
    await saveMapping(db, row.district_id, row, input.mapping, input);
    res.json(presentImport(await reloadImport(db, row.district_id, row.id)));
  });

  router.post(`${ADMIN}/:id/preview`, async (req, res) => {
    userImporter(req);
    const row = await userImport(req);
    res.json(await previewUserImport(db, row.district_id, row));
  });

  router.post(`${ADMIN}/:id/run`, async (req, res) => {
    const actor = userImporter(req);
    const row = await userImport(req);
    await runUserImport(deps, actor, row);
    res.json(presentImport(await reloadImport(db, row.district_id, row.id)));
  });

  router.get(`${ADMIN}/:id/rows`, async (req, res) => {
    userImporter(req);
    validate(importRowsQuerySchema, req.query);
    parsePage(req.query, 50);
    await answerRows(req, res, await userImport(req));
  });

  router.get(`${ADMIN}/:id/failed.csv`, async (req, res) => {
    userImporter(req);
    await answerFailedRows(req, res, await userImport(req));
  });

  return router;
}
