// Staff groups (spec §7): list, create, replace, delete, deactivate and restore.
// The worked example of docs/ARCHITECTURE.md: validate → authorize (policies) → call (service) → present.
import { Router } from 'express';
import { groupListQuerySchema, groupPayloadSchema } from '../../../common/schemas/groups';
import type { DB } from '../../../db/connection';
import { visibleStaff } from '../../access/staffScope';
import type { Deps } from '../../deps';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { groupManager, groupReader } from './policies';
import { presentGroup, presentGroups } from './presenter';
import { itemsOfGroups, listGroups } from './queries';
import {
  createGroup, deactivateGroup, deleteGroup, GROUP_NOT_FOUND, requireGroup, restoreGroup, updateGroup,
} from './service';

/** One group with every member, as the write calls answer it. */
async function groupAnswer(db: DB, districtId: number, id: number) {
  const group = await requireGroup(db, districtId, id);
  return presentGroup(group, await itemsOfGroups(db, districtId, [id]));
}

export function groupRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/group', async (req, res) => {
    const scope = groupReader(req);
    const query = validate(groupListQuerySchema, req.query);
    // A building-scope reader sees only the members at their own schools (never other educators' names),
    // and the staff_id filter matches only an educator they may see (security finding 6).
    const visible = scope.kind === 'district' ? undefined : visibleStaff(db, scope).select('staff.id');
    const groups = await listGroups(db, scope.districtId, { search: query.search, status: query.status, staffId: query.staff_id, visibleStaff: visible });
    const items = await itemsOfGroups(db, scope.districtId, groups.map((g) => g.id), visible);
    res.json({ data: presentGroups(groups, items) });
  });

  router.post('/group', async (req, res) => {
    const actor = groupManager(req);
    const input = validate(groupPayloadSchema, req.body);
    const id = await createGroup(db, actor, input);
    res.status(201).json(await groupAnswer(db, actor.districtId, id));
  });

  router.put('/group/:id', async (req, res) => {
    const actor = groupManager(req);
    const id = routeId(req, 'id', GROUP_NOT_FOUND);
    await requireGroup(db, actor.districtId, id);
    const input = validate(groupPayloadSchema, req.body);
    await updateGroup(db, actor, id, input);
    res.json(await groupAnswer(db, actor.districtId, id));
  });

  router.delete('/group/:id', async (req, res) => {
    const actor = groupManager(req);
    await deleteGroup(db, actor, routeId(req, 'id', GROUP_NOT_FOUND));
    res.status(204).end();
  });

  router.delete('/group/:id/deactivate', async (req, res) => {
    const actor = groupManager(req);
    const id = routeId(req, 'id', GROUP_NOT_FOUND);
    await deactivateGroup(db, actor, id);
    res.json(await groupAnswer(db, actor.districtId, id));
  });

  router.post('/group/:id/restore', async (req, res) => {
    const actor = groupManager(req);
    const id = routeId(req, 'id', GROUP_NOT_FOUND);
    await restoreGroup(db, actor, id);
    res.json(await groupAnswer(db, actor.districtId, id));
  });

  return router;
}
