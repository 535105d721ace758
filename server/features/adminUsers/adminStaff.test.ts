// Coachwell staff (/admin/settings/users): GET/POST /api/admin/staff, PUT /api/admin/staff/:id,
// deactivate and reactivate, and the last-provider-admin rule. In DESIGN's order per endpoint.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_USER_MESSAGES, type AdminUser } from '../../../common/schemas/adminUsers';
import { appWith, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError } from '../../testing/checks';
import { buildUser } from '../../testing/factories';
import { type AdminWorld, auditRows, sessionsOf, setupAdminWorld, statusOf } from '../../testing/adminUsers.fixture';
import type { Deps } from '../../deps';
import { RateLimiter } from '../../http/rateLimit';
import { findAdminUser } from './queries';
import { changeStaffRole, deactivateLogin } from './service';

let t: TestApp;
let w: AdminWorld;
beforeEach(async () => {
  ({ t, w } = await appWith(setupAdminWorld));
});

const roleOf = async (id: number) =>
  (await t.db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('roles.name').where('user_id', '=', id).execute())
    .map((r) => r.name);

describe('GET /api/admin/staff', () => {
  it('401 for guests', async () => {
    expect((await request(t.app).get('/api/admin/staff')).status).toBe(401);
  });

  it('422 for a bad page', async () => {
    const res = await w.adminAgent.get('/api/admin/staff?page=abc');
    expectFieldError(res, 'page', 'Page must be a whole number.');
  });

  it('403 for district users and for provider support', async () => {
    expect((await (await loginAs(t.app, w.pineAdmin)).get('/api/admin/staff')).status).toBe(403);
    const res = await w.supportAgent.get('/api/admin/staff');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ADMIN_USER_MESSAGES.staffOnlyForManagers);
  });

  it('lists Coachwell staff only, whatever district filter is asked', async () => {
    const res = await w.adminAgent.get(`/api/admin/staff?filter[district_id]=${w.pine.id}`);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 100, total: 2, last_page: 1 });
    expect(res.body.data.map((u: AdminUser) => [u.name, u.roles[0]!.name, u.district])).toEqual([
      ['Pat Provider', 'provider-admin', null], ['Sue Support', 'provider-support', null],
    ]);
  });
});

