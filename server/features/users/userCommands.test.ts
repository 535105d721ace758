// PUT /api/user/:id and the resend, revoke, deactivate and reactivate commands.
import { beforeEach, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../common/schemas/users';
import { asGuest, createTestApp, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { buildDistrict, buildUser } from '../../testing/factories';
import type { Deps } from '../../deps';
import { buildAuthContext } from '../../identity/context';
import type { HttpError } from '../../http/errors';
import { createInvite } from '../../identity/accounts';
import type { DistrictAuth } from '../../access/guards';
import { deactivateUser, updateUser } from './service';
import { auditOf, nonManagers, setupDistrict, stranger, tokenOf, type Setup } from '../../testing/users.fixture';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});


describe('PUT /api/user/:id', () => {
  let s: Setup;
  let coach: Awaited<ReturnType<typeof buildUser>>;
  beforeEach(async () => {
    s = await setupDistrict(t);
    coach = await buildUser(t.db, { districtId: s.district.id, role: 'coach', name: 'Casey Coach', buildingIds: [s.school.id] });
  });
  const valid = () => ({ name: 'Casey Principal', roles: ['building-admin', 'coach'], building_ids: [s.school2.id] });

  itRequiresLogin(() => t.app, 'put', () => `/api/user/${coach.id}`, valid);

  it('419 without the CSRF token', async () => {
    expect((await s.agent.put(`/api/user/${coach.id}`).set('X-Requested-With', 'XMLHttpRequest').send(valid())).status).toBe(419);
  });

  it.each([
    ['name', { name: '' }, 'Name is required.'],
    ['roles', { roles: [] }, USER_MESSAGES.rolesRequired],
    ['roles', { roles: ['impersonator'] }, USER_MESSAGES.rolesUnknown],
    ['building_ids', { building_ids: [] }, USER_MESSAGES.buildingsRequired],
    ['building_ids', { building_ids: [999_999] }, USER_MESSAGES.buildingsUnknown],
  ])('422 %s for %j, nothing changes', async (field, patch, message) => {
    const res = await s.agent.put(`/api/user/${coach.id}`).set(csrfHeaders(s.agent)).send({ ...valid(), ...patch });
    expectFieldError(res, field, message);
    const row = await t.db.selectFrom('users').select('name').where('id', '=', coach.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Casey Coach');
  });

  it("404 for another district's user", async () => {
    const other = await stranger(t);
    const res = await s.agent.put(`/api/user/${other.id}`).set(csrfHeaders(s.agent)).send({ roles: ['educator'], building_ids: [] });
    expect(res.status).toBe(404);
    expect(await t.db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('roles.name')
      .where('user_id', '=', other.id).execute()).toEqual([{ name: 'coach' }]);
  });

  it('403 for principal, coach and educator', async () => {
    for (const { agent } of await nonManagers(t, s)) {
      expect((await agent.put(`/api/user/${coach.id}`).set(csrfHeaders(agent)).send(valid())).status).toBe(403);
    }
  });

  it('422 roles when it would remove the last active district administrator', async () => {
    // A deactivated admin does not count.
    await buildUser(t.db, { districtId: s.district.id, role: 'district-admin', status: 'disabled' });
    const res = await s.agent.put(`/api/user/${s.admin.id}`).set(csrfHeaders(s.agent)).send({ roles: ['educator'], building_ids: [] });
    expectFieldError(res, 'roles', 'Your district needs at least one active district administrator.');
    const me = await s.agent.get('/api/auth/user');
    expect(me.body.security.roles).toEqual(['district-admin']);
  });

  it('another admin may step down while one stays', async () => {
    const second = await buildUser(t.db, { districtId: s.district.id, role: 'district-admin' });
    const res = await s.agent.put(`/api/user/${second.id}`).set(csrfHeaders(s.agent)).send({ roles: ['educator'], building_ids: [] });
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual([{ name: 'educator', label: 'Educator' }]);
  });

  it('replaces name, roles and schools; the change applies at once and is audited', async () => {
    const coachAgent = await loginAs(t.app, coach);
    const res = await s.agent.put(`/api/user/${coach.id}`).set(csrfHeaders(s.agent)).send(valid());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: coach.id, name: 'Casey Principal', email: coach.email,
      roles: [{ name: 'building-admin' }, { name: 'coach' }], buildings: [{ id: s.school2.id, name: 'Birch Middle School' }],
    });
    const me = await coachAgent.get('/api/auth/user');
    expect(me.body.security.roles).toEqual(['building-admin', 'coach']);
    expect(me.body.security.permissions).toContain('add staff.building');
    expect(me.body.buildings).toEqual([{ id: s.school2.id, name: 'Birch Middle School' }]);
    const [audit] = await auditOf(t, 'user_updated');
    expect(audit).toMatchObject({ district_id: s.district.id, actor_id: s.admin.id, subject_id: coach.id });
    expect(JSON.parse(audit.details!)).toMatchObject({ roles: { from: ['coach'], to: ['building-admin', 'coach'] } });

    const keepName = await s.agent.put(`/api/user/${coach.id}`).set(csrfHeaders(s.agent)).send({ roles: ['educator'] });
    expect(keepName.status).toBe(200);
    expect(keepName.body).toMatchObject({ name: 'Casey Principal', buildings: [] });
  });
});

