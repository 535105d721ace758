import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asGuest, createTestApp, csrfHeaders, guestAgent, loginAs, TEST_PASSWORD, type TestApp } from '../../testing/app';
import { expectFieldError } from '../../testing/checks';
import { buildDistrict, buildStaff, buildUser } from '../../testing/factories';
import { ADMIN_LOGIN_REFUSED, APP_LOGIN_REFUSED, BAD_CREDENTIALS, RESET_SENT } from './routes';
import { createInvite } from '../../identity/accounts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('GET /api/auth/user', () => {
  it('401 without login', async () => {
    const res = await request(t.app).get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'You need to sign in to continue.', code: 'unauthenticated' });
  });

  it('answers the User shape with permissions, roles and district features', async () => {
    const user = await buildUser(t.db, { role: 'building-admin' });
    const agent = await loginAs(t.app, user);
    const res = await agent.get('/api/auth/user');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id, email: user.email, area: 'app', impersonating: false, impersonator: null,
      security: { roles: ['building-admin'] },
      district: { id: user.district_id, plan: { key: 'professional' } },
    });
    expect(res.body.security.permissions).toContain('see educators.building');
    expect(res.body.district.features).toContain('skill-mapping');
    expect(res.body).not.toHaveProperty('password_hash');
  });
});

describe('POST /api/auth/login', () => {
  it('419 without the CSRF token or X-Requested-With', async () => {
    const user = await buildUser(t.db);
    const agent = await guestAgent(t.app);
    const noToken = await agent.post('/api/auth/login').set('X-Requested-With', 'XMLHttpRequest').send({ email: user.email, password: TEST_PASSWORD });
    expect(noToken.status).toBe(419);
    expect(noToken.body.code).toBe('csrf_token_mismatch');
    const noHeader = await agent.post('/api/auth/login').set('X-XSRF-TOKEN', agent.xsrf()).send({ email: user.email, password: TEST_PASSWORD });
    expect(noHeader.status).toBe(419);
    const wrong = await agent.post('/api/auth/login').set({ ...csrfHeaders(agent), 'X-XSRF-TOKEN': 'forged' }).send({ email: user.email, password: TEST_PASSWORD });
    expect(wrong.status).toBe(419);
  });

  it.each([
    [{ password: 'x' }, 'email', 'Email is required.'],
    [{ email: 'not-an-email', password: 'x' }, 'email', 'Enter a valid email address.'],
    [{ email: 'a@b.org' }, 'password', 'Password is required.'],
    [{ email: 'a@b.org', password: 'x', area: 'moon' }, 'area', 'Area must be app or admin.'],
  ])('422 for %j names the field', async (body, field, message) => {
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/login').set(csrfHeaders(agent)).send(body);
    expectFieldError(res, field, message);
  });

  it('422 for a wrong password, recorded as a failed login', async () => {
    const user = await buildUser(t.db);
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/login').set(csrfHeaders(agent)).send({ email: user.email, password: 'wrong-password' });
    expectFieldError(res, 'email', BAD_CREDENTIALS);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'login_failed').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].actor_id).toBe(user.id);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });

  it('the same answer for an unknown email', async () => {
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/login').set(csrfHeaders(agent)).send({ email: 'nobody@example.org', password: 'whatever-password' });
    expectFieldError(res, 'email', BAD_CREDENTIALS);
  });

  it('refuses district users at the admin login and provider staff at the app login', async () => {
    const districtUser = await buildUser(t.db);
    const staff = await buildUser(t.db, { role: 'provider-admin' });
    const agent = await guestAgent(t.app);
    const a = await agent.post('/api/auth/login').set(csrfHeaders(agent)).send({ email: districtUser.email, password: TEST_PASSWORD, area: 'admin' });
    expectFieldError(a, 'email', ADMIN_LOGIN_REFUSED);
    const b = await agent.post('/api/auth/login').set(csrfHeaders(agent)).send({ email: staff.email, password: TEST_PASSWORD, area: 'app' });
    expectFieldError(b, 'email', APP_LOGIN_REFUSED);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });

  it('refuses a deactivated account', async () => {
    const user = await buildUser(t.db, { status: 'disabled' });
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/login').set(csrfHeaders(agent)).send({ email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(422);
    expect(res.body.errors.email[0]).toMatch(/deactivated/);
  });

  it('signs in case-insensitively, rotates the session id and the CSRF token, records the login', async () => {
    const user = await buildUser(t.db);
    const agent = await guestAgent(t.app);
    const before = agent.xsrf();
    const sessionsBefore = await t.db.selectFrom('sessions').select('sid').execute();
    const res = await agent.post('/api/auth/login').set(csrfHeaders(agent)).send({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(user.email);
    expect(agent.xsrf()).not.toBe(before);
    const sessionsAfter = await t.db.selectFrom('sessions').select(['sid', 'user_id']).where('user_id', '=', user.id).execute();
    expect(sessionsAfter).toHaveLength(1);
    expect(sessionsBefore.map((s) => s.sid)).not.toContain(sessionsAfter[0].sid);
    const row = await t.db.selectFrom('users').select('last_login_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.last_login_at).not.toBeNull();
    expect(await t.db.selectFrom('audit_log').select('action').where('actor_id', '=', user.id).execute()).toEqual([{ action: 'login' }]);
  });

  it('429 after too many attempts when rate limits are on', async () => {
    const limited = await createTestApp({ rateLimits: true });
    const agent = await guestAgent(limited.app);
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await agent.post('/api/auth/login').set(csrfHeaders(agent)).send({ email: 'x@example.org', password: 'nope-nope' })).status;
    }
    expect(last).toBe(429);
  });
});

