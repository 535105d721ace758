// GET /api/user, GET /api/user/:id and POST /api/user (invite or account migration).
import { beforeEach, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../common/schemas/users';
import { createTestApp, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRejectsQueries, itRequiresLogin, PAGE_QUERY_ROWS } from '../../testing/checks';
import { buildBuilding, buildDistrict, buildUser } from '../../testing/factories';
import { createInvite } from '../../identity/accounts';
import { auditOf, nonManagers, setupDistrict, stranger, tokenOf, type Setup } from '../../testing/users.fixture';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const countUsers = async () => (await t.db.selectFrom('users').select('id').execute()).length;

describe('GET /api/user', () => {
  itRequiresLogin(() => t.app, 'get', '/api/user');

  itRejectsQueries('/api/user', async () => (await setupDistrict(t)).agent, [
    ['filter[status]=gone', 'filter.status', 'Status must be invited, active, disabled or all.'],
    ['filter[role]=provider-admin', 'filter.role', 'Role must be one of the district roles.'],
    ['per_page=500', 'per_page', 'Per page must be at most 100.'],
    ...PAGE_QUERY_ROWS,
  ]);

  it('403 for provider staff, who have no district', async () => {
    const staff = await buildUser(t.db, { role: 'provider-admin' });
    const agent = await loginAs(t.app, staff);
    expect((await agent.get('/api/user')).status).toBe(403);
  });

  it('lists every login of the own district only, with roles, schools, status, invite and last login', async () => {
    const s = await setupDistrict(t);
    await stranger(t);
    const coach = await buildUser(t.db, { districtId: s.district.id, role: 'coach', name: 'Casey Coach', buildingIds: [s.school2.id, s.school.id] });
    const invited = await buildUser(t.db, { districtId: s.district.id, role: 'educator', name: 'Ivy Invited', status: 'invited' });
    await createInvite(t.db, invited, s.admin.id);
    const res = await s.agent.get('/api/user');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 25, total: 3, last_page: 1 });
    expect(res.body.data.map((u: { name: string }) => u.name)).toEqual(['Ada Admin', 'Casey Coach', 'Ivy Invited']);
    const [admin, listedCoach, listedInvited] = res.body.data;
    expect(admin).toMatchObject({ id: s.admin.id, status: 'active', roles: [{ name: 'district-admin', label: 'District administrator' }], invite: null });
    expect(admin.last_login_at).not.toBeNull();
    expect(listedCoach).toEqual({
      id: coach.id, name: 'Casey Coach', email: coach.email, status: 'active', last_login_at: null, invite: null,
      roles: [{ name: 'coach', label: 'Coach' }],
      buildings: [{ id: s.school.id, name: 'Aspen Elementary' }, { id: s.school2.id, name: 'Birch Middle School' }],
    });
    expect(listedInvited.status).toBe('invited');
    expect(listedInvited.invite.expired).toBe(false);
    expect(new Date(listedInvited.invite.expires_at).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect(admin).not.toHaveProperty('password_hash');
  });

  it('403 for principal, coach and educator (only people who manage users list them)', async () => {
    const s = await setupDistrict(t);
    for (const { agent } of await nonManagers(t, s)) {
      expect((await agent.get('/api/user')).status).toBe(403);
    }
  });

  it('searches name and email, filters by role and status, pages, and marks expired invites', async () => {
    const s = await setupDistrict(t);
    await buildUser(t.db, { districtId: s.district.id, role: 'coach', name: 'Zed Zimmer', email: 'zz@pine.example', buildingIds: [s.school.id] });
    await buildUser(t.db, { districtId: s.district.id, role: 'educator', name: 'Dora Disabled', status: 'disabled' });
    const invited = await buildUser(t.db, { districtId: s.district.id, role: 'educator', name: 'Old Invite', status: 'invited' });
    await createInvite(t.db, invited, s.admin.id);
    await t.db.updateTable('invites').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();

    const names = async (qs: string) => (await s.agent.get(`/api/user?${qs}`)).body.data.map((u: { name: string }) => u.name);
    expect(await names('search=ZIMM')).toEqual(['Zed Zimmer']);
    expect(await names('search=zz%40pine')).toEqual(['Zed Zimmer']);
    expect(await names('search=%25')).toEqual([]);
    expect(await names('filter[role]=coach')).toEqual(['Zed Zimmer']);
    expect(await names('filter[status]=disabled')).toEqual(['Dora Disabled']);
    expect(await names('filter[status]=active')).toEqual(['Ada Admin', 'Zed Zimmer']);
    expect(await names('filter[status]=all&filter[role]=educator')).toEqual(['Dora Disabled', 'Old Invite']);
    const invitedOnly = await s.agent.get('/api/user?filter[status]=invited');
    expect(invitedOnly.body.data[0].invite.expired).toBe(true);

    const page2 = await s.agent.get('/api/user?per_page=2&page=2');
    expect(page2.body.meta).toEqual({ page: 2, per_page: 2, total: 4, last_page: 2 });
    expect(page2.body.data.map((u: { name: string }) => u.name)).toEqual(['Old Invite', 'Zed Zimmer']);
  });
});

