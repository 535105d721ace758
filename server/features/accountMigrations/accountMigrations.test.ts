import { beforeEach, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../common/schemas/users';
import { createTestApp, csrfHeaders, guestAgent, loginAs, TEST_PASSWORD, type TestApp } from '../../testing/app';
import { expectFieldError } from '../../testing/checks';
import { buildBuilding, buildCoachAssignment, buildDistrict, buildStaff, buildUser } from '../../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

/**
 * Two districts: Old Town, where the person (a coach with a linked educator row and a caseload)
 * signs in today, and New Valley, whose admin invites the same email as a principal.
 */
async function setup(opts: { personStatus?: 'active' | 'disabled' } = {}) {
  const oldTown = await buildDistrict(t.db, { name: 'Old Town Schools' });
  const oldSchool = await buildBuilding(t.db, oldTown.id);
  const person = await buildUser(t.db, {
    districtId: oldTown.id, role: 'coach', email: 'pat@example.org', name: 'Pat Mover', buildingIds: [oldSchool.id], status: opts.personStatus,
  });
  const ownStaffRow = await buildStaff(t.db, { districtId: oldTown.id, buildingId: oldSchool.id, userId: person.id, email: 'pat@example.org' });
  const educator = await buildStaff(t.db, { districtId: oldTown.id, buildingId: oldSchool.id });
  const caseload = await buildCoachAssignment(t.db, { districtId: oldTown.id, coachId: person.id, staffId: educator.id, startDate: '2025-08-18' });

  const newValley = await buildDistrict(t.db, { name: 'New Valley Unified' });
  const newSchool = await buildBuilding(t.db, newValley.id, { name: 'Valley High School' });
  const admin = await buildUser(t.db, { districtId: newValley.id, role: 'district-admin', name: 'Nell Admin' });
  const adminAgent = await loginAs(t.app, admin);
  const res = await adminAgent.post('/api/user').set(csrfHeaders(adminAgent))
    .send({ name: 'Pat M.', email: 'pat@example.org', roles: ['building-admin'], building_ids: [newSchool.id] });
  expect(res.status).toBe(201);
  const token = t.mailer.sent.at(-1)!.link!.split('/').at(-1)!;
  return { oldTown, oldSchool, person, ownStaffRow, educator, caseload, newValley, newSchool, admin, adminAgent, token };
}

describe('GET /api/account-migration/:token', () => {
  it('404 for an unknown token', async () => {
    const guest = await guestAgent(t.app);
    const res = await guest.get('/api/account-migration/not-a-token');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This link is invalid or has expired.');
  });

  it('404 once expired or revoked', async () => {
    const s = await setup();
    const guest = await guestAgent(t.app);
    await t.db.updateTable('account_migrations').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await guest.get(`/api/account-migration/${s.token}`)).status).toBe(404);
    await t.db.updateTable('account_migrations').set({ expires_at: new Date(Date.now() + 60_000).toISOString(), revoked_at: new Date().toISOString() }).execute();
    expect((await guest.get(`/api/account-migration/${s.token}`)).status).toBe(404);
  });

  it('shows the email, the inviting district, who invited and until when, to anyone with the link', async () => {
    const s = await setup();
    const guest = await guestAgent(t.app);
    const res = await guest.get(`/api/account-migration/${s.token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      email: 'pat@example.org', district: { name: 'New Valley Unified' }, invited_by: { name: 'Nell Admin' },
      expires_at: expect.any(String),
    });
  });
});

describe('POST /api/account-migration/:token', () => {
  it('419 without the CSRF token', async () => {
    const s = await setup();
    const guest = await guestAgent(t.app);
    const res = await guest.post(`/api/account-migration/${s.token}`).set('X-Requested-With', 'XMLHttpRequest').send({ password: TEST_PASSWORD });
    expect(res.status).toBe(419);
    expect((await t.db.selectFrom('users').select('district_id').where('id', '=', s.person.id).executeTakeFirstOrThrow()).district_id).toBe(s.oldTown.id);
  });

  it('422 password when missing', async () => {
    const s = await setup();
    const guest = await guestAgent(t.app);
    const res = await guest.post(`/api/account-migration/${s.token}`).set(csrfHeaders(guest)).send({});
    expectFieldError(res, 'password', 'Password is required.');
  });

  it('422 password when wrong, audited, and nothing moves', async () => {
    const s = await setup();
    const guest = await guestAgent(t.app);
    const res = await guest.post(`/api/account-migration/${s.token}`).set(csrfHeaders(guest)).send({ password: 'not-my-password' });
    expectFieldError(res, 'password', 'The password is incorrect.');
    const user = await t.db.selectFrom('users').select(['district_id']).where('id', '=', s.person.id).executeTakeFirstOrThrow();
    expect(user.district_id).toBe(s.oldTown.id);
    expect((await t.db.selectFrom('account_migrations').select('accepted_at').executeTakeFirstOrThrow()).accepted_at).toBeNull();
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'account_migration_failed').execute()).toHaveLength(1);
  });

  it('403 into a district scheduled for deletion (issue 32): nothing moves', async () => {
    const s = await setup();
    await t.db.updateTable('districts').set({ deletion_scheduled_at: '2026-11-29T18:00:00.000Z', deletion_due_at: '2026-12-29T18:00:00.000Z' })
      .where('id', '=', s.newValley.id).execute();
    const guest = await guestAgent(t.app);
    const res = await guest.post(`/api/account-migration/${s.token}`).set(csrfHeaders(guest)).send({ password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^Your district's Coachwell account is scheduled for deletion on December 29, 2026\. /);
    const user = await t.db.selectFrom('users').select(['district_id', 'status']).where('id', '=', s.person.id).executeTakeFirstOrThrow();
    expect(user).toEqual({ district_id: s.oldTown.id, status: 'active' });
    expect((await t.db.selectFrom('account_migrations').select('accepted_at').executeTakeFirstOrThrow()).accepted_at).toBeNull();
  });

  it('404 for an unknown token', async () => {
    const guest = await guestAgent(t.app);
    const res = await guest.post('/api/account-migration/nope').set(csrfHeaders(guest)).send({ password: TEST_PASSWORD });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(USER_MESSAGES.migrationInvalid);
  });

  it('answers a Spanish browser in Spanish (issue 33): the unknown link\'s 404, the wrong password\'s 422 and the moved login\'s message', async () => {
    const s = await setup();
    const guest = await guestAgent(t.app);
    const unknown = await guest.post('/api/account-migration/nope').set(csrfHeaders(guest)).set('Accept-Language', 'es-US').send({ password: TEST_PASSWORD });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Este enlace no es válido o ha vencido.');
    const wrong = await guest.post(`/api/account-migration/${s.token}`).set(csrfHeaders(guest)).set('Accept-Language', 'es-US').send({ password: 'not-the-password' });
    expectFieldError(wrong, 'password', 'La contraseña es incorrecta.');
    const moved = await guest.post(`/api/account-migration/${s.token}`).set(csrfHeaders(guest)).set('Accept-Language', 'es-US').send({ password: TEST_PASSWORD });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({
      message: 'Su cuenta ahora pertenece a New Valley Unified. Inicie sesión con su contraseña de siempre para continuar.',
      district: { name: 'New Valley Unified' },
    });
  });

  it('429 after too many password attempts when rate limits are on', async () => {
    const limited = await createTestApp({ rateLimits: true });
    const guest = await guestAgent(limited.app);
    let last = 0;
    for (let i = 0; i < 12; i++) {
      last = (await guest.post('/api/account-migration/some-token').set(csrfHeaders(guest)).send({ password: 'guess-guess' })).status;
    }
    expect(last).toBe(429);
  });

  it('moves the login: the new district’s invited row becomes it, the old row stays deactivated with its records unlinked, sessions ended, once', async () => {
    const s = await setup();
    const oldSession = await loginAs(t.app, s.person);
    const guest = await guestAgent(t.app);
    const res = await guest.post(`/api/account-migration/${s.token}`).set(csrfHeaders(guest)).send({ password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Your login now belongs to New Valley Unified. Sign in with your usual password to continue.',
      district: { name: 'New Valley Unified' },
    });

    // The login is now the new district's row: same person, email, password and name; active there.
    const rows = await t.db.selectFrom('users').selectAll().where('email', '=', 'pat@example.org').orderBy('id').execute();
    expect(rows.map((r) => [r.id === s.person.id, r.district_id, r.status])).toEqual([[true, s.oldTown.id, 'disabled'], [false, s.newValley.id, 'active']]);
    const user = rows[1]!;
    expect(user).toMatchObject({ name: 'Pat Mover', password_hash: s.person.password_hash });
    const roles = await t.db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('roles.name')
      .where('user_id', '=', user.id).execute();
    expect(roles).toEqual([{ name: 'building-admin' }]);
    const buildings = await t.db.selectFrom('user_buildings').select('building_id').where('user_id', '=', user.id).execute();
    expect(buildings).toEqual([{ building_id: s.newSchool.id }]);

    // The old district keeps its records: the educator row stays, only unlinked; the caseload ends.
    const staffRow = await t.db.selectFrom('staff').selectAll().where('id', '=', s.ownStaffRow.id).executeTakeFirstOrThrow();
    expect(staffRow).toMatchObject({ district_id: s.oldTown.id, user_id: null, email: 'pat@example.org' });
    const caseload = await t.db.selectFrom('coach_assignments').selectAll().where('id', '=', s.caseload.id).executeTakeFirstOrThrow();
    expect(caseload.end_date).not.toBeNull();
    expect(caseload.end_date! < new Date().toISOString().slice(0, 10)).toBe(true);

    // Every session ended; the migration is used.
    expect((await oldSession.get('/api/auth/user')).status).toBe(401);
    expect(await t.db.selectFrom('sessions').select('sid').where('user_id', '=', s.person.id).execute()).toHaveLength(0);
    expect((await t.db.selectFrom('account_migrations').select('accepted_at').executeTakeFirstOrThrow()).accepted_at).not.toBeNull();

    // Audited in both districts.
    const audit = await t.db.selectFrom('audit_log').select(['action', 'district_id', 'actor_id'])
      .where('action', 'in', ['account_migrated_out', 'account_migrated_in']).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'account_migrated_out', district_id: s.oldTown.id, actor_id: s.person.id },
      { action: 'account_migrated_in', district_id: s.newValley.id, actor_id: user.id },
    ]);

    // The link works once.
    const again = await guest.post(`/api/account-migration/${s.token}`).set(csrfHeaders(guest)).send({ password: TEST_PASSWORD });
    expect(again.status).toBe(404);
    expect((await guest.get(`/api/account-migration/${s.token}`)).status).toBe(404);

    // They sign in to the new district; the new admin sees them; the old one no longer does.
    const fresh = await loginAs(t.app, { email: 'pat@example.org', district_id: s.newValley.id });
    const me = await fresh.get('/api/auth/user');
    expect(me.body).toMatchObject({ district: { name: 'New Valley Unified' }, security: { roles: ['building-admin'] }, buildings: [{ id: s.newSchool.id }] });
    const list = await s.adminAgent.get('/api/user?search=pat');
    expect(list.body.data.map((u: { id: number; status: string }) => [u.id, u.status])).toEqual([[user.id, 'active']]);
    // The old district still lists the person, deactivated (security finding 10).
    const oldAdmin = await loginAs(t.app, await buildUser(t.db, { districtId: s.oldTown.id, role: 'district-admin' }));
    expect((await oldAdmin.get(`/api/user/${s.person.id}`)).body.status).toBe('disabled');
  });

  it('a caseload in the former district that ends later (not yet passed) ends too', async () => {
    const s = await setup();
    const other = await buildStaff(t.db, { districtId: s.oldTown.id, buildingId: s.oldSchool.id });
    const later = await buildCoachAssignment(t.db, { districtId: s.oldTown.id, coachId: s.person.id, staffId: other.id, startDate: '2025-08-18', endDate: '2999-06-30' });
    const guest = await guestAgent(t.app);
    expect((await guest.post(`/api/account-migration/${s.token}`).set(csrfHeaders(guest)).send({ password: TEST_PASSWORD })).status).toBe(200);
    const row = await t.db.selectFrom('coach_assignments').select('end_date').where('id', '=', later.id).executeTakeFirstOrThrow();
    expect(row.end_date! < new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('a login the former district deactivated is not moved: the link no longer works (security finding 10)', async () => {
    const s = await setup();
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', s.person.id).execute();
    const guest = await guestAgent(t.app);
    const res = await guest.post(`/api/account-migration/${s.token}`).set(csrfHeaders(guest)).send({ password: TEST_PASSWORD });
    expect(res.status).toBe(404);
    const user = await t.db.selectFrom('users').select(['status', 'district_id']).where('id', '=', s.person.id).executeTakeFirstOrThrow();
    expect(user).toEqual({ status: 'disabled', district_id: s.oldTown.id });
  });
});