describe('POST /api/auth/logout', () => {
  it('419 without the CSRF token', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    expect((await agent.post('/api/auth/logout')).status).toBe(419);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
  });

  it('ends the session and records the logout', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    const res = await agent.post('/api/auth/logout').set(csrfHeaders(agent));
    expect(res.status).toBe(204);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
    expect(await t.db.selectFrom('sessions').select('sid').where('user_id', '=', user.id).execute()).toHaveLength(0);
    const actions = await t.db.selectFrom('audit_log').select('action').where('actor_id', '=', user.id).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['login', 'logout']);
  });
});

describe('session timeouts', () => {
  it('an idle-expired session is a guest again', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    await t.db.updateTable('sessions').set({ expires_at: Date.now() - 1 }).execute();
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });

  it('a session older than 12 hours is ended even when active', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    const row = await t.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const data = JSON.parse(row.data);
    data.startedAt = Date.now() - 12 * 60 * 60 * 1000 - 1000;
    await t.db.updateTable('sessions').set({ data: JSON.stringify(data) }).where('sid', '=', row.sid).execute();
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });

  it('a state-changing call with a stale token after expiry answers 419', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    const stale = agent.xsrf();
    await t.db.deleteFrom('sessions').execute();
    const res = await agent.post('/api/auth/logout').set({ 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': stale });
    expect(res.status).toBe(419);
  });

  it('deactivating a user ends their access on the next request', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.id).execute();
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });
});

describe('POST /api/auth/register', () => {
  const valid = {
    district_name: 'Willow Creek School District', state: 'OR', name: 'Avery Stone', email: 'avery@willowcreek.example',
    password: 'a-strong-password', password_confirmation: 'a-strong-password',
  };

  it('419 without the CSRF token', async () => {
    const res = await request(t.app).post('/api/auth/register').send(valid);
    expect(res.status).toBe(419);
    expect(await t.db.selectFrom('districts').select('id').execute()).toHaveLength(0);
  });

  it.each([
    ['district_name', '', 'District name is required.'],
    ['state', 'XX', 'Choose a US state.'],
    ['name', '  ', 'Your name is required.'],
    ['email', 'nope', 'Enter a valid email address.'],
    ['password', 'short', 'Password must be at least 10 characters.'],
    ['password_confirmation', 'different-password', 'The passwords do not match.'],
    ['timezone', 'Mars/Olympus_Mons', 'Choose a valid timezone.'],
  ])('422 when %s is %j, and nothing is created', async (field, value, message) => {
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/register').set(csrfHeaders(agent)).send({ ...valid, [field]: value });
    expectFieldError(res, field, message);
    expect(await t.db.selectFrom('districts').select('id').execute()).toHaveLength(0);
  });

  it('422 when the email already has an account', async () => {
    const existing = await buildUser(t.db);
    const districtsBefore = (await t.db.selectFrom('districts').select('id').execute()).length;
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/register').set(csrfHeaders(agent)).send({ ...valid, email: existing.email.toUpperCase() });
    expect(res.status).toBe(422);
    expect(res.body.errors.email[0]).toMatch(/already exists/);
    expect(await t.db.selectFrom('districts').select('id').execute()).toHaveLength(districtsBefore);
  });

  it('creates a 30-day Essentials trial district with its admin, signed in', async () => {
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/register').set(csrfHeaders(agent)).send(valid);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: valid.email, security: { roles: ['district-admin'] }, district: { name: valid.district_name, status: 'trial', plan: { key: 'essentials' } } });
    const district = await t.db.selectFrom('districts').innerJoin('plans', 'plans.id', 'districts.plan_id')
      .select(['districts.trial_ends_at', 'districts.slug', 'plans.key']).executeTakeFirstOrThrow();
    expect(district.key).toBe('essentials');
    expect(district.slug).toBe('willow-creek-school-district');
    const days = (new Date(district.trial_ends_at!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await agent.get('/api/auth/user')).body.email).toBe(valid.email);
  });

  it.each([
    ['OR', undefined, 'America/Los_Angeles'],
    ['OR', '', 'America/Los_Angeles'],
    ['NY', undefined, 'America/New_York'],
    ['OR', 'America/Denver', 'America/Denver'],
  ])("a district in %s with timezone %j keeps %s (the state's main zone when none is chosen)", async (state, timezone, expected) => {
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/register').set(csrfHeaders(agent)).send({ ...valid, state, timezone });
    expect(res.status).toBe(201);
    expect(res.body.district.timezone).toBe(expected);
    const district = await t.db.selectFrom('districts').select(['state', 'timezone']).executeTakeFirstOrThrow();
    expect(district).toEqual({ state, timezone: expected });
  });
});