describe('GET /api/user/:id', () => {
  itRequiresLogin(() => t.app, 'get', '/api/user/1');

  it("404 for another district's user and for ids that are not numbers", async () => {
    const { agent } = await setupDistrict(t);
    const other = await stranger(t);
    const res = await agent.get(`/api/user/${other.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(USER_MESSAGES.notFound);
    expect((await agent.get('/api/user/abc')).status).toBe(404);
  });

  it('403 for principal, coach and educator', async () => {
    const s = await setupDistrict(t);
    for (const { agent } of await nonManagers(t, s)) expect((await agent.get(`/api/user/${s.admin.id}`)).status).toBe(403);
  });

  it('answers the user', async () => {
    const s = await setupDistrict(t);
    const coach = await buildUser(t.db, { districtId: s.district.id, role: 'coach', buildingIds: [s.school.id] });
    const res = await s.agent.get(`/api/user/${coach.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: coach.id, email: coach.email, roles: [{ name: 'coach' }], buildings: [{ id: s.school.id }] });
  });
});

describe('POST /api/user', () => {
  let s: Setup;
  beforeEach(async () => {
    s = await setupDistrict(t);
  });
  const valid = () => ({ name: 'Nia Newcoach', email: 'Nia.Newcoach@Pine.example', roles: ['coach'], building_ids: [s.school.id] });

  itRequiresLogin(() => t.app, 'post', '/api/user', valid);

  it('419 without the CSRF token', async () => {
    const res = await s.agent.post('/api/user').set('X-Requested-With', 'XMLHttpRequest').send(valid());
    expect(res.status).toBe(419);
  });

  it.each([
    ['name', { name: '  ' }, 'Name is required.'],
    ['email', { email: undefined }, 'Email is required.'],
    ['email', { email: 'not-an-email' }, 'Enter a valid email address.'],
    ['roles', { roles: [] }, USER_MESSAGES.rolesRequired],
    ['roles', { roles: undefined }, USER_MESSAGES.rolesRequired],
    ['roles', { roles: ['provider-admin'] }, USER_MESSAGES.rolesUnknown],
    ['building_ids', { roles: ['coach'], building_ids: [] }, USER_MESSAGES.buildingsRequired],
    ['building_ids', { roles: ['building-admin'], building_ids: undefined }, USER_MESSAGES.buildingsRequired],
    ['building_ids', { building_ids: ['one'] }, USER_MESSAGES.buildingsUnknown],
  ])('422 %s for %j, nothing is created', async (field, patch, message) => {
    const before = await countUsers();
    const res = await s.agent.post('/api/user').set(csrfHeaders(s.agent)).send({ ...valid(), ...patch });
    expectFieldError(res, field, message);
    expect(await countUsers()).toBe(before);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it("422 building_ids for another district's school", async () => {
    const other = await buildDistrict(t.db);
    const foreign = await buildBuilding(t.db, other.id);
    const res = await s.agent.post('/api/user').set(csrfHeaders(s.agent)).send({ ...valid(), building_ids: [s.school.id, foreign.id] });
    expectFieldError(res, 'building_ids', USER_MESSAGES.buildingsUnknown);
  });

  it('422 email when the person already has a login in this district (any case, any status)', async () => {
    for (const status of ['active', 'invited', 'disabled'] as const) {
      const existing = await buildUser(t.db, { districtId: s.district.id, role: 'educator', status });
      const res = await s.agent.post('/api/user').set(csrfHeaders(s.agent)).send({ ...valid(), email: existing.email.toUpperCase() });
      expectFieldError(res, 'email', 'This person already has a login in your district.');
    }
    expect(await t.db.selectFrom('account_migrations').select('id').execute()).toHaveLength(0);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('403 for principal, coach and educator, and nothing is created', async () => {
    const before = await countUsers();
    for (const { agent } of await nonManagers(t, s)) {
      expect((await agent.post('/api/user').set(csrfHeaders(agent)).send(valid())).status).toBe(403);
    }
    expect(await countUsers()).toBe(before + 3);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('creates an invited user with roles and schools, a 7-day invite, emails the link and audits', async () => {
    const res = await s.agent.post('/api/user').set(csrfHeaders(s.agent)).send({ ...valid(), roles: ['coach', 'educator'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Nia Newcoach', email: 'nia.newcoach@pine.example', status: 'invited', last_login_at: null,
      roles: [{ name: 'coach', label: 'Coach' }, { name: 'educator', label: 'Educator' }],
      buildings: [{ id: s.school.id, name: 'Aspen Elementary' }],
      invite: { expired: false },
    });
    const user = await t.db.selectFrom('users').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ district_id: s.district.id, status: 'invited', password_hash: null });
    const invite = await t.db.selectFrom('invites').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(invite).toMatchObject({ district_id: s.district.id, invited_by: s.admin.id, accepted_at: null, revoked_at: null });
    const days = (new Date(invite.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0];
    expect(mail.to).toBe('nia.newcoach@pine.example');
    expect(mail.subject).toBe('Coachwell invitation: join “Pine Ridge Schools”');
    expect(mail.link).toMatch(/^http:\/\/coachwell\.test\/app\/auth\/invite\/[\w-]{43}$/);
    expect(mail.text).toContain('“Ada Admin” invited you to join the district “Pine Ridge Schools”');
    expect(mail.text).toContain('your roles: Coach and Educator');
    expect(mail.text).toContain('expires in 7 days');
    expect(invite.token_hash).not.toBe(tokenOf(mail.link));

    const guest = await guestAgent(t.app);
    const opened = await guest.get(`/api/auth/invite/${tokenOf(mail.link)}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ email: 'nia.newcoach@pine.example', invited_by: { name: 'Ada Admin' } });

    const [audit] = await auditOf(t, 'user_invited');
    expect(audit).toMatchObject({ district_id: s.district.id, actor_id: s.admin.id, subject_type: 'user', subject_id: user.id });
  });

  it('an email with a login in another district gets an invited user here and, out of band, an offer to move the login', async () => {
    const other = await buildDistrict(t.db);
    const person = await buildUser(t.db, { districtId: other.id, role: 'district-admin', email: 'moving@other.example', name: 'Mo Ving' });
    const res = await s.agent.post('/api/user').set(csrfHeaders(s.agent)).send({ ...valid(), email: 'MOVING@other.example', roles: ['coach'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'moving@other.example', status: 'invited', invite: { expired: false } });
    const unchanged = await t.db.selectFrom('users').select(['district_id', 'status']).where('id', '=', person.id).executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ district_id: other.id, status: 'active' });

    const row = await t.db.selectFrom('account_migrations').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: person.id, from_district_id: other.id, to_district_id: s.district.id, invite_user_id: res.body.id, name: 'Nia Newcoach',
      roles: '["coach"]', invited_by: s.admin.id, accepted_at: null, revoked_at: null,
    });
    expect((new Date(row.expires_at).getTime() - Date.now()) / 86_400_000).toBeGreaterThan(6.99);

    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0];
    expect(mail.to).toBe('moving@other.example');
    expect(mail.subject).toBe('Coachwell: an invitation to move your login to “Pine Ridge Schools”');
    expect(mail.link).toMatch(/^http:\/\/coachwell\.test\/migrate-account\/[\w-]{43}$/);
    expect(mail.text).toContain('your former district keeps its records');
    expect(row.token_hash).not.toBe(tokenOf(mail.link));
    // Recorded outside this district's own trail.
    expect(await auditOf(t, 'account_migration_requested')).toMatchObject([{ district_id: null, subject_id: person.id }]);

    // Resending replaces the earlier link.
    expect((await s.agent.post(`/api/user/${res.body.id}/resend-invite`).set(csrfHeaders(s.agent))).status).toBe(200);
    const rows = await t.db.selectFrom('account_migrations').select(['revoked_at']).orderBy('id').execute();
    expect(rows.map((r) => r.revoked_at === null)).toEqual([false, true]);
    const guest = await guestAgent(t.app);
    expect((await guest.get(`/api/account-migration/${tokenOf(mail.link)}`)).status).toBe(404);
    expect((await guest.get(`/api/account-migration/${tokenOf(t.mailer.sent[1].link)}`)).status).toBe(200);
  });
});
