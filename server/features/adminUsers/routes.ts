// The provider's user administration (issue 13): /api/admin/user (every login across districts and
// Coachwell staff, with deactivate, reactivate and resend invite) and /api/admin/staff (Coachwell staff:
// list, invite, role, deactivate, reactivate). Impersonation is POST /api/auth/impersonate (auth feature).
import { type Request, type Response, Router } from 'express';
import {
  ADMIN_USER_MESSAGES, adminUserListQuerySchema, inviteStaffSchema, updateStaffSchema,
} from '../../../common/schemas/adminUsers';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { type AdminCaller, adminReader, requireMayChange, staffManager } from './policies';
import { presentAdminUser } from './presenter';
import { rolesByUser } from '../../identity/users';
import { type AdminUserRow, districtOptions, findAdminUser, listAdminUsers, openInvitesByUser } from './queries';
import { changeStaffRole, deactivateLogin, inviteStaff, reactivateLogin, resendLoginInvite } from './service';

export function adminUserRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  async function present(rows: AdminUserRow[]) {
    const ids = rows.map((u) => u.id);
    const [roles, invites] = await Promise.all([rolesByUser(db, ids), openInvitesByUser(db, ids)]);
    const now = new Date().toISOString();
    return rows.map((u) => presentAdminUser(u, { roles, invites }, now));
  }

  async function answerUser(res: Response, id: number, status = 200) {
    const row = (await findAdminUser(db, id))!;
    res.status(status).json((await present([row]))[0]);
  }

  /** The login behind :id (404 when unknown; with `staffOnly`, also for district users). */
  async function target(req: Request, staffOnly = false): Promise<AdminUserRow> {
    const message = staffOnly ? ADMIN_USER_MESSAGES.staffNotFound : ADMIN_USER_MESSAGES.notFound;
    const row = await findAdminUser(db, routeId(req, 'id', message));
    if (!row || (staffOnly && row.district_id !== null)) throw notFound(message);
    return row;
  }

  router.get('/admin/user', async (req, res) => {
    adminReader(req);
    const query = validate(adminUserListQuerySchema, req.query);
    const page = parsePage(req.query);
    const { rows, total } = await listAdminUsers(db, query, page);
    res.json({ data: await present(rows), meta: pageMeta(page.page, page.perPage, total) });
  });

  router.get('/admin/user-district', async (req, res) => {
    adminReader(req);
    res.json({ data: await districtOptions(db) });
  });

  router.get('/admin/user/:id', async (req, res) => {
    adminReader(req);
    const row = await target(req);
    res.json((await present([row]))[0]);
  });

  type Command = (deps: Deps, caller: AdminCaller, target: AdminUserRow) => Promise<void>;
  const command = (base: string, path: string, run: Command, staffOnly: boolean) => {
    router.post(`/admin/${base}/:id/${path}`, async (req, res) => {
      const caller = staffOnly ? staffManager(req) : adminReader(req);
      const row = await target(req, staffOnly);
      requireMayChange(caller, row);
      await run(deps, caller, row);
      await answerUser(res, row.id);
    });
  };
  command('user', 'deactivate', deactivateLogin, false);
  command('user', 'reactivate', reactivateLogin, false);
  command('user', 'resend-invite', resendLoginInvite, false);
  command('staff', 'deactivate', deactivateLogin, true);
  command('staff', 'reactivate', reactivateLogin, true);
  command('staff', 'resend-invite', resendLoginInvite, true);

  router.get('/admin/staff', async (req, res) => {
    staffManager(req);
    const query = validate(adminUserListQuerySchema, req.query);
    const page = parsePage(req.query, 100);
    const { rows, total } = await listAdminUsers(db, { ...query, filter: { ...query.filter, district_id: undefined, area: 'admin' } }, page);
    res.json({ data: await present(rows), meta: pageMeta(page.page, page.perPage, total) });
  });

  router.post('/admin/staff', async (req, res) => {
    const caller = staffManager(req);
    const input = validate(inviteStaffSchema, req.body);
    const user = await inviteStaff(deps, caller, input);
    await answerUser(res, user.id, 201);
  });

  router.put('/admin/staff/:id', async (req, res) => {
    const caller = staffManager(req);
    const row = await target(req, true);
    const input = validate(updateStaffSchema, req.body);
    await changeStaffRole(deps, caller, row, input.role);
    await answerUser(res, row.id);
  });

  return router;
}