describe('password reset', () => {
  it('answers the same whether or not the email exists, and mails only a real account', async () => {
    const user = await buildUser(t.db);
    const agent = await guestAgent(t.app);
    const known = await agent.post('/api/auth/password-reset').set(csrfHeaders(agent)).send({ email: user.email });
    const unknown = await agent.post('/api/auth/password-reset').set(csrfHeaders(agent)).send({ email: 'ghost@example.org' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: RESET_SENT });
    expect(unknown.body).toEqual(known.body);
    // The mail goes out after the answer (finding 4: the same time either way).
    await vi.waitFor(() => expect(t.mailer.sent).toHaveLength(1));
    expect(t.mailer.sent[0].to).toBe(user.email);
    expect(t.mailer.sent[0].link).toMatch(new RegExp(`^http://coachwell.test/app/auth/password-reset/[\\w-]+/${encodeURIComponent(user.email)}$`));
  });

  it('422 for a missing email', async () => {
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/password-reset').set(csrfHeaders(agent)).send({});
    expectFieldError(res, 'email', 'Email is required.');
  });

  it('sets a new password with the emailed token once, and ends the user\'s sessions', async () => {
    const user = await buildUser(t.db);
    const other = await loginAs(t.app, user);
    const agent = await guestAgent(t.app);
    await agent.post('/api/auth/password-reset').set(csrfHeaders(agent)).send({ email: user.email });
    await vi.waitFor(() => expect(t.mailer.sent).toHaveLength(1));
    const token = t.mailer.sent[0].link!.split('/').at(-2)!;
    const body = { token, email: user.email, password: 'brand-new-password', password_confirmation: 'brand-new-password' };

    const mismatch = await agent.post('/api/auth/password-reset/confirm').set(csrfHeaders(agent)).send({ ...body, password_confirmation: 'x' });
    expectFieldError(mismatch, 'password_confirmation', 'The passwords do not match.');

    const ok = await agent.post('/api/auth/password-reset/confirm').set(csrfHeaders(agent)).send(body);
    expect(ok.status).toBe(200);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    await loginAs(t.app, user, 'brand-new-password');

    const again = await agent.post('/api/auth/password-reset/confirm').set(csrfHeaders(agent)).send(body);
    expect(again.status).toBe(422);
    expect(again.body.errors.token[0]).toMatch(/invalid or has expired/);
  });

  it('refuses a token for another email', async () => {
    const user = await buildUser(t.db);
    const victim = await buildUser(t.db);
    const agent = await guestAgent(t.app);
    await agent.post('/api/auth/password-reset').set(csrfHeaders(agent)).send({ email: user.email });
    await vi.waitFor(() => expect(t.mailer.sent).toHaveLength(1));
    const token = t.mailer.sent[0].link!.split('/').at(-2)!;
    const res = await agent.post('/api/auth/password-reset/confirm').set(csrfHeaders(agent))
      .send({ token, email: victim.email, password: 'brand-new-password', password_confirmation: 'brand-new-password' });
    expect(res.status).toBe(422);
    await loginAs(t.app, victim);
  });
});

