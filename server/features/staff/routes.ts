// Educators (staff): list, add several at once, view, edit, move schools, deactivate and reactivate.
// District from the session only; visibility from the `see educators` scope on every call.
import { Router } from 'express';
import {
  createStaffSchema, moveStaffSchema, staffListQuerySchema, updateStaffSchema,
} from '../../../common/schemas/staff';
import type { DB } from '../../../db/connection';
import { type DistrictAuth, districtActor, requireDistrict, type Scope } from '../../access/guards';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { sendJson } from '../../http/respond';
import { validate } from '../../http/validate';
import { readerKey } from '../../identity/context';
import { today } from '../../lib/dates';
import { keptAnswer } from '../../lib/keptAnswers';
import { requireEditable, requireMover, staffReader, staffWriteScope } from './policies';
import { presentStaffDetail, presentStaffListItem } from './presenter';
import {
  currentPlacesOf, findStaffInDistrict, findVisibleStaff, listStaffPage, type StaffRow,
} from './queries';
import { createStaffBatch, loadStaffDetail, moveStaff, setStaffStatus, updateStaff } from './service';

export const STAFF_NOT_FOUND = 'We could not find that educator.';

async function presentPage(db: DB, districtId: number, rows: StaffRow[]) {
  const ids = rows.map((r) => r.id);
  const day = today();
  const { buildings, coaches } = await currentPlacesOf(db, districtId, ids, day);
  return rows.map((r) => presentStaffListItem(r, buildings.get(r.id) ?? null, coaches.get(r.id) ?? null));
}

/** The View Educator answer, read again after any write the caller was allowed to make. */
async function presentDetail(db: DB, auth: DistrictAuth, row: StaffRow) {
  return presentStaffDetail(await loadStaffDetail(db, auth, row));
}

export function staffRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  /** The educator if the caller's `see educators` scope shows it; otherwise 404 (also another district's). */
  async function visibleStaffRow(scope: Scope, id: number): Promise<StaffRow> {
    const row = await findVisibleStaff(db, scope, id);
    if (!row) throw notFound(STAFF_NOT_FOUND);
    return row;
  }

  router.get('/staff', async (req, res) => {
    const auth = requireDistrict(req);
    const query = validate(staffListQuerySchema, req.query);
    const page = parsePage(req.query);
    const { scope } = staffReader(req);
    // A page is kept per reader, query and day while nothing in the district changes (lib/keptAnswers.ts):
    // who is at which school is read as of today.
    sendJson(res, await keptAnswer(db, auth.district.id, readerKey(auth), ['staff', query, page, today()], async () => {
      const { rows, total } = await listStaffPage(db, scope, query, page);
      return { answer: { data: await presentPage(db, auth.district.id, rows), meta: pageMeta(page.page, page.perPage, total) } };
    }));
  });

  router.post('/staff', async (req, res) => {
    const auth = requireDistrict(req);
    const input = validate(createStaffSchema, req.body);
    const scope = staffWriteScope(auth);
    const ids = await createStaffBatch(db, districtActor(req), scope, input.staff);
    const rows = await Promise.all(ids.map((id) => findStaffInDistrict(db, auth.district.id, id)));
    res.status(201).json({ data: await presentPage(db, auth.district.id, rows) });
  });

  router.get('/staff/:id', async (req, res) => {
    const { auth, scope } = staffReader(req);
    const row = await visibleStaffRow(scope, routeId(req, 'id', STAFF_NOT_FOUND));
    res.json(await presentDetail(db, auth, row));
  });

  router.put('/staff/:id', async (req, res) => {
    const auth = requireDistrict(req);
    const id = routeId(req, 'id', STAFF_NOT_FOUND);
    const input = validate(updateStaffSchema, req.body);
    const { scope } = staffReader(req);
    const row = await visibleStaffRow(scope, id);
    await requireEditable(db, auth, id);
    await updateStaff(db, districtActor(req), row, input);
    res.json(await presentDetail(db, auth, await findStaffInDistrict(db, auth.district.id, id)));
  });

  router.post('/staff/:id/move', async (req, res) => {
    const auth = requireDistrict(req);
    const id = routeId(req, 'id', STAFF_NOT_FOUND);
    const input = validate(moveStaffSchema, req.body);
    const { scope } = staffReader(req);
    const row = await visibleStaffRow(scope, id);
    requireMover(auth);
    await moveStaff(db, districtActor(req), row, input);
    res.json(await presentDetail(db, auth, await findStaffInDistrict(db, auth.district.id, id)));
  });

  for (const [action, status] of [['deactivate', 'inactive'], ['reactivate', 'active']] as const) {
    router.post(`/staff/:id/${action}`, async (req, res) => {
      const { auth, scope } = staffReader(req);
      const id = routeId(req, 'id', STAFF_NOT_FOUND);
      const row = await visibleStaffRow(scope, id);
      await requireEditable(db, auth, id);
      await setStaffStatus(db, districtActor(req), row, status);
      res.json(await presentDetail(db, auth, await findStaffInDistrict(db, auth.district.id, id)));
    });
  }

  return router;
}
