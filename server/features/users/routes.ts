// District users (User settings): the district's logins, invites, roles and schools, deactivation.
import { type Request, type Response, Router } from 'express';
import {
  inviteUserSchema, updateUserSchema, USER_MESSAGES, userListQuerySchema,
} from '../../../common/schemas/users';
import type { User } from '../../../db/types';
import type { Deps } from '../../deps';
import { HttpError, notFound } from '../../http/errors';
import { rolesByUser } from '../../identity/users';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { ownSettingsReader, userManager } from './policies';
import { presentDistrictUser, presentOwnSettings } from './presenter';
import {
  buildingsByUser, findDistrictUser, listDistrictUsers, openInvitesByUser, userManagersOf,
} from './queries';
import {
  type Caller, deactivateUser, inviteUser, reactivateUser, resendInvite, revokeInvite, updateUser,
} from './service';

/**
 * Like `validate`, but errors of list items (`roles.0`, `building_ids.2`) are reported on the list
 * field itself, the control the form shows.
 */
function validateForm<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (!(err instanceof HttpError) || !err.errors) throw err;
    const errors: Record<string, string[]> = {};
    for (const [key, messages] of Object.entries(err.errors)) {
      const field = key.replace(/\.\d+$/, '');
      errors[field] = [...new Set([...(errors[field] ?? []), ...messages])];
    }
    throw new HttpError(err.status, err.message, err.code, errors);
  }
}

export function districtUserRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  async function present(districtId: number, users: User[]) {
    const ids = users.map((u) => u.id);
    const [roles, buildings, invites] = await Promise.all([
      rolesByUser(db, ids), buildingsByUser(db, districtId, ids), openInvitesByUser(db, districtId, ids),
    ]);
    const now = new Date().toISOString();
    return users.map((u) => presentDistrictUser(u, { roles, buildings, invites }, now));
  }

  /** The manager and the target user of the manager's own district (404 for any other). */
  async function managerAndTarget(req: Request): Promise<{ actor: Caller; user: User }> {
    const caller = userManager(req);
    const user = await findDistrictUser(db, caller.actor.districtId, routeId(req, 'id', USER_MESSAGES.notFound));
    if (!user) throw notFound(USER_MESSAGES.notFound);
    return { actor: caller, user };
  }

  async function answerUser(res: Response, districtId: number, userId: number, status = 200) {
    const user = (await findDistrictUser(db, districtId, userId))!;
    res.status(status).json((await present(districtId, [user]))[0]);
  }

  // Only people who manage users list them (emails, last sign-in); everyone else gets the names they
  // need from the coach and educator endpoints.
  router.get('/user', async (req, res) => {
    const { auth } = userManager(req);
    const query = validate(userListQuerySchema, req.query);
    const page = parsePage(req.query);
    const { rows, total } = await listDistrictUsers(db, auth.district.id, {
      search: query.search || undefined, role: query.filter.role, status: query.filter.status,
    }, page);
    res.json({ data: await present(auth.district.id, rows), meta: pageMeta(page.page, page.perPage, total) });
  });

  // User settings for every login (spec §2: `settings/user` is open to any signed-in user): the
  // caller's own login, roles and schools and whom to ask for changes. Before `/user/:id`.
  router.get('/user/self', async (req, res) => {
    const auth = ownSettingsReader(req);
    const districtId = auth.district.id;
    const [roles, buildings, administrators] = await Promise.all([
      rolesByUser(db, [auth.user.id]), buildingsByUser(db, districtId, [auth.user.id]), userManagersOf(db, districtId),
    ]);
    res.json(presentOwnSettings(auth.user, {
      roles: roles.get(auth.user.id) ?? [], buildings: buildings.get(auth.user.id) ?? [],
    }, auth.district, administrators));
  });

  router.get('/user/:id', async (req, res) => {
    const { actor, user } = await managerAndTarget(req);
    res.json((await present(actor.auth.district.id, [user]))[0]);
  });

  router.post('/user', async (req, res) => {
    const caller = userManager(req);
    const auth = caller.auth;
    const input = validateForm(() => validate(inviteUserSchema, req.body));
    // The same answer whatever the address is elsewhere (security finding 3): an invited user.
    const user = await inviteUser(deps, caller, input);
    await answerUser(res, auth.district.id, user.id, 201);
  });

  router.put('/user/:id', async (req, res) => {
    userManager(req);
    const input = validateForm(() => validate(updateUserSchema, req.body));
    const { actor, user } = await managerAndTarget(req);
    await updateUser(deps, actor, user, input);
    await answerUser(res, actor.auth.district.id, user.id);
  });

  const command = (path: string, run: typeof resendInvite) => {
    router.post(`/user/:id/${path}`, async (req, res) => {
      const { actor, user } = await managerAndTarget(req);
      await run(deps, actor, user);
      await answerUser(res, actor.auth.district.id, user.id);
    });
  };
  command('resend-invite', resendInvite);
  command('revoke-invite', revokeInvite);
  command('deactivate', deactivateUser);
  command('reactivate', reactivateUser);

  return router;
}