describe('invites', () => {
  it('shows who invited whom, accepts once, and signs the person in', async () => {
    const district = await buildDistrict(t.db, { name: 'Pine Ridge Schools' });
    const admin = await buildUser(t.db, { districtId: district.id, name: 'Ada Admin' });
    const invited = await buildUser(t.db, { districtId: district.id, role: 'coach', status: 'invited' });
    const token = await createInvite(t.db, invited, admin.id);
    const agent = await guestAgent(t.app);

    const show = await agent.get(`/api/auth/invite/${token}`);
    expect(show.status).toBe(200);
    expect(show.body).toMatchObject({ email: invited.email, district: { name: 'Pine Ridge Schools' }, invited_by: { name: 'Ada Admin' }, area: 'app' });

    const bad = await agent.post(`/api/auth/invite/${token}`).set(csrfHeaders(agent)).send({ name: 'Casey Coach', password: 'short', password_confirmation: 'short' });
    expectFieldError(bad, 'password', 'Password must be at least 10 characters.');

    const ok = await agent.post(`/api/auth/invite/${token}`).set(csrfHeaders(agent)).send({ name: 'Casey Coach', password: 'coach-password', password_confirmation: 'coach-password' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Casey Coach', security: { roles: ['coach'] } });
    const row = await t.db.selectFrom('users').select(['status', 'name']).where('id', '=', invited.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'active', name: 'Casey Coach' });

    expect((await agent.get(`/api/auth/invite/${token}`)).status).toBe(404);
  });

  it('403 for an invitation into a district scheduled for deletion (issue 32): the login stays invited', async () => {
    const district = await buildDistrict(t.db, { name: 'Pine Ridge Schools' });
    const invited = await buildUser(t.db, { districtId: district.id, role: 'coach', status: 'invited' });
    const token = await createInvite(t.db, invited, null);
    await t.db.updateTable('districts').set({ deletion_scheduled_at: '2026-11-29T18:00:00.000Z', deletion_due_at: '2026-12-29T18:00:00.000Z' })
      .where('id', '=', district.id).execute();
    const agent = await guestAgent(t.app);
    const res = await agent.post(`/api/auth/invite/${token}`).set(csrfHeaders(agent)).send({ name: 'Casey Coach', password: 'coach-password', password_confirmation: 'coach-password' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^Your district's Coachwell account is scheduled for deletion on December 29, 2026\. /);
    const row = await t.db.selectFrom('users').select(['status', 'password_hash']).where('id', '=', invited.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('invited');
    expect((await t.db.selectFrom('invites').select('accepted_at').where('user_id', '=', invited.id).executeTakeFirstOrThrow()).accepted_at).toBeNull();
  });

  it('links the district\'s unlinked roster row with the invited email, and only that district\'s', async () => {
    const district = await buildDistrict(t.db);
    const other = await buildDistrict(t.db);
    const row = await buildStaff(t.db, { districtId: district.id, email: 'sam.teacher@example.org' });
    const elsewhere = await buildStaff(t.db, { districtId: other.id, email: 'sam.teacher@example.org' });
    const invited = await buildUser(t.db, { districtId: district.id, role: 'educator', status: 'invited', email: 'sam.teacher@example.org' });
    const token = await createInvite(t.db, invited, null);
    const agent = await guestAgent(t.app);
    const ok = await agent.post(`/api/auth/invite/${token}`).set(csrfHeaders(agent)).send({ name: 'Sam Teacher', password: 'teacher-password', password_confirmation: 'teacher-password' });
    expect(ok.status).toBe(200);
    const links = await t.db.selectFrom('staff').select(['id', 'user_id']).where('id', 'in', [row.id, elsewhere.id]).orderBy('id').execute();
    expect(links).toEqual([{ id: row.id, user_id: invited.id }, { id: elsewhere.id, user_id: null }]);
    expect((await agent.get(`/api/staff/${row.id}`)).status).toBe(200);
  });

  it('404 for an unknown or expired invite', async () => {
    const invited = await buildUser(t.db, { status: 'invited' });
    const token = await createInvite(t.db, invited, null);
    await t.db.updateTable('invites').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const agent = await guestAgent(t.app);
    expect((await agent.get(`/api/auth/invite/${token}`)).status).toBe(404);
    expect((await agent.get('/api/auth/invite/nonsense')).status).toBe(404);
  });
});

describe('impersonation', () => {
  it('401 without login, 403 without the impersonate permission', async () => {
    const target = await buildUser(t.db);
    expect((await asGuest(t.app, 'post', '/api/auth/impersonate', { user_id: target.id })).status).toBe(401);
    const admin = await loginAs(t.app, await buildUser(t.db));
    expect((await admin.post('/api/auth/impersonate').set(csrfHeaders(admin)).send({ user_id: target.id })).status).toBe(403);
  });

  it('422 for a missing user id, 404 for provider staff or unknown users', async () => {
    const staff = await buildUser(t.db, { role: 'provider-admin' });
    const agent = await loginAs(t.app, staff);
    const missing = await agent.post('/api/auth/impersonate').set(csrfHeaders(agent)).send({});
    expectFieldError(missing, 'user_id', 'User is required.');
    expect((await agent.post('/api/auth/impersonate').set(csrfHeaders(agent)).send({ user_id: staff.id })).status).toBe(404);
    expect((await agent.post('/api/auth/impersonate').set(csrfHeaders(agent)).send({ user_id: 99999 })).status).toBe(404);
  });

  it('acts as the district user, audits every request under both, and stops', async () => {
    const staff = await buildUser(t.db, { role: 'provider-admin' });
    const target = await buildUser(t.db, { role: 'coach' });
    const agent = await loginAs(t.app, staff);
    const start = await agent.post('/api/auth/impersonate').set(csrfHeaders(agent)).send({ user_id: target.id });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ id: target.id, impersonating: true, impersonator: { id: staff.id } });

    const me = await agent.get('/api/auth/user');
    expect(me.body.id).toBe(target.id);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'impersonated_request').execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
    expect(audit[0]).toMatchObject({ actor_id: staff.id, impersonator_id: staff.id, subject_id: target.id, district_id: target.district_id });

    const again = await agent.post('/api/auth/impersonate').set(csrfHeaders(agent)).send({ user_id: target.id });
    expect(again.status).toBe(409);

    const stop = await agent.post('/api/auth/unimpersonate').set(csrfHeaders(agent));
    expect(stop.status).toBe(200);
    expect(stop.body).toMatchObject({ id: staff.id, impersonating: false, area: 'admin' });
    const actions = (await t.db.selectFrom('audit_log').select('action').where('actor_id', '=', staff.id).execute()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['login', 'impersonation_started', 'impersonation_stopped']));
    expect((await agent.post('/api/auth/unimpersonate').set(csrfHeaders(agent))).status).toBe(409);
  });

  it('ends when the impersonated user is deactivated: the next request is the staff member\'s own, with no district', async () => {
    const staff = await buildUser(t.db, { role: 'provider-admin' });
    const target = await buildUser(t.db, { role: 'district-admin' });
    const agent = await loginAs(t.app, staff);
    expect((await agent.post('/api/auth/impersonate').set(csrfHeaders(agent)).send({ user_id: target.id })).status).toBe(200);
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', target.id).execute();
    const me = await agent.get('/api/auth/user');
    expect(me.body).toMatchObject({ id: staff.id, impersonating: false, impersonator: null });
    // The district's own API now answers as to the staff member, who is not of the district.
    const before = await t.db.selectFrom('groups').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const write = await agent.post('/api/group').set(csrfHeaders(agent)).send({ name: 'Written as a deactivated user' });
    expect(write.status).toBe(403);
    expect(await t.db.selectFrom('groups').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe('the auth messages in Spanish (issue 33)', () => {
  const spanishGuest = async () => {
    const agent = await guestAgent(t.app);
    return { agent, headers: { ...csrfHeaders(agent), 'Accept-Language': 'es-US, en;q=0.5' } };
  };

  it('a guest whose browser reads Spanish is answered in Spanish: a wrong password, a field left empty, a reset asked, an unknown invitation', async () => {
    const user = await buildUser(t.db);
    const { agent, headers } = await spanishGuest();
    expectFieldError(await agent.post('/api/auth/login').set(headers).send({ email: user.email, password: 'wrong-password' }), 'email', 'Estas credenciales no coinciden con nuestros registros.');
    expectFieldError(await agent.post('/api/auth/login').set(headers).send({ email: user.email }), 'password', 'La contraseña es obligatoria.');
    expectFieldError(await agent.post('/api/auth/register').set(headers).send({ district_name: '', state: 'TX', name: 'Ana', email: 'ana@example.org', password: 'a-long-password-1', password_confirmation: 'a-long-password-1' }), 'district_name', 'El nombre del distrito es obligatorio.');
    const reset = await agent.post('/api/auth/password-reset').set(headers).send({ email: 'nobody@example.org' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Si existe una cuenta con ese correo electrónico, le enviamos un enlace para restablecer su contraseña.');
    const invite = await agent.get('/api/auth/invite/not-a-token').set('Accept-Language', 'es');
    expect(invite.status).toBe(404);
    expect(invite.body.message).toBe('Esta invitación no es válida o ha caducado. Pida una nueva a su administrador/a.');
    // English stays as the spec writes it.
    expectFieldError(await agent.post('/api/auth/login').set(csrfHeaders(agent)).send({ email: user.email, password: 'wrong-password' }), 'email', BAD_CREDENTIALS);
  });
});
