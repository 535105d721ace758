// Educators (staff): list, add several at once, view, edit, move schools, deactivate and reactivate.
// District from the session only; visibility from the `see educators` scope on every call.
import { type Request, Router } from 'express';
import { permissionScope } from '../../../common/permissions';
import {
  createStaffSchema, moveStaffSchema, STAFF_MESSAGES, staffListQuerySchema, updateStaffSchema,
} from '../../../common/schemas/staff';
import type { Deps } from '../../deps';
import { requireDistrict } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { validate } from '../../http/validate';
import { requireStaffScope, type ScopedAuth, today } from '../../lib/staffScope';
import { presentStaffListItem } from './presenter';
import {
  currentBuildingsOf, currentCoachesOf, findStaffInDistrict, findVisibleStaff, listStaffPage, type StaffRow,
} from './queries';
import {
  createStaffBatch, loadStaffDetail, moveStaff, reloadDetail, requireEditable, requireWriteScope, setStaffStatus, updateStaff,
} from './service';

export const STAFF_NOT_FOUND = 'We could not find that educator.';

function staffId(req: Request): number {
  const raw = String(req.params.id ?? '');
  if (!/^\d{1,15}$/.test(raw)) throw notFound(STAFF_NOT_FOUND);
  return Number(raw);
}

export function staffRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  /** The educator if the caller's `see educators` scope shows it; otherwise 404 (also another district's). */
  async function visibleStaff(auth: ScopedAuth, id: number): Promise<StaffRow> {
    const row = await findVisibleStaff(db, auth, requireStaffScope(auth), id);
    if (!row) throw notFound(STAFF_NOT_FOUND);
    return row;
  }

  async function presentPage(auth: ScopedAuth, rows: StaffRow[]) {
    const ids = rows.map((r) => r.id);
    const day = today();
    const [buildings, coaches] = await Promise.all([
      currentBuildingsOf(db, auth.district.id, ids, day),
      currentCoachesOf(db, auth.district.id, ids, day),
    ]);
    return rows.map((r) => presentStaffListItem(r, buildings.get(r.id) ?? null, coaches.get(r.id) ?? null));
  }

  router.get('/staff', async (req, res) => {
    const auth = requireDistrict(req);
    const query = validate(staffListQuerySchema, req.query);
    const page = parsePage(req.query);
    const scope = requireStaffScope(auth);
    const { rows, total } = await listStaffPage(db, auth, scope, query, page);
    res.json({ data: await presentPage(auth, rows), meta: pageMeta(page.page, page.perPage, total) });
  });

  router.post('/staff', async (req, res) => {
    const auth = requireDistrict(req);
    const input = validate(createStaffSchema, req.body);
    const scope = requireWriteScope(auth);
    const ids = await createStaffBatch(db, req, auth, scope, input.staff);
    const rows = await Promise.all(ids.map((id) => findStaffInDistrict(db, auth.district.id, id)));
    res.status(201).json({ data: await presentPage(auth, rows) });
  });

  router.get('/staff/:id', async (req, res) => {
    const auth = requireDistrict(req);
    const row = await visibleStaff(auth, staffId(req));
    res.json(await loadStaffDetail(db, auth, row));
  });

  router.put('/staff/:id', async (req, res) => {
    const auth = requireDistrict(req);
    const id = staffId(req);
    const input = validate(updateStaffSchema, req.body);
    const row = await visibleStaff(auth, id);
    await requireEditable(db, auth, id);
    await updateStaff(db, req, auth, row, input);
    res.json(await reloadDetail(db, auth, id));
  });

  router.post('/staff/:id/move', async (req, res) => {
    const auth = requireDistrict(req);
    const id = staffId(req);
    const input = validate(moveStaffSchema, req.body);
    const row = await visibleStaff(auth, id);
    const scope = permissionScope(auth.permissions, 'add staff');
    if (scope === 'building') throw forbidden(STAFF_MESSAGES.moveAskDistrict);
    if (scope !== 'district') throw forbidden();
    await moveStaff(db, req, auth, row, input);
    res.json(await reloadDetail(db, auth, id));
  });

  for (const [action, status] of [['deactivate', 'inactive'], ['reactivate', 'active']] as const) {
    router.post(`/staff/:id/${action}`, async (req, res) => {
      const auth = requireDistrict(req);
      const id = staffId(req);
      const row = await visibleStaff(auth, id);
      await requireEditable(db, auth, id);
      await setStaffStatus(db, req, auth, row, status);
      res.json(await reloadDetail(db, auth, id));
    });
  }

  return router;
}