describe('POST /api/user/:id/resend-invite', () => {
  it('401 without login, 419 without the CSRF token', async () => {
    expect((await asGuest(t.app, 'post', '/api/user/1/resend-invite')).status).toBe(401);
    const s = await setupDistrict(t);
    expect((await s.agent.post(`/api/user/${s.admin.id}/resend-invite`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
  });

  it("404 for another district's user, 403 for non-managers, 409 for an active user", async () => {
    const s = await setupDistrict(t);
    const other = await buildUser(t.db, { districtId: (await buildDistrict(t.db)).id, role: 'educator', status: 'invited' });
    expect((await s.agent.post(`/api/user/${other.id}/resend-invite`).set(csrfHeaders(s.agent))).status).toBe(404);
    const invited = await buildUser(t.db, { districtId: s.district.id, role: 'educator', status: 'invited' });
    for (const { agent } of await nonManagers(t, s)) {
      expect((await agent.post(`/api/user/${invited.id}/resend-invite`).set(csrfHeaders(agent))).status).toBe(403);
    }
    const res = await s.agent.post(`/api/user/${s.admin.id}/resend-invite`).set(csrfHeaders(s.agent));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(USER_MESSAGES.notInvited);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('revokes the old link, emails a new one and audits', async () => {
    const s = await setupDistrict(t);
    await s.agent.post('/api/user').set(csrfHeaders(s.agent)).send({ name: 'Eve Educator', email: 'eve@pine.example', roles: ['educator'], building_ids: [] });
    const first = tokenOf(t.mailer.sent[0].link);
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', 'eve@pine.example').executeTakeFirstOrThrow();
    const res = await s.agent.post(`/api/user/${user.id}/resend-invite`).set(csrfHeaders(s.agent));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, status: 'invited', invite: { expired: false } });
    expect(t.mailer.sent).toHaveLength(2);
    expect(t.mailer.sent[1].to).toBe('eve@pine.example');
    const second = tokenOf(t.mailer.sent[1].link);
    expect(second).not.toBe(first);
    const guest = await guestAgent(t.app);
    expect((await guest.get(`/api/auth/invite/${first}`)).status).toBe(404);
    expect((await guest.get(`/api/auth/invite/${second}`)).status).toBe(200);
    expect(await auditOf(t, 'user_invite_resent')).toHaveLength(1);
  });
});

describe('POST /api/user/:id/revoke-invite', () => {
  it('401 without login, 419 without the CSRF token', async () => {
    expect((await asGuest(t.app, 'post', '/api/user/1/revoke-invite')).status).toBe(401);
    const s = await setupDistrict(t);
    expect((await s.agent.post(`/api/user/${s.admin.id}/revoke-invite`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
  });

  it("404 for another district's user, 403 for non-managers, 409 for an active user", async () => {
    const s = await setupDistrict(t);
    const other = await buildUser(t.db, { districtId: (await buildDistrict(t.db)).id, role: 'educator', status: 'invited' });
    expect((await s.agent.post(`/api/user/${other.id}/revoke-invite`).set(csrfHeaders(s.agent))).status).toBe(404);
    const invited = await buildUser(t.db, { districtId: s.district.id, role: 'educator', status: 'invited' });
    await createInvite(t.db, invited, s.admin.id);
    for (const { agent } of await nonManagers(t, s)) {
      expect((await agent.post(`/api/user/${invited.id}/revoke-invite`).set(csrfHeaders(agent))).status).toBe(403);
    }
    expect((await s.agent.post(`/api/user/${s.admin.id}/revoke-invite`).set(csrfHeaders(s.agent))).status).toBe(409);
  });

  it('the link stops working; the person stays listed as invited without a link; a second revoke is 409', async () => {
    const s = await setupDistrict(t);
    const invited = await buildUser(t.db, { districtId: s.district.id, role: 'educator', status: 'invited' });
    const token = await createInvite(t.db, invited, s.admin.id);
    const res = await s.agent.post(`/api/user/${invited.id}/revoke-invite`).set(csrfHeaders(s.agent));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: invited.id, status: 'invited', invite: null });
    const guest = await guestAgent(t.app);
    expect((await guest.get(`/api/auth/invite/${token}`)).status).toBe(404);
    const again = await s.agent.post(`/api/user/${invited.id}/revoke-invite`).set(csrfHeaders(s.agent));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(USER_MESSAGES.noOpenInvite);
    expect(await auditOf(t, 'user_invite_revoked')).toHaveLength(1);
  });
});

describe('POST /api/user/:id/deactivate', () => {
  it('401 without login, 419 without the CSRF token', async () => {
    expect((await asGuest(t.app, 'post', '/api/user/1/deactivate')).status).toBe(401);
    const s = await setupDistrict(t);
    const coach = await buildUser(t.db, { districtId: s.district.id, role: 'coach', buildingIds: [s.school.id] });
    expect((await s.agent.post(`/api/user/${coach.id}/deactivate`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
  });

  it('422 for your own login', async () => {
    const s = await setupDistrict(t);
    const res = await s.agent.post(`/api/user/${s.admin.id}/deactivate`).set(csrfHeaders(s.agent));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('You cannot deactivate your own login.');
    expect((await s.agent.get('/api/auth/user')).status).toBe(200);
  });

  it("404 for another district's user", async () => {
    const s = await setupDistrict(t);
    const other = await stranger(t);
    expect((await s.agent.post(`/api/user/${other.id}/deactivate`).set(csrfHeaders(s.agent))).status).toBe(404);
    expect((await t.db.selectFrom('users').select('status').where('id', '=', other.id).executeTakeFirstOrThrow()).status).toBe('active');
  });

  it('403 for principal, coach and educator', async () => {
    const s = await setupDistrict(t);
    const coach = await buildUser(t.db, { districtId: s.district.id, role: 'coach', buildingIds: [s.school.id] });
    for (const { agent } of await nonManagers(t, s)) {
      expect((await agent.post(`/api/user/${coach.id}/deactivate`).set(csrfHeaders(agent))).status).toBe(403);
    }
  });

  it('409 when already deactivated', async () => {
    const s = await setupDistrict(t);
    const gone = await buildUser(t.db, { districtId: s.district.id, role: 'educator', status: 'disabled' });
    const res = await s.agent.post(`/api/user/${gone.id}/deactivate`).set(csrfHeaders(s.agent));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(USER_MESSAGES.alreadyDisabled);
  });

  it('409 for the last active district administrator', async () => {
    // A manager who is not a district admin (a custom role with `manage coaches`) tries to remove the only admin.
    const s = await setupDistrict(t);
    const role = await t.db.insertInto('roles').values({ name: 'test-manager', label: 'Test manager', area: 'app' }).returning('id').executeTakeFirstOrThrow();
    const perm = await t.db.selectFrom('permissions').select('id').where('name', '=', 'manage coaches').executeTakeFirstOrThrow();
    await t.db.insertInto('role_permissions').values({ role_id: role.id, permission_id: perm.id }).execute();
    const manager = await buildUser(t.db, { districtId: s.district.id, role: 'test-manager' });
    const agent = await loginAs(t.app, manager);
    const res = await agent.post(`/api/user/${s.admin.id}/deactivate`).set(csrfHeaders(agent));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Your district needs at least one active district administrator.');
    expect((await s.agent.get('/api/auth/user')).status).toBe(200);
  });

  /** Two district administrators and a service-level actor (the race needs both checks to run before either write). */
  async function twoAdmins() {
    const s = await setupDistrict(t);
    const second = await buildUser(t.db, { districtId: s.district.id, role: 'district-admin' });
    const manager = await buildUser(t.db, { districtId: s.district.id, role: 'district-admin' });
    const auth = await buildAuthContext(t.db, manager, null) as DistrictAuth;
    const actor = { auth, actor: { districtId: s.district.id, userId: manager.id, impersonatorId: null, ip: '127.0.0.1', userAgent: null } };
    const deps = { db: t.db, mailer: t.mailer } as unknown as Deps;
    // The manager is then deactivated by hand, so exactly two active admins remain.
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', manager.id).execute();
    const activeAdmins = () => t.db.selectFrom('users').innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id').select('users.id')
      .where('users.district_id', '=', s.district.id).where('users.status', '=', 'active').where('roles.name', '=', 'district-admin').execute();
    return { first: s.admin, second, actor, deps, activeAdmins };
  }

  it('two admins deactivated at once: one call wins, the other gets 409, an admin stays active', async () => {
    const { first, second, actor, deps, activeAdmins } = await twoAdmins();
    const results = await Promise.allSettled([deactivateUser(deps, actor, first), deactivateUser(deps, actor, second)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason as HttpError).status).toBe(409);
    expect(await activeAdmins()).toHaveLength(1);
  });

  it('two admins demoted at once: one call wins, the other gets 422, an admin stays', async () => {
    const { first, second, actor, deps, activeAdmins } = await twoAdmins();
    const demote = { roles: ['educator' as const], building_ids: [] };
    const results = await Promise.allSettled([updateUser(deps, actor, first, demote), updateUser(deps, actor, second, demote)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason as HttpError).status).toBe(422);
    expect(await activeAdmins()).toHaveLength(1);
  });

  it('deactivates, ends every session of the person, revokes open invites and audits', async () => {
    const s = await setupDistrict(t);
    const coach = await buildUser(t.db, { districtId: s.district.id, role: 'coach', buildingIds: [s.school.id] });
    const phone = await loginAs(t.app, coach);
    const laptop = await loginAs(t.app, coach);
    const res = await s.agent.post(`/api/user/${coach.id}/deactivate`).set(csrfHeaders(s.agent));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: coach.id, status: 'disabled' });
    expect(await t.db.selectFrom('sessions').select('sid').where('user_id', '=', coach.id).execute()).toHaveLength(0);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    const [audit] = await auditOf(t, 'user_deactivated');
    expect(audit).toMatchObject({ district_id: s.district.id, actor_id: s.admin.id, subject_id: coach.id });

    const invited = await buildUser(t.db, { districtId: s.district.id, role: 'educator', status: 'invited' });
    const token = await createInvite(t.db, invited, s.admin.id);
    expect((await s.agent.post(`/api/user/${invited.id}/deactivate`).set(csrfHeaders(s.agent))).status).toBe(200);
    expect((await (await guestAgent(t.app)).get(`/api/auth/invite/${token}`)).status).toBe(404);
  });
});

describe('POST /api/user/:id/reactivate', () => {
  it('401 without login, 419 without the CSRF token', async () => {
    expect((await asGuest(t.app, 'post', '/api/user/1/reactivate')).status).toBe(401);
    const s = await setupDistrict(t);
    expect((await s.agent.post(`/api/user/${s.admin.id}/reactivate`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
  });

  it("404 for another district's user, 403 for non-managers, 409 when not deactivated", async () => {
    const s = await setupDistrict(t);
    const other = await buildUser(t.db, { districtId: (await buildDistrict(t.db)).id, role: 'educator', status: 'disabled' });
    expect((await s.agent.post(`/api/user/${other.id}/reactivate`).set(csrfHeaders(s.agent))).status).toBe(404);
    const gone = await buildUser(t.db, { districtId: s.district.id, role: 'educator', status: 'disabled' });
    for (const { agent } of await nonManagers(t, s)) {
      expect((await agent.post(`/api/user/${gone.id}/reactivate`).set(csrfHeaders(agent))).status).toBe(403);
    }
    const res = await s.agent.post(`/api/user/${s.admin.id}/reactivate`).set(csrfHeaders(s.agent));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(USER_MESSAGES.notDisabled);
  });

  it('makes the login active again (invited again when it never had a password) and audits', async () => {
    const s = await setupDistrict(t);
    const gone = await buildUser(t.db, { districtId: s.district.id, role: 'educator', status: 'disabled' });
    const res = await s.agent.post(`/api/user/${gone.id}/reactivate`).set(csrfHeaders(s.agent));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('active');
    await loginAs(t.app, gone);

    const never = await buildUser(t.db, { districtId: s.district.id, role: 'educator', status: 'invited' });
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', never.id).execute();
    const res2 = await s.agent.post(`/api/user/${never.id}/reactivate`).set(csrfHeaders(s.agent));
    expect(res2.body).toMatchObject({ status: 'invited', invite: null });
    expect(await auditOf(t, 'user_reactivated')).toHaveLength(2);
  });
});
