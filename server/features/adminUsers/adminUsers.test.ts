// GET /api/admin/user (every login across districts and Coachwell staff) and its actions:
// deactivate, reactivate, resend invite. In DESIGN's order per endpoint.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_USER_MESSAGES, type AdminUser } from '../../../common/schemas/adminUsers';
import { EMAIL_LIMITS } from '../../../common/constants';
import { createInvite } from '../../identity/accounts';
import { appWith, asGuest, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { PAGE_QUERY_ROWS, SEARCH_QUERY_ROWS, itRejectsQueries } from '../../testing/checks';
import { buildUser } from '../../testing/factories';
import { type AdminWorld, auditRows, sessionsOf, setupAdminWorld, statusOf } from '../../testing/adminUsers.fixture';

let t: TestApp;
let w: AdminWorld;
beforeEach(async () => {
  ({ t, w } = await appWith(setupAdminWorld));
});

const names = (body: { data: AdminUser[] }) => body.data.map((u) => u.name);

describe('GET /api/admin/user', () => {
  it('401 for guests', async () => {
    const res = await request(t.app).get('/api/admin/user');
    expect(res.status).toBe(401);
  });

  itRejectsQueries('/api/admin/user', () => w.adminAgent, [
    ['filter[status]=gone', 'filter.status', 'Status must be active, invited or disabled.'],
    ['filter[role]=wizard', 'filter.role', 'Role must be one of the roles.'],
    ['filter[area]=moon', 'filter.area', 'Area must be app or admin.'],
    ['filter[district_id]=abc', 'filter.district_id', 'District must be a district ID.'],
    ['filter[district_id]=1e3', 'filter.district_id', 'District must be a district ID.'],
    ['filter[status][]=active', 'filter.status', 'Status must be active, invited or disabled.'],
    ['filter=oops', 'filter', 'Filters must be written as filter[name]=value.'],
    ['filter[password]=x', 'filter', 'Unknown filter: password. Filters are district_id, role, status and area.'],
    ['sort=password_hash', 'sort', 'Sort must be one of name, -name, email, -email, district, -district, last_login_at, -last_login_at, created_at, -created_at.'],
    ...SEARCH_QUERY_ROWS,
    ['per_page=500', 'per_page', 'Per page must be at most 100.'],
    ...PAGE_QUERY_ROWS,
  ]);

  it('403 for district users, and for provider staff while impersonating', async () => {
    const district = await loginAs(t.app, w.pineAdmin);
    expect((await district.get('/api/admin/user')).status).toBe(403);
    expect((await w.supportAgent.post('/api/auth/impersonate').set(csrfHeaders(w.supportAgent)).send({ user_id: w.pineAdmin.id })).status).toBe(200);
    expect((await w.supportAgent.get('/api/admin/user')).status).toBe(403);
  });

  it('lists every login across districts and provider staff, with district, roles, status, sign-in and creation', async () => {
    await createInvite(t.db, w.invited, w.pineAdmin.id);
    const res = await w.supportAgent.get('/api/admin/user');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 25, total: 7, last_page: 1 });
    expect(names(res.body)).toEqual(['Ada Admin', 'Casey Coach', 'Cyd Cedar', 'Dora Disabled', 'Ivy Invited', 'Pat Provider', 'Sue Support']);
    const byName = Object.fromEntries(res.body.data.map((u: AdminUser) => [u.name, u]));
    expect(byName['Casey Coach']).toEqual({
      id: w.coach.id, name: 'Casey Coach', email: 'casey@pine.example', area: 'app',
      district: { id: w.pine.id, name: 'Pine Ridge Schools', status: 'active' },
      roles: [{ name: 'coach', label: 'Coach' }], status: 'active', last_login_at: null,
      created_at: expect.any(String), invite: null,
    });
    expect(byName['Pat Provider']).toMatchObject({ area: 'admin', district: null, roles: [{ name: 'provider-admin', label: 'Provider administrator' }] });
    expect(byName['Pat Provider'].last_login_at).not.toBeNull();
    expect(byName['Ivy Invited'].invite.expired).toBe(false);
    expect(byName['Dora Disabled'].status).toBe('disabled');
    expect(byName['Casey Coach']).not.toHaveProperty('password_hash');
  });

  it('searches name and email, filters by district, role, status and area, sorts and pages', async () => {
    const get = async (qs: string) => {
      const res = await w.adminAgent.get(`/api/admin/user?${qs}`);
      expect(res.status).toBe(200);
      return res.body;
    };
    expect(names(await get('search=CEDAR'))).toEqual(['Cyd Cedar']);
    expect(names(await get('search=coachwell.example'))).toEqual(['Pat Provider', 'Sue Support']);
    expect(names(await get('search=100%25'))).toEqual([]);
    // The login index: every word must match (name or email), a 1- or 2-letter word matches a word start.
    expect(names(await get('search=cedar%20cyd'))).toEqual(['Cyd Cedar']);
    expect(names(await get('search=cy'))).toEqual(['Cyd Cedar']);
    expect(names(await get('search=yd'))).toEqual([]);
    expect(names(await get(`filter[district_id]=${w.pine.id}`))).toEqual(['Ada Admin', 'Casey Coach', 'Dora Disabled', 'Ivy Invited']);
    expect(names(await get('filter[district_id]=999999'))).toEqual([]);
    expect(names(await get('filter[role]=district-admin'))).toEqual(['Ada Admin', 'Cyd Cedar']);
    expect(names(await get('filter[role]=provider-support'))).toEqual(['Sue Support']);
    expect(names(await get('filter[status]=invited'))).toEqual(['Ivy Invited']);
    expect(names(await get('filter[status]=disabled'))).toEqual(['Dora Disabled']);
    expect(names(await get('filter[area]=admin'))).toEqual(['Pat Provider', 'Sue Support']);
    expect((await get('filter[area]=app')).meta.total).toBe(5);
    expect(names(await get(`filter[district_id]=${w.pine.id}&filter[status]=active&filter[role]=coach`))).toEqual(['Casey Coach']);
    expect(names(await get('sort=-name')).slice(0, 2)).toEqual(['Sue Support', 'Pat Provider']);
    expect(names(await get('sort=email')).slice(0, 2)).toEqual(['Ada Admin', 'Casey Coach']);
    // Staff (no district) first, then Cedar Hill, then Pine Ridge.
    expect(names(await get('sort=district'))).toEqual(['Pat Provider', 'Sue Support', 'Cyd Cedar', 'Ada Admin', 'Casey Coach', 'Dora Disabled', 'Ivy Invited']);
    // Most recent sign-in first: only the two staff have signed in (the fixture's agents).
    expect(names(await get('sort=-last_login_at')).slice(0, 2).sort()).toEqual(['Pat Provider', 'Sue Support']);
    const page2 = await get('per_page=3&page=2');
    expect(page2.meta).toEqual({ page: 2, per_page: 3, total: 7, last_page: 3 });
    expect(names(page2)).toEqual(['Dora Disabled', 'Ivy Invited', 'Pat Provider']);
    const far = await get('page=100000&per_page=100');
    expect(far.data).toEqual([]);
    expect(far.meta.total).toBe(7);
  });

  it('GET /api/admin/user/:id answers one login; 404 for unknown ids and non-numbers', async () => {
    expect((await w.supportAgent.get(`/api/admin/user/${w.coach.id}`)).body).toMatchObject({ id: w.coach.id, name: 'Casey Coach' });
    for (const id of ['999999', 'abc', '1e3', '-1']) {
      const res = await w.supportAgent.get(`/api/admin/user/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(ADMIN_USER_MESSAGES.notFound);
    }
  });
});

describe('GET /api/admin/user-district', () => {
  it('401 for guests, 403 for district users, every district by name for provider staff', async () => {
    expect((await request(t.app).get('/api/admin/user-district')).status).toBe(401);
    expect((await (await loginAs(t.app, w.cedarAdmin)).get('/api/admin/user-district')).status).toBe(403);
    const res = await w.supportAgent.get('/api/admin/user-district');
    expect(res.body).toEqual({ data: [{ id: w.cedar.id, name: 'Cedar Hill District' }, { id: w.pine.id, name: 'Pine Ridge Schools' }] });
  });
});

describe('POST /api/admin/user/:id/deactivate', () => {
  const deactivate = (agent: AdminWorld['adminAgent'], id: number | string) =>
    agent.post(`/api/admin/user/${id}/deactivate`).set(csrfHeaders(agent));

  it('401 for guests', async () => {
    expect((await asGuest(t.app, 'post', `/api/admin/user/${w.coach.id}/deactivate`)).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    expect((await w.adminAgent.post(`/api/admin/user/${w.coach.id}/deactivate`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
    expect(await statusOf(t, w.coach.id)).toBe('active');
  });

  it('422 for deactivating oneself', async () => {
    const res = await deactivate(w.adminAgent, w.providerAdmin.id);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ id: [ADMIN_USER_MESSAGES.deactivateSelf] });
    expect(await statusOf(t, w.providerAdmin.id)).toBe('active');
  });

  it('404 for unknown ids', async () => {
    expect((await deactivate(w.adminAgent, 999999)).status).toBe(404);
    expect((await deactivate(w.adminAgent, 'abc')).status).toBe(404);
  });

  it('403 for district users (even their own district admin) and for provider support acting on staff', async () => {
    const districtAdmin = await loginAs(t.app, w.pineAdmin);
    expect((await deactivate(districtAdmin, w.coach.id)).status).toBe(403);
    const res = await deactivate(w.supportAgent, w.providerAdmin.id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ADMIN_USER_MESSAGES.staffOnlyForManagers);
    expect(await statusOf(t, w.coach.id)).toBe('active');
    expect(await statusOf(t, w.providerAdmin.id)).toBe('active');
  });

  it('provider support deactivates a district user: status, sessions ended, invites revoked, audited under the district', async () => {
    const coachAgent = await loginAs(t.app, w.coach);
    expect(await sessionsOf(t, w.coach.id)).toBe(1);
    const res = await deactivate(w.supportAgent, w.coach.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: w.coach.id, status: 'disabled' });
    expect(await statusOf(t, w.coach.id)).toBe('disabled');
    expect(await sessionsOf(t, w.coach.id)).toBe(0);
    expect((await coachAgent.get('/api/auth/user')).status).toBe(401);
    const [row] = await auditRows(t, 'user_deactivated');
    expect(row).toMatchObject({
      actor_id: w.support.id, district_id: w.pine.id, subject_type: 'user', subject_id: w.coach.id, impersonator_id: null,
    });
    expect(JSON.parse(row!.details!)).toEqual({ status: { from: 'active', to: 'disabled' } });
    expect((await deactivate(w.supportAgent, w.coach.id)).status).toBe(409);
  });

  it('ends a provider staff member\'s impersonation of a deactivated user', async () => {
    expect((await w.supportAgent.post('/api/auth/impersonate').set(csrfHeaders(w.supportAgent)).send({ user_id: w.coach.id })).status).toBe(200);
    expect((await deactivate(w.adminAgent, w.coach.id)).status).toBe(200);
    const me = await w.supportAgent.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(w.support.id);
    expect(me.body.impersonating).toBe(false);
  });

  it('revokes the open invitation of an invited user', async () => {
    await createInvite(t.db, w.invited, w.pineAdmin.id);
    expect((await deactivate(w.adminAgent, w.invited.id)).status).toBe(200);
    const open = await t.db.selectFrom('invites').select('id').where('user_id', '=', w.invited.id).where('revoked_at', 'is', null).execute();
    expect(open).toEqual([]);
  });

  it("decision: a district's last active district administrator is not deactivated here (409, nothing changes)", async () => {
    const res = await deactivate(w.adminAgent, w.cedarAdmin.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ADMIN_USER_MESSAGES.lastDistrictAdmin('Cedar Hill District'));
    expect(await statusOf(t, w.cedarAdmin.id)).toBe('active');
    expect(await auditRows(t, 'user_deactivated')).toEqual([]);
    // With a second active administrator, either may go.
    await buildUser(t.db, { districtId: w.cedar.id, role: 'district-admin' });
    expect((await deactivate(w.adminAgent, w.cedarAdmin.id)).status).toBe(200);
  });

  it('a provider admin deactivates a staff member: signed out everywhere, audited outside every district', async () => {
    expect(await sessionsOf(t, w.support.id)).toBe(1);
    const res = await deactivate(w.adminAgent, w.support.id);
    expect(res.status).toBe(200);
    expect(await sessionsOf(t, w.support.id)).toBe(0);
    expect((await w.supportAgent.get('/api/admin/user')).status).toBe(401);
    const [row] = await auditRows(t, 'user_deactivated');
    expect(row).toMatchObject({ actor_id: w.providerAdmin.id, district_id: null, subject_id: w.support.id });
  });
});

describe('POST /api/admin/user/:id/reactivate', () => {
  const reactivate = (agent: AdminWorld['adminAgent'], id: number) => agent.post(`/api/admin/user/${id}/reactivate`).set(csrfHeaders(agent));

  it('401 for guests, 419 without the token, 404 unknown, 403 for district users', async () => {
    const guest = await guestAgent(t.app);
    expect((await reactivate(guest, w.disabled.id)).status).toBe(401);
    expect((await w.adminAgent.post(`/api/admin/user/${w.disabled.id}/reactivate`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
    expect((await reactivate(w.adminAgent, 999999)).status).toBe(404);
    expect((await reactivate(await loginAs(t.app, w.pineAdmin), w.disabled.id)).status).toBe(403);
    expect(await statusOf(t, w.disabled.id)).toBe('disabled');
  });

  it('409 for a login that is not deactivated', async () => {
    const res = await reactivate(w.adminAgent, w.coach.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ADMIN_USER_MESSAGES.notDisabled);
  });

  it('reactivates a login with a password as active, audited; one whose email is active elsewhere as invited', async () => {
    const res = await reactivate(w.supportAgent, w.disabled.id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('active');
    const [row] = await auditRows(t, 'user_reactivated');
    expect(row).toMatchObject({ actor_id: w.support.id, district_id: w.pine.id, subject_id: w.disabled.id });
    expect(JSON.parse(row!.details!)).toEqual({ status: { from: 'disabled', to: 'active' } });

    const gone = await buildUser(t.db, { districtId: w.cedar.id, role: 'coach', email: 'moved@example.org', status: 'disabled' });
    await buildUser(t.db, { districtId: w.pine.id, role: 'coach', email: 'moved@example.org' });
    expect((await reactivate(w.supportAgent, gone.id)).body.status).toBe('invited');
  });
});

describe('POST /api/admin/user/:id/resend-invite', () => {
  const resend = (agent: AdminWorld['adminAgent'], id: number) => agent.post(`/api/admin/user/${id}/resend-invite`).set(csrfHeaders(agent));

  it('401 for guests, 419 without the token, 404 unknown, 403 for district users, 409 for a login that is not invited', async () => {
    const guest = await guestAgent(t.app);
    expect((await resend(guest, w.invited.id)).status).toBe(401);
    expect((await w.adminAgent.post(`/api/admin/user/${w.invited.id}/resend-invite`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
    expect((await resend(w.adminAgent, 999999)).status).toBe(404);
    expect((await resend(await loginAs(t.app, w.pineAdmin), w.invited.id)).status).toBe(403);
    const res = await resend(w.adminAgent, w.coach.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ADMIN_USER_MESSAGES.notInvited);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('sends a fresh link to the app invite page (older ones stop working), naming the original inviter, audited', async () => {
    await createInvite(t.db, w.invited, w.pineAdmin.id);
    const res = await resend(w.supportAgent, w.invited.id);
    expect(res.status).toBe(200);
    expect(res.body.invite.expired).toBe(false);
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe('ivy@pine.example');
    expect(mail.subject).toBe('Coachwell invitation: join “Pine Ridge Schools”');
    expect(mail.link).toMatch(/^http:\/\/coachwell\.test\/app\/auth\/invite\/[\w-]+$/);
    const invites = await t.db.selectFrom('invites').selectAll().where('user_id', '=', w.invited.id).orderBy('id').execute();
    expect(invites).toHaveLength(2);
    expect(invites[0]!.revoked_at).not.toBeNull();
    expect(invites[1]).toMatchObject({ revoked_at: null, invited_by: w.pineAdmin.id });
    const token = mail.link!.split('/').at(-1)!;
    const shown = await request(t.app).get(`/api/auth/invite/${token}`);
    expect(shown.body).toMatchObject({ area: 'app', district: { name: 'Pine Ridge Schools' }, invited_by: { name: 'Ada Admin' } });
    expect(await auditRows(t, 'user_invite_resent')).toMatchObject([{ actor_id: w.support.id, district_id: w.pine.id, subject_id: w.invited.id }]);
  });

  it('409 and nothing sent when the email has meanwhile become an active login elsewhere', async () => {
    await buildUser(t.db, { districtId: w.cedar.id, role: 'coach', email: 'ivy@pine.example' });
    const res = await resend(w.adminAgent, w.invited.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ADMIN_USER_MESSAGES.activeElsewhere);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('is rate-limited like every invitation resend (429 past the daily limit per person, nothing sent)', async () => {
    ({ t, w } = await appWith(setupAdminWorld, { rateLimits: true }));
    for (let i = 0; i < EMAIL_LIMITS.resendsPerPersonPerDay; i++) expect((await resend(w.adminAgent, w.invited.id)).status).toBe(200);
    const res = await resend(w.adminAgent, w.invited.id);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(ADMIN_USER_MESSAGES.tooManyResends);
    expect(t.mailer.sent).toHaveLength(EMAIL_LIMITS.resendsPerPersonPerDay);
  });
});