describe('POST /api/admin/staff', () => {
  const valid = { name: 'Nia New', email: 'Nia@Coachwell.example', role: 'provider-support' };
  const invite = (agent: AdminWorld['adminAgent'], body: object) => agent.post('/api/admin/staff').set(csrfHeaders(agent)).send(body);
  const staffCount = async () => (await t.db.selectFrom('users').select('id').where('district_id', 'is', null).execute()).length;

  it('401 for guests', async () => {
    expect((await invite(await guestAgent(t.app), valid)).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    expect((await w.adminAgent.post('/api/admin/staff').set('X-Requested-With', 'XMLHttpRequest').send(valid)).status).toBe(419);
    expect(await staffCount()).toBe(2);
  });

  it.each([
    ['name', { name: '  ' }, 'Name is required.'],
    ['name', { name: 'x'.repeat(121) }, 'Name must be at most 120 characters.'],
    ['email', { email: 'not-an-email' }, 'Enter a valid email address.'],
    ['email', { email: 42 }, 'Email is required.'],
    ['role', { role: 'district-admin' }, ADMIN_USER_MESSAGES.roleUnknown],
    ['role', { role: undefined }, ADMIN_USER_MESSAGES.roleUnknown],
  ])('422 naming %s', async (field, patch, message) => {
    const res = await invite(w.adminAgent, { ...valid, ...patch });
    expectFieldError(res, field, message);
    expect(await staffCount()).toBe(2);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('422 when the email is already staff, or signs in to a district login', async () => {
    const staff = await invite(w.adminAgent, { ...valid, email: 'SUE@coachwell.example' });
    expectFieldError(staff, 'email', ADMIN_USER_MESSAGES.emailIsStaff);
    const district = await invite(w.adminAgent, { ...valid, email: 'casey@pine.example' });
    expectFieldError(district, 'email', ADMIN_USER_MESSAGES.emailIsDistrictLogin);
  });

  it('403 for district users and for provider support', async () => {
    expect((await invite(await loginAs(t.app, w.pineAdmin), valid)).status).toBe(403);
    expect((await invite(w.supportAgent, valid)).status).toBe(403);
    expect(await staffCount()).toBe(2);
  });

  it('201: an invited staff member with the role, an audit row, and an email to the admin invite page that signs them in there', async () => {
    const res = await invite(w.adminAgent, valid);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Nia New', email: 'nia@coachwell.example', area: 'admin', district: null, status: 'invited',
      roles: [{ name: 'provider-support', label: 'Provider support' }], last_login_at: null,
    });
    expect(res.body.invite.expired).toBe(false);
    expect(await roleOf(res.body.id)).toEqual(['provider-support']);
    expect(await auditRows(t, 'staff_invited')).toMatchObject([{ actor_id: w.providerAdmin.id, district_id: null, subject_id: res.body.id }]);
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail).toMatchObject({ to: 'nia@coachwell.example', subject: 'Coachwell invitation: join the Coachwell team' });
    expect(mail.text).toContain('“Pat Provider” invited you');
    expect(mail.link).toMatch(/^http:\/\/coachwell\.test\/admin\/auth\/invite\/[\w-]+$/);

    const token = mail.link!.split('/').at(-1)!;
    const guest = await guestAgent(t.app);
    expect((await guest.get(`/api/auth/invite/${token}`)).body).toMatchObject({ area: 'admin', district: null, invited_by: { name: 'Pat Provider' } });
    const accepted = await guest.post(`/api/auth/invite/${token}`).set(csrfHeaders(guest)).send({ name: 'Nia New', password: 'a-long-password-1', password_confirmation: 'a-long-password-1' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.security.permissions).toContain('see admin');
    expect((await guest.get('/api/admin/user')).status).toBe(200);
  });
});

describe('PUT /api/admin/staff/:id', () => {
  const put = (agent: AdminWorld['adminAgent'], id: number | string, body: object) => agent.put(`/api/admin/staff/${id}`).set(csrfHeaders(agent)).send(body);

  it('401 for guests', async () => {
    expect((await put(await guestAgent(t.app), w.support.id, { role: 'provider-admin' })).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    expect((await w.adminAgent.put(`/api/admin/staff/${w.support.id}`).set('X-Requested-With', 'XMLHttpRequest').send({ role: 'provider-admin' })).status).toBe(419);
  });

  it('422 naming role for a missing or district role, and for one\'s own role', async () => {
    for (const body of [{}, { role: 'coach' }, { role: ['provider-admin'] }]) {
      const res = await put(w.adminAgent, w.support.id, body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ role: [ADMIN_USER_MESSAGES.roleUnknown] });
    }
    const own = await put(w.adminAgent, w.providerAdmin.id, { role: 'provider-support' });
    expect(own.status).toBe(422);
    expect(own.body.errors).toEqual({ role: [ADMIN_USER_MESSAGES.changeOwnRole] });
    expect(await roleOf(w.providerAdmin.id)).toEqual(['provider-admin']);
  });

  it('404 for district users and unknown ids', async () => {
    for (const id of [w.coach.id, 999999]) {
      const res = await put(w.adminAgent, id, { role: 'provider-admin' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(ADMIN_USER_MESSAGES.staffNotFound);
    }
    expect(await roleOf(w.coach.id)).toEqual(['coach']);
  });

  it('403 for district users and provider support', async () => {
    expect((await put(await loginAs(t.app, w.pineAdmin), w.support.id, { role: 'provider-admin' })).status).toBe(403);
    expect((await put(w.supportAgent, w.support.id, { role: 'provider-admin' })).status).toBe(403);
    expect(await roleOf(w.support.id)).toEqual(['provider-support']);
  });

  it('changes the role, audited with before and after; the new permissions apply on the next request', async () => {
    const res = await put(w.adminAgent, w.support.id, { role: 'provider-admin' });
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual([{ name: 'provider-admin', label: 'Provider administrator' }]);
    expect(await roleOf(w.support.id)).toEqual(['provider-admin']);
    const [row] = await auditRows(t, 'staff_role_changed');
    expect(row).toMatchObject({ actor_id: w.providerAdmin.id, district_id: null, subject_id: w.support.id });
    expect(JSON.parse(row!.details!)).toEqual({ role: { from: 'provider-support', to: 'provider-admin' } });
    expect((await w.supportAgent.get('/api/admin/staff')).status).toBe(200);
    // The same role again changes nothing and writes nothing.
    expect((await put(w.adminAgent, w.support.id, { role: 'provider-admin' })).status).toBe(200);
    expect(await auditRows(t, 'staff_role_changed')).toHaveLength(1);
    // Now two admins: demoting the other one is fine.
    expect((await put(w.supportAgent, w.providerAdmin.id, { role: 'provider-support' })).status).toBe(200);
    expect((await w.adminAgent.get('/api/admin/staff')).status).toBe(403);
  });
});

describe('the last active provider administrator', () => {
  it('cannot be demoted or deactivated (422 with a clear message), even by a caller who is no longer counted', async () => {
    // Through the API the caller is always another active provider admin; the rule still holds for a
    // caller who has meanwhile lost the role (the check runs inside the write's transaction).
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', w.providerAdmin.id).execute();
    const deps = { db: t.db, limiter: new RateLimiter(t.db, false), mailer: t.mailer } as unknown as Deps;
    const caller = { auth: { user: { ...w.support } } as never, actor: { districtId: null, userId: w.support.id, impersonatorId: null, ip: null, userAgent: null } };
    const other = await buildUser(t.db, { role: 'provider-admin', name: 'Last Admin' });
    const target = (await findAdminUser(t.db, other.id))!;
    const demote = changeStaffRole(deps, caller, target, 'provider-support');
    await expect(demote).rejects.toMatchObject({ status: 422, errors: { role: [ADMIN_USER_MESSAGES.lastProviderAdmin] } });
    expect(await roleOf(other.id)).toEqual(['provider-admin']);
  });

  it('deactivating the last active provider admin answers 422 and changes nothing', async () => {
    // A second admin deactivates the first; the second is then the last one, whom nobody may deactivate.
    const second = await buildUser(t.db, { role: 'provider-admin', name: 'Second Admin' });
    const secondAgent = await loginAs(t.app, second);
    expect((await secondAgent.post(`/api/admin/staff/${w.providerAdmin.id}/deactivate`).set(csrfHeaders(secondAgent))).status).toBe(200);
    const deps = { db: t.db, limiter: new RateLimiter(t.db, false), mailer: t.mailer } as unknown as Deps;
    const caller = { auth: { user: { ...w.support } } as never, actor: { districtId: null, userId: w.support.id, impersonatorId: null, ip: null, userAgent: null } };
    await expect(deactivateLogin(deps, caller, (await findAdminUser(t.db, second.id))!))
      .rejects.toMatchObject({ status: 422, errors: { id: [ADMIN_USER_MESSAGES.lastProviderAdmin] } });
    expect(await statusOf(t, second.id)).toBe('active');
  });
});

describe('POST /api/admin/staff/:id/deactivate and /reactivate', () => {
  const post = (agent: AdminWorld['adminAgent'], id: number, action: string) => agent.post(`/api/admin/staff/${id}/${action}`).set(csrfHeaders(agent));

  it('401, 419, 422 self, 404 for district users, 403 for support', async () => {
    expect((await post(await guestAgent(t.app), w.support.id, 'deactivate')).status).toBe(401);
    expect((await w.adminAgent.post(`/api/admin/staff/${w.support.id}/deactivate`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
    const self = await post(w.adminAgent, w.providerAdmin.id, 'deactivate');
    expect(self.status).toBe(422);
    expect(self.body.errors).toEqual({ id: [ADMIN_USER_MESSAGES.deactivateSelf] });
    expect((await post(w.adminAgent, w.coach.id, 'deactivate')).status).toBe(404);
    expect((await post(w.supportAgent, w.providerAdmin.id, 'deactivate')).status).toBe(403);
    expect(await statusOf(t, w.support.id)).toBe('active');
    expect(await statusOf(t, w.coach.id)).toBe('active');
  });

  it('deactivates (sessions ended, audited) and reactivates a staff member', async () => {
    const res = await post(w.adminAgent, w.support.id, 'deactivate');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('disabled');
    expect(await sessionsOf(t, w.support.id)).toBe(0);
    expect((await w.supportAgent.get('/api/auth/user')).status).toBe(401);
    const back = await post(w.adminAgent, w.support.id, 'reactivate');
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('active');
    expect((await auditRows(t, 'user_reactivated'))[0]).toMatchObject({ actor_id: w.providerAdmin.id, district_id: null, subject_id: w.support.id });
  });
});
