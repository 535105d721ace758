import { type Request, Router } from 'express';
import { PERMISSIONS, permissionScope } from '../../../common/permissions';
import { groupListQuerySchema, groupPayloadSchema } from '../../../common/schemas/groups';
import type { Deps } from '../../deps';
import { requireDistrict, requirePermission } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import { validate } from '../../http/validate';
import { scopedStaff } from '../../lib/staffScope';
import { presentGroups } from './presenter';
import { itemsOfGroups, listGroups } from './queries';
import { type Actor, createGroup, deactivateGroup, deleteGroup, loadGroup, restoreGroup, updateGroup } from './service';

/** Reading groups: `see educators` for the whole district or the user's buildings (not `.self`). */
function requireGroupReader(req: Request) {
  const auth = requireDistrict(req);
  const scope = permissionScope(auth.permissions, PERMISSIONS.seeEducators);
  if (scope !== 'district' && scope !== 'building') throw forbidden();
  return { auth, scope };
}

/** Changing groups: `manage coaches`, inside the caller's own district. */
function requireGroupManager(req: Request): Actor {
  const auth = requireDistrict(req);
  requirePermission(req, PERMISSIONS.manageCoaches);
  return { districtId: auth.district.id, userId: auth.user.id, impersonatorId: auth.impersonator?.id ?? null, req };
}

/** A route id: anything but a positive whole number is simply "not found". */
function groupId(req: Request): number {
  const raw = String(req.params.id ?? '');
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound('We could not find that group.');
  return id;
}

/** Staff groups (spec §7): list, create, replace, delete, deactivate and restore. */
export function groupRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/group', async (req, res) => {
    const { auth, scope } = requireGroupReader(req);
    const query = validate(groupListQuerySchema, req.query);
    const groups = await listGroups(db, auth.district.id, { search: query.search, status: query.status, staffId: query.staff_id });
    // A building-scope reader sees only the members at their own schools (never other educators' names).
    const visible = scope === 'district' ? undefined : scopedStaff(db, auth, scope).select('staff.id');
    const items = await itemsOfGroups(db, auth.district.id, groups.map((g) => g.id), visible);
    res.json({ data: presentGroups(groups, items) });
  });

  router.post('/group', async (req, res) => {
    const actor = requireGroupManager(req);
    const input = validate(groupPayloadSchema, req.body);
    res.status(201).json(await createGroup(db, actor, input));
  });

  router.put('/group/:id', async (req, res) => {
    const actor = requireGroupManager(req);
    const id = groupId(req);
    await loadGroup(db, actor.districtId, id);
    const input = validate(groupPayloadSchema, req.body);
    res.json(await updateGroup(db, actor, id, input));
  });

  router.delete('/group/:id', async (req, res) => {
    const actor = requireGroupManager(req);
    await deleteGroup(db, actor, groupId(req));
    res.status(204).end();
  });

  router.delete('/group/:id/deactivate', async (req, res) => {
    const actor = requireGroupManager(req);
    res.json(await deactivateGroup(db, actor, groupId(req)));
  });

  router.post('/group/:id/restore', async (req, res) => {
    const actor = requireGroupManager(req);
    res.json(await restoreGroup(db, actor, groupId(req)));
  });

  return router;
}
